// The tabs' counts of the orders list (issue 32 §1, §5; issue 39 §2): how many of the store's
// orders within the member's scope are in each status under the list's filters (no tab).
// Measured at a million orders (docs/performance.md, "The orders list"):
// - the whole store, one filter (followed_up=none included) or a CS's own orders, over all time
//   or days of it: the folded counters (src/counts/), exact with the feed's unfolded tail,
//   summed over whole UTC days; the part-days at the ends of a range (a store's day seldom
//   begins at UTC midnight) are counted from the orders through the filter's index;
// - two of those over all time (a CS's orders under one filter, or two filters): the pair counters;
// - `stale_hours`: the pending orders created before the cut-off (counters, as a range) less
//   those of them followed up since it (few: through orders_tenant_follow_up_last);
// - `reply=new` ("balasan baru", issue 42): the orders themselves through the partial index of
//   the replies waiting (035), a small set: a reply is cleared once answered or handled;
// - a name search: up to CAP of the store's matching orders (`capped` names every status when
//   there are more: each count is then "at least"), on SQLite the latest entered, read lazily
//   from the trigram index; a search by number, phone or resi: the few orders it finds;
// - anything else (two filters and a range, three filters): the orders themselves.
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../../lib/db/db.js';
import { DAY_MS, pairOf, type Dimension } from '../../../counts/dimensions.js';
import { readCounter, type Counter, type Tally, type Values } from '../../../counts/read-counters.js';
import { flagValues } from '../../risk/flags.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';
import { filteredOrders, latestNameMatches, NO_FILTERS, type OrderFilters } from './order-filters.js';
import type { OrderSearch } from './order-search.js';
import type { OrderScope } from '../../core/order-scope.js';
import { ORDER_STATUSES, type OrderStatus } from '../../core/statuses.js';

export type StatusCounts = Record<'all' | OrderStatus, number>;

export interface OrderCounts {
  /**
   * Per status under every filter; `needs_check` (flagged, not dismissed, not spam) and `spam`:
   * the tabs "Perlu dicek" and "Spam" of the member's whole scope (no search, no filter).
   */
  counts: StatusCounts & { needs_check: number; spam: number };
  /** A name search with more than CAP matches: every status, each count "at least". Else empty. */
  capped: OrderStatus[];
}

/** A name search counts the store's newest this many matching orders at most. */
export const CAP = 1_000;

/** The statuses' counts of tallies; a `spam` tally (spam orders counted apart) is not in them. */
function countsOf(tallies: readonly Tally[]): StatusCounts {
  const counts = Object.fromEntries([['all', 0], ...ORDER_STATUSES.map((status) => [status, 0])]) as StatusCounts;
  for (const { status, n } of tallies) {
    if (status === 'spam' || !(status in counts) || status === 'all') continue;
    counts[status as OrderStatus] += n;
    counts.all += n;
  }
  return counts;
}

const spamOf = (tallies: readonly Tally[]): number => tallies.reduce((sum, t) => (t.status === 'spam' ? sum + t.n : sum), 0);

/** The dimensions and values that the scope and the filters narrow the store to (the search, the dates and stale_hours apart). */
function narrowing(scope: OrderScope, filters: OrderFilters): Array<{ dimension: Dimension; value: Values }> {
  const found: Array<{ dimension: Dimension; value: Values }> = [];
  if (scope.kind === 'assigned') found.push({ dimension: 'cs', value: String(scope.userId) });
  if (filters.productId !== null) found.push({ dimension: 'product_id', value: String(filters.productId) });
  if (filters.cs !== null) found.push({ dimension: 'cs', value: filters.cs === 'none' ? '' : String(filters.cs) });
  if (filters.paymentMethod !== null) found.push({ dimension: 'payment_method', value: filters.paymentMethod });
  if (filters.courier !== null) found.push({ dimension: 'courier', value: filters.courier });
  if (filters.province !== null) found.push({ dimension: 'province', value: filters.province });
  if (filters.utmSource !== null) found.push({ dimension: 'utm_source', value: filters.utmSource });
  if (filters.utmCampaign !== null) found.push({ dimension: 'utm_campaign', value: filters.utmCampaign });
  if (filters.notFollowedUp) found.push({ dimension: 'followed_up', value: 'none' });
  if (filters.labelPrinted !== null) found.push({ dimension: 'printed', value: filters.labelPrinted ? 'yes' : 'no' });
  if (filters.flag !== null) found.push({ dimension: 'flags', value: flagValues(filters.flag) });
  return found;
}

