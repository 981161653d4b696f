// A name search's newest matches (issue 39 §4): the list's page. Neither planner can know how
// many orders a part of a name matches (PostgreSQL estimated 61 to 6,085 rows for names matching
// 0 to 84,000 orders of a million), so they chose the wrong one of two ways for many names:
// walking the list's index newest first and testing each order (fast for a common name, the
// whole store for a rare one: 1.2 s for "hutap") or reading every match (PostgreSQL through
// pg_trgm's GIN, SQLite through the FTS5 trigram table, every store's) and sorting them (fast for
// a rare name, 0.9 s for "wib"; 5-27 ms of SQLite's CPU for a common one at a million). So the
// choice is made here, without counting first:
// 1. walk: the newest `window` orders under the other filters (the list's own index, as the
//    plain list), testing each against the search (ILIKE, SQLite's LIKE); a name that fills the
//    page in them is done, and the walk stops there;
// 2. else, when the walk saw the whole filtered set (fewer than `window` orders), it is done too;
// 3. else the name is rare among the newest orders: the matches older than the walk's last order
//    are read through the name's own index (a materialized CTE with no ORDER BY or LIMIT, so the
//    planner has no walk to choose) and sorted.
// The result is the plain query's: the same rows in the same order (name-search.api.test.ts).
import { sql, type SqlBool } from 'kysely';
import { isPostgres, type Db } from '../../../lib/db/db.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';
import { keysetPage, type Position } from '../../../lib/db/keyset.js';
import type { Database } from '../../../lib/db/schema.js';
import { filteredOrders, searchMatches, type OrderFilters } from './order-filters.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';

export type OrderColumn = `orders.${keyof Database['orders'] & string}`;
type Row = Record<string, unknown>;

const KEYSET = { key: 'orders.created_at', id: 'orders.id' } as const;

/** The store's orders under the filters (the search too, if they hold one) and the tab. */
function tabbed(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, status: OrderStatus | null) {
  const filtered = filteredOrders(db, tenantId, scope, filters);
  return status === null ? filtered : filtered.where('orders.status', '=', status);
}

/** The walk: the newest `window` orders under the other filters (after `after`), newest first. */
const walked = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, status: OrderStatus | null, after: Position | null, window: number) =>
  keysetPage(tabbed(db, tenantId, scope, { ...filters, search: null }, status), KEYSET, after, window - 1);

/**
 * 1. The walk's orders that the search finds, newest first, read as the walk goes so that it
 * stops once the page is full. PostgreSQL: with each order's `place` in the window, and the
 * window's last order among them (a window function it computes as it walks: the end of the
 * window comes in the same read), `wanted + 1` at most. SQLite computes a window function over
 * the whole window first: the hits alone, `wanted` at most, and the window's end apart (2).
 */
export function walkQuery(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, status: OrderStatus | null, after: Position | null, wanted: number, window: number, columns: readonly OrderColumn[]) {
  const search = filters.search!;
  const tested = walked(db, tenantId, scope, filters, status, after, window)
    .select(columns)
    .select((eb) => sql<boolean>`${searchMatches(eb, search, isPostgres(db))}`.as('hit'));
  if (!isPostgres(db)) return db.selectFrom(tested.as('w')).selectAll().where(sql<SqlBool>`w.hit`).orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').limit(fixedLimit(wanted));
  return db
    .selectFrom(db.selectFrom(tested.as('w')).selectAll().select(sql<string>`row_number() over (order by w.created_at desc, w.id desc)`.as('place')).as('x'))
    .selectAll()
    .where(sql<SqlBool>`x.hit or x.place = ${window}`)
    .orderBy('x.created_at', 'desc')
    .orderBy('x.id', 'desc')
    .limit(fixedLimit(wanted + 1));
}

/** 2. SQLite: the walk's last order when it was full (its window-th), else none: the walk saw every order the filters keep. */
export const windowEndQuery = (db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, status: OrderStatus | null, after: Position | null, window: number) =>
  walked(db, tenantId, scope, filters, status, after, window).select(['orders.created_at', 'orders.id']).offset(fixedLimit(window - 1));

/**
 * 3. The matches older than `before` (the window's last order), through the search's own
 * indexes: a materialized CTE with no ORDER BY or LIMIT, so that the planner has no walk to
 * choose; then sorted, `wanted` at most.
 */
export function olderMatchesQuery(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, status: OrderStatus | null, before: Position, wanted: number, columns: readonly OrderColumn[]) {
  // The search through its own indexes (filteredOrders: PostgreSQL's OR of the paths, SQLite's ids of each path).
  const older = tabbed(db, tenantId, scope, filters, status)
    .where(sql<SqlBool>`(orders.created_at, orders.id) < (${before.key}, ${before.id})`)
    .select(columns);
  return db
    .with((cte) => cte('found').materialized(), () => older)
    .selectFrom('found')
    .selectAll()
    .orderBy(sql.ref('found.created_at'), 'desc')
    .orderBy(sql.ref('found.id'), 'desc')
    .limit(fixedLimit(wanted));
}

/**
 * The first `wanted` rows of the plain query (filteredOrders with the search, the tab, after
 * `after`, newest first) with `columns`, which must hold orders.created_at and orders.id.
 * The filters hold a search. `window`: how many orders the walk reads at most.
 */
export async function newestMatches(
  db: Db,
  tenantId: number,
  scope: OrderScope,
  filters: OrderFilters,
  status: OrderStatus | null,
  after: Position | null,
  wanted: number,
  window: number,
  columns: readonly OrderColumn[],
): Promise<Row[]> {
  if (!filters.search) throw new Error('newestMatches needs a search');
  const rows = (await walkQuery(db, tenantId, scope, filters, status, after, wanted, window, columns).execute()) as Row[];
  const strip = ({ hit: _hit, place: _place, ...row }: Row): Row => row;
  // PostgreSQL answers a boolean, SQLite 1 or 0.
  const hits = rows.filter((r) => Number(r.hit) === 1);
  if (hits.length >= wanted) return hits.slice(0, wanted).map(strip);
  // Fewer hits than wanted: the walk read its whole window, or every order the filters keep.
  const last = isPostgres(db) ? rows.find((r) => Number(r.place) === window) : await windowEndQuery(db, tenantId, scope, filters, status, after, window).executeTakeFirst();
  if (!last) return hits.map(strip);
  const before = { key: Number(last.created_at), id: Number(last.id) };
  const rest = (await olderMatchesQuery(db, tenantId, scope, filters, status, before, wanted - hits.length, columns).execute()) as Row[];
  return [...hits.map(strip), ...rest];
}
