// The tabs' counts of the orders list (issue 32 §1, §5): how many of the store's orders within
// the member's scope are in each status under the list's filters (no tab). Measured at a
// million orders (docs/benchmarks.md, "The orders list"):
// - the whole store, one filter, or a CS's own orders, over all time or days of it: the counters
//   of migration 020 (order_counts: per UTC day of creation, status and filter value, kept by
//   triggers in the transaction of every write), summed over whole UTC days; the part-days at
//   the ends of a range (a store's day seldom begins at UTC midnight) are counted from the
//   orders through the filter's index;
// - a search, or two filters or more: the orders themselves.
import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import { DAY_MS, type Dimension } from '../lib/db/migrations/020-orders-list.js';
import { filteredOrders, type OrderFilters } from './order-filters.js';
import type { OrderScope } from './order-scope.js';
import { ORDER_STATUSES, type OrderStatus } from './statuses.js';

export type StatusCounts = Record<'all' | OrderStatus, number>;

type Tally = { status: string; n: number | string };

function countsOf(tallies: readonly Tally[]): StatusCounts {
  const counts = Object.fromEntries([['all', 0], ...ORDER_STATUSES.map((status) => [status, 0])]) as StatusCounts;
  for (const { status, n } of tallies) {
    const value = Number(n);
    if (status !== 'all' && status in counts) counts[status as OrderStatus] += value;
    counts.all += value;
  }
  return counts;
}

/** The one counter row set that holds the count asked for, or null when none does. */
function counterFor(scope: OrderScope, filters: OrderFilters): { dimension: Dimension; value: string } | null {
  // No counters of follow-ups: counted from the orders through the list's own indexes.
  if (filters.search !== null || filters.notFollowedUp || filters.staleBefore !== null) return null;
  const narrowing: { dimension: Dimension; value: string }[] = [];
  if (scope.kind === 'assigned') narrowing.push({ dimension: 'cs', value: String(scope.userId) });
  if (filters.productId !== null) narrowing.push({ dimension: 'product_id', value: String(filters.productId) });
  if (filters.cs !== null) narrowing.push({ dimension: 'cs', value: filters.cs === 'none' ? '' : String(filters.cs) });
  if (filters.paymentMethod !== null) narrowing.push({ dimension: 'payment_method', value: filters.paymentMethod });
  if (filters.courier !== null) narrowing.push({ dimension: 'courier', value: filters.courier });
  if (filters.province !== null) narrowing.push({ dimension: 'province', value: filters.province });
  if (filters.utmSource !== null) narrowing.push({ dimension: 'utm_source', value: filters.utmSource });
  if (filters.utmCampaign !== null) narrowing.push({ dimension: 'utm_campaign', value: filters.utmCampaign });
  if (narrowing.length > 1) return null;
  return narrowing[0] ?? { dimension: 'store', value: '' };
}

export async function countOrders(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<StatusCounts> {
  const counter = counterFor(scope, filters);
  if (counter === null) return countsOf(await tallyRows(db, tenantId, scope, filters));

  const firstDay = filters.from === null ? null : Math.ceil(filters.from / DAY_MS) * DAY_MS;
  const endDay = filters.to === null ? null : Math.floor(filters.to / DAY_MS) * DAY_MS;
  // Within one or two UTC days: no whole day to sum.
  if (firstDay !== null && endDay !== null && firstDay >= endDay) return countsOf(await tallyRows(db, tenantId, scope, filters));
  const tallies: Tally[] = [...(await daysQuery(db, tenantId, counter, firstDay, endDay).execute())];
  // The part-days at the ends, counted from the orders under the same scope and filter.
  if (filters.from !== null && firstDay !== null && filters.from < firstDay) tallies.push(...(await tallyRows(db, tenantId, scope, { ...filters, to: firstDay })));
  if (filters.to !== null && endDay !== null && endDay < filters.to) tallies.push(...(await tallyRows(db, tenantId, scope, { ...filters, from: endDay })));
  return countsOf(tallies);
}

/**
 * The orders counted one by one: one row of a count per status. Not GROUP BY status: SQLite's
 * planner then walked the status index for its order and read every order of the store (1.5 s at
 * 900,000) instead of the filter's index.
 */
export const tallyQuery = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters) =>
  filteredOrders(db, tenantId, scope, filters).select(
    ORDER_STATUSES.map((status) => sql<number | string>`count(*) filter (where orders.status = ${status})`.as(status)),
  );

async function tallyRows(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<Tally[]> {
  const row = (await tallyQuery(db, tenantId, scope, filters).executeTakeFirst()) as Record<OrderStatus, number | string> | undefined;
  return ORDER_STATUSES.map((status) => ({ status, n: row?.[status] ?? 0 }));
}

/** The counters of whole UTC days from `firstDay` (inclusive) to `endDay` (exclusive), null for no bound, per status. */
export function daysQuery(db: Db, tenantId: number, counter: { dimension: Dimension; value: string }, firstDay: number | null, endDay: number | null) {
  let days = db
    .selectFrom('order_counts')
    .select(['status', sql<number | string>`sum(count)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('dimension', '=', counter.dimension)
    .where('value', '=', counter.value)
    .groupBy('status');
  if (firstDay !== null) days = days.where('day', '>=', firstDay);
  if (endDay !== null) days = days.where('day', '<', endDay);
  return days;
}