export async function countOrders(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<OrderCounts> {
  const main = await statusTallies(db, tenantId, scope, filters);
  // The tabs "Spam" and "Perlu dicek" count the member's whole scope (their badges, whatever the
  // view): each one read of the counters. A count of them under any filters would read the
  // flagged orders themselves (60-140 ms at a million orders).
  const plain = (Object.keys(NO_FILTERS) as Array<keyof OrderFilters>).every((key) => filters[key] === NO_FILTERS[key]);
  const spam = spamOf(plain ? main.tallies : (await statusTallies(db, tenantId, scope, NO_FILTERS)).tallies);
  const needsCheck = countsOf((await statusTallies(db, tenantId, scope, { ...NO_FILTERS, flag: 'any' })).tallies).all;
  return { counts: { ...countsOf(main.tallies), needs_check: needsCheck, spam }, capped: main.capped };
}

/** Per status under every filter, and the spam orders apart (a `spam` tally) when the filters leave them out. */
async function statusTallies(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<{ tallies: Tally[]; capped: OrderStatus[] }> {
  if (filters.search?.name) return cappedTallies(db, tenantId, scope, filters);
  // "Balasan baru": no counter folds it; the orders themselves through their partial index (few).
  if (filters.replyWaiting) return { tallies: await tallyRows(db, tenantId, scope, filters), capped: [] };
  if (filters.staleBefore !== null) return { tallies: await staleTallies(db, tenantId, scope, filters, filters.staleBefore), capped: [] };
  return { tallies: await tallies(db, tenantId, scope, filters), capped: [] };
}

async function tallies(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<Tally[]> {
  const narrowed = narrowing(scope, filters);
  // The counters hold a spam order under `spam` alone: its status is counted from the orders (few: their partial index).
  if (filters.search !== null || narrowed.length > 2 || filters.spam === 'only') return tallyRows(db, tenantId, scope, filters);
  const ranged = filters.from !== null || filters.to !== null;
  if (narrowed.length === 2) {
    const pair = pairOf(narrowed[0]!.dimension, narrowed[1]!.dimension);
    if (ranged || !pair) return tallyRows(db, tenantId, scope, filters);
    const values = pair[0] === narrowed[0]!.dimension ? [narrowed[0]!.value, narrowed[1]!.value] as const : [narrowed[1]!.value, narrowed[0]!.value] as const;
    return (await readCounter(db, tenantId, { kind: 'pair', dimensions: pair, values })) ?? tallyRows(db, tenantId, scope, filters);
  }
  const { dimension, value } = narrowed[0] ?? { dimension: 'store' as const, value: '' };
  const firstDay = filters.from === null ? null : Math.ceil(filters.from / DAY_MS) * DAY_MS;
  const endDay = filters.to === null ? null : Math.floor(filters.to / DAY_MS) * DAY_MS;
  // Within one or two UTC days: no whole day to sum.
  if (firstDay !== null && endDay !== null && firstDay >= endDay) return tallyRows(db, tenantId, scope, filters);
  const counter: Counter = { kind: 'days', dimension, value, firstDay, endDay };
  const days = await readCounter(db, tenantId, counter);
  if (days === null) return tallyRows(db, tenantId, scope, filters);
  // The part-days at the ends, counted from the orders under the same scope and filter.
  if (filters.from !== null && firstDay !== null && filters.from < firstDay) days.push(...(await tallyRows(db, tenantId, scope, { ...filters, to: firstDay })));
  if (filters.to !== null && endDay !== null && endDay < filters.to) days.push(...(await tallyRows(db, tenantId, scope, { ...filters, from: endDay })));
  return days;
}

/**
 * Stale orders are pending, created before the cut-off and not followed up since it: the pending
 * orders created before the cut-off (the counters, as a range that ends there) less those of them
 * with a follow-up since (read through the index of the last follow-up, which no status change
 * touches). Every other status counts 0.
 */
async function staleTallies(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, cutOff: number): Promise<Tally[]> {
  const before = { ...filters, staleBefore: null, to: filters.to === null ? cutOff : Math.min(filters.to, cutOff) };
  if (filters.from !== null && filters.from >= before.to) return [];
  const pending = (await tallies(db, tenantId, scope, before)).filter((t) => t.status === 'pending');
  const followedSince = await followedSinceQuery(db, tenantId, scope, before, cutOff).executeTakeFirst();
  return [...pending, { status: 'pending', n: -Number(followedSince?.n ?? 0) }];
}

/** The pending orders under the filters with a follow-up at or after the cut-off. */
export const followedSinceQuery = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, cutOff: number) =>
  filteredOrders(db, tenantId, scope, filters)
    .select(sql<number | string>`count(*)`.as('n'))
    .where('orders.status', '=', 'pending')
    .where('orders.follow_up_last_at', '>=', cutOff);

/**
 * The orders counted one by one: one row of a count per status, and the spam orders apart when
 * the filters leave them out (as the counters do). Not GROUP BY status: SQLite's planner then
 * walked the status index for its order and read every order of the store (1.5 s at 900,000)
 * instead of the filter's index.
 */
export function tallyQuery(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters) {
  if (filters.spam !== 'exclude') return filteredOrders(db, tenantId, scope, filters).select(ORDER_STATUSES.map((status) => sql<number | string>`count(*) filter (where orders.status = ${status})`.as(status)));
  return filteredOrders(db, tenantId, scope, { ...filters, spam: 'any' }).select([
    ...ORDER_STATUSES.map((status) => sql<number | string>`count(*) filter (where orders.status = ${status} and orders.spam = 0)`.as(status)),
    sql<number | string>`count(*) filter (where orders.spam <> 0)`.as('spam'),
  ]);
}

async function tallyRows(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<Tally[]> {
  const row = (await tallyQuery(db, tenantId, scope, filters).executeTakeFirst()) as Record<string, number | string> | undefined;
  return [...ORDER_STATUSES, 'spam'].map((status) => ({ status, n: Number(row?.[status] ?? 0) }));
}

/**
 * PostgreSQL: a name search's matches, the store's newest first, CAP + 1 at most, counted per
 * status: one read of the name's matches (a common name matches a tenth of a store; counting
 * every match took 1.4-3.3 s p95 at a million orders).
 */
export const cappedQuery = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters) =>
  db
    .selectFrom(
      filteredOrders(db, tenantId, scope, filters)
        .select(['orders.status', 'orders.spam'])
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(fixedLimit(CAP + 1))
        .as('found'),
    )
    .select(['found.status', 'found.spam', sql<number | string>`count(*)`.as('n')])
    .groupBy(['found.status', 'found.spam']);

/** SQLite: the store's latest entered CAP + 1 orders whose name matches, under the scope and filters. */
export const latestNamedQuery = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, name: string) =>
  latestNameMatches(db, tenantId, scope, filters, name).select(['orders.id', 'orders.status', 'orders.spam']).orderBy(sql`f.rowid`, 'desc').limit(fixedLimit(CAP + 1));

/**
 * SQLite: the name's matches in the store, the latest entered first, CAP + 1 at most, and the
 * search's other paths (a resi typed as the name: few), each order once. Which CAP + 1 of many
 * matches are counted does not matter: each count is then "at least".
 */
async function sqliteCappedTallies(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, search: OrderSearch & { name: string }): Promise<Tally[]> {
  const named = await latestNamedQuery(db, tenantId, scope, filters, search.name).execute();
  const others = { ...filters, search: { ...search, name: null } };
  const exact = Object.values(others.search).some((path) => path !== null)
    ? await filteredOrders(db, tenantId, scope, others).select(['orders.id', 'orders.status', 'orders.spam']).limit(fixedLimit(CAP + 1)).execute()
    : [];
  const statusOf = new Map([...named, ...exact].map((o) => [Number(o.id), columnOf(o, filters)]));
  return [...statusOf.values()].map((status) => ({ status, n: 1 }));
}

/** A found order's tally: `spam` apart when the filters count spam orders apart (spam: 'any'). */
const columnOf = (o: { status: string; spam: number | string }, filters: OrderFilters) => (filters.spam === 'any' && Number(o.spam) !== 0 ? 'spam' : o.status);

async function cappedTallies(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters): Promise<{ tallies: Tally[]; capped: OrderStatus[] }> {
  const search = filters.search!;
  // The spam orders counted apart, as the counters do.
  const read: OrderFilters = filters.spam === 'exclude' ? { ...filters, spam: 'any' } : filters;
  const found = isPostgres(db)
    ? (await cappedQuery(db, tenantId, scope, read).execute()).map((r) => ({ status: columnOf(r, read), n: Number(r.n) }))
    : await sqliteCappedTallies(db, tenantId, scope, read, { ...search, name: search.name! });
  // More than CAP: the counts are of CAP + 1 of them, each "at least".
  return { tallies: found, capped: found.reduce((sum, t) => sum + t.n, 0) > CAP ? [...ORDER_STATUSES] : [] };
}
