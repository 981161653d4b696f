// The filters the orders list and its counts share (issue 32 §1, §5): the search, the created
// date range (inclusive days in the store's time zone), product, CS, payment method, courier,
// province, UTM source and campaign, whether a label was printed. Read once from the query (readOrderFilters), then applied
// to a query on the store's orders within the member's scope (filteredOrders), so the list and
// the counts cannot disagree on what a filter means.
//
// Each filter is an equality on a column with an index (tenant_id, column, created_at, id,
// status) of its own (migration 020): the list walks it newest first, the counts read it alone.
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type Expression } from 'kysely';
import { isPostgres, type Db } from '../../../lib/db/db.js';
import type { Database } from '../../../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { localDayStart } from '../../../lib/time.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';
import { parseOrderSearch, type OrderSearch, type SearchCode } from './order-search.js';
import { flagValues, type FlagFilter } from '../../risk/flags.js';

/** The filters as the route's query gives them (list-schemas.ts checked their form). */
export interface FilterQuery {
  q?: string;
  from?: string;
  to?: string;
  product_id?: number;
  cs?: string;
  payment_method?: string;
  courier?: string;
  province?: string;
  utm_source?: string;
  utm_campaign?: string;
  followed_up?: 'none';
  printed?: 'false' | 'true';
  stale_hours?: number;
  reply?: 'new';
  flag?: FlagFilter;
  spam?: 'only';
}

export interface OrderFilters {
  search: OrderSearch | null;
  /** Epoch ms, inclusive: the first instant of `from` in the store's time zone. */
  from: number | null;
  /** Epoch ms, exclusive: the first instant of the day after `to`. */
  to: number | null;
  productId: number | null;
  /** A member's user id, or 'none' for the unassigned orders. */
  cs: number | 'none' | null;
  paymentMethod: string | null;
  courier: string | null;
  province: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** `followed_up=none`: only orders that never had a follow-up. */
  notFollowedUp: boolean;
  /** `printed=true|false`: only orders whose label was (not) printed (orders.label_printed, 038). */
  labelPrinted: boolean | null;
  /** `stale_hours=N`: epoch ms, now less N hours: pending orders with no follow-up since (never followed up: created before it). */
  staleBefore: number | null;
  /** `reply=new`: only orders whose buyer wrote and nobody answered yet ("balasan baru", orders.buyer_reply_at). */
  replyWaiting: boolean;
  /** `flag=`: only orders with this flag (or `any` flag) not dismissed (src/risk/flags.ts). */
  flag: FlagFilter | null;
  /** Spam orders: left out (the default), `only` them (`spam=only`), or `any` (counted apart: tallyQuery). */
  spam: 'exclude' | 'only' | 'any';
}

/** No search and no filter: the whole store. */
export const NO_FILTERS: OrderFilters = Object.freeze({
  search: null,
  from: null,
  to: null,
  productId: null,
  cs: null,
  paymentMethod: null,
  courier: null,
  province: null,
  utmSource: null,
  utmCampaign: null,
  notFollowedUp: false,
  labelPrinted: null,
  staleBefore: null,
  replyWaiting: false,
  flag: null,
  spam: 'exclude',
});

export type FilterCode = SearchCode | 'invalid_from' | 'invalid_to' | 'dates_reversed';

const HOUR_MS = 3_600_000;

/** `now`: the clock's, for `stale_hours`. */
export function readOrderFilters(query: FilterQuery, timeZone: string, now: number): Outcome<OrderFilters, FilterCode> {
  const search = parseOrderSearch(query.q);
  if (!search.ok) return search;
  const from = query.from === undefined ? null : localDayStart(query.from, timeZone, 0);
  if (query.from !== undefined && from === null) return refuse('invalid_from', 'from must be a date, YYYY-MM-DD');
  const to = query.to === undefined ? null : localDayStart(query.to, timeZone, 1);
  if (query.to !== undefined && to === null) return refuse('invalid_to', 'to must be a date, YYYY-MM-DD');
  if (from !== null && to !== null && from >= to) return refuse('dates_reversed', 'from must not be after to');
  return succeed({
    search: search.value,
    from,
    to,
    productId: query.product_id ?? null,
    cs: query.cs === undefined ? null : query.cs === 'none' ? 'none' : Number(query.cs),
    paymentMethod: query.payment_method ?? null,
    courier: query.courier ?? null,
    province: query.province ?? null,
    utmSource: query.utm_source ?? null,
    utmCampaign: query.utm_campaign ?? null,
    notFollowedUp: query.followed_up === 'none',
    labelPrinted: query.printed === undefined ? null : query.printed === 'true',
    staleBefore: query.stale_hours === undefined ? null : now - query.stale_hours * HOUR_MS,
    replyWaiting: query.reply === 'new',
    flag: query.flag ?? null,
    spam: query.spam === 'only' ? 'only' : 'exclude',
  });
}

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

// LIKE's wildcards and its escape character, taken literally.
const likePart = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// An FTS5 phrase: the text in double quotes, its own double quotes doubled. The trigram
// tokenizer matches a phrase anywhere in the name, whatever its case.
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * How SQLite is to use a search. 'matches' reads the orders the search finds (by number, phone,
 * resi and name, each through its index; a name's matches in any store, FTS5 holding no store)
 * and sorts them: the way for few. 'walk' walks the list's index newest first and tests each
 * order against what the search finds, stopping when the page is full: the way for a name with
 * many matches (33,000 of "siti": 4 ms instead of 47 ms of CPU at 900,000 orders), since
 * 'matches' grows with their count and 'walk' is bounded by the store's size (42 ms for a name
 * no order of the store has). PostgreSQL's planner weighs this itself from its statistics.
 *
 * SQLite has no statistics here (Lapak runs no ANALYZE): its planner takes `tenant_id = ?` for a
 * handful of rows and would read the whole store through any index rather than the search's
 * few rows. So the plan is written into the query: for 'matches' the store is tested with
 * `+tenant_id` (unary plus: no index may serve the term) and the search is `id IN (...)`, the one
 * term an index (the primary key) can serve; for 'walk' the search is `+id IN (...)`.
 */
export type SearchPlan = 'matches' | 'walk';

/** More matches than this in all stores: SQLite walks (the two ways cost the same near 1,300 at 900,000 orders). */
const WALK_FROM_MATCHES = 2_000;

// Counted up to the threshold only: the choice needs no more (a common name's full count cost 3-15 ms).
const nameMatchCount = (db: Db, name: string) =>
  sql<{ n: number }>`select count(*) as n from (select 1 from orders_name_fts where orders_name_fts match ${ftsPhrase(name)} limit ${sql.lit(WALK_FROM_MATCHES + 1)})`.execute(db);

/** The plan for the list's search (SQLite counts a name's matches first, up to the threshold: under a millisecond). */
export async function searchPlanFor(db: Db, filters: OrderFilters): Promise<SearchPlan> {
  const name = filters.search?.name;
  if (!name || isPostgres(db)) return 'matches';
  const [row] = (await nameMatchCount(db, name)).rows;
  return Number(row?.n ?? 0) > WALK_FROM_MATCHES ? 'walk' : 'matches';
}

/**
 * Orders whose buyer's phone ends with `tail` (digits only): the last four through the index of
 * the phones' last four digits (migration 031, the same expression on both backends), the rest
 * tested on the few orders it finds.
 */
const phoneTailMatches = (tail: string) =>
  sql<SqlBool>`substr(orders.customer_phone, length(orders.customer_phone) - 3) = ${tail.slice(-4)} and orders.customer_phone like ${`%${tail}`}`;

/**
 * SQLite: the ids the search finds, one SELECT per path on its own index, the name through the
 * FTS5 trigram table as `SELECT rowid ... MATCH`, never a join (a join made the planner walk
 * every order of the store and probe the FTS table for each: orders.md).
 */
function foundIds(tenantId: number, search: OrderSearch) {
  const paths = [];
  if (search.orderId !== null) paths.push(sql`select id from orders where tenant_id = ${tenantId} and id = ${search.orderId}`);
  if (search.phone !== null) paths.push(sql`select id from orders where tenant_id = ${tenantId} and customer_phone = ${search.phone}`);
  if (search.resi !== null) paths.push(sql`select id from orders where tenant_id = ${tenantId} and lower(resi) = lower(${search.resi})`);
  if (search.phoneTail !== null) paths.push(sql`select id from orders where tenant_id = ${tenantId} and ${phoneTailMatches(search.phoneTail)}`);
  if (search.name !== null) paths.push(sql`select rowid from orders_name_fts where orders_name_fts match ${ftsPhrase(search.name)}`);
  return sql<number>`(${sql.join(paths, sql` union all `)})`;
}

/** SQLite: the ids of the store's orders whose buyer's reply waits, through their partial index (035). */
const repliesWaiting = (tenantId: number) => sql<number>`(select id from orders where tenant_id = ${tenantId} and buyer_reply_at is not null)`;

/**
 * The paths as one OR, tested on each order. PostgreSQL serves it by a BitmapOr or a walk, the
 * name by ILIKE over pg_trgm's GIN. SQLite uses it only on orders it walks (name-search.ts): the
 * name by LIKE, which ignores the case of ASCII letters as the trigram table does.
 */
export function searchMatches(eb: ExpressionBuilder<Database, 'orders'>, search: OrderSearch, postgres: boolean): Expression<SqlBool> {
  const paths: Expression<SqlBool>[] = [];
  if (search.orderId !== null) paths.push(eb('orders.id', '=', search.orderId));
  if (search.phone !== null) paths.push(eb('orders.customer_phone', '=', search.phone));
  if (search.resi !== null) paths.push(sql<SqlBool>`lower(orders.resi) = lower(${search.resi})`);
  if (search.phoneTail !== null) paths.push(phoneTailMatches(search.phoneTail));
  if (search.name !== null) paths.push(postgres ? sql<SqlBool>`orders.customer_name ilike ${likePart(search.name)}` : sql<SqlBool>`orders.customer_name like ${likePart(search.name)} escape '\\'`);
  return eb.or(paths);
}

/** The store's orders within the scope that the filters keep (no columns selected yet). */
export function filteredOrders(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, plan: SearchPlan = 'matches'): OrdersQuery {
  const { search } = filters;
  let query: OrdersQuery = db.selectFrom('orders');
  // SQLite would rather walk the store newest first than sort the few replies waiting: the plan
  // is written into the query as for a search's matches (`+tenant_id`, the ids from the index).
  if (!search && filters.replyWaiting && !isPostgres(db)) query = query.where(sql<SqlBool>`+orders.tenant_id = ${tenantId}`).where('orders.id', 'in', repliesWaiting(tenantId));
  else if (!search) query = query.where('orders.tenant_id', '=', tenantId);
  else if (isPostgres(db)) query = query.where('orders.tenant_id', '=', tenantId).where((eb) => searchMatches(eb, search, true));
  else if (plan === 'matches') query = query.where(sql<SqlBool>`+orders.tenant_id = ${tenantId}`).where('orders.id', 'in', foundIds(tenantId, search));
  else query = query.where('orders.tenant_id', '=', tenantId).where(sql<SqlBool>`+orders.id in ${foundIds(tenantId, search)}`);
  return narrowed(db, query, scope, filters);
}

/**
 * SQLite, a name search's path alone: the store's matching orders within the scope that the
 * filters keep, the latest entered first, when the caller orders by `f.rowid desc` (FTS5 then
 * reads the trigram's matches backwards, lazily, and each one's order is found by its id: a
 * LIMIT stops the read early). The 'walk' and 'matches' plans gather the matches of every store
 * first (10-23 ms of CPU for a common name at a million orders). The order's id stands for when
 * it was entered: the order of a count's sample, never of a list (created_at may be set by an import).
 */
export function latestNameMatches(db: Db, tenantId: number, scope: OrderScope, filters: OrderFilters, name: string): OrdersQuery {
  // Unary plus: no index of orders may serve the store (every one begins with tenant_id), so
  // the planner starts from the FTS table and finds each order by its primary key. The join adds
  // no column the filters read: the query stays an orders query for them.
  const joined = db.selectFrom('orders').innerJoin(sql`orders_name_fts`.as('f'), (join) => join.on(sql<SqlBool>`f.rowid = orders.id`)) as unknown as OrdersQuery;
  return narrowed(db, joined.where(sql<SqlBool>`f.orders_name_fts match ${ftsPhrase(name)}`).where(sql<SqlBool>`+orders.tenant_id = ${tenantId}`), scope, filters);
}

type EqualityColumn = 'assigned_user_id' | 'product_id' | 'payment_method' | 'courier' | 'customer_province' | 'utm_source' | 'utm_campaign';

/** The scope and the filters but the search (filteredOrders' and latestNameMatches' common part). */
function narrowed(db: Db, query: OrdersQuery, scope: OrderScope, filters: OrderFilters): OrdersQuery {
  // Under a flag, SQLite (no statistics) is to read the flagged orders' covering index (037,
  // tenant_id and spam first) alone, and under `spam=only` the spam orders' index: the other
  // filters' equalities are written `+column`, which no index may serve, so it does not walk a
  // common product's or CS's orders row by row instead.
  const pinned = (filters.flag !== null || filters.spam === 'only') && filters.search === null && !isPostgres(db);
  const equals = (column: EqualityColumn, value: string | number): OrdersQuery =>
    pinned ? query.where(sql<SqlBool>`+${sql.ref(`orders.${column}`)} = ${value}`) : query.where(`orders.${column}`, '=', value);
  if (scope.kind === 'assigned') query = pinned ? equals('assigned_user_id', scope.userId) : inScope(query, scope);
  // The range too: else the store's (tenant_id, created_at) index would serve it.
  if (filters.from !== null) query = query.where(pinned ? sql<SqlBool>`+orders.created_at >= ${filters.from}` : sql<SqlBool>`orders.created_at >= ${filters.from}`);
  if (filters.to !== null) query = query.where(pinned ? sql<SqlBool>`+orders.created_at < ${filters.to}` : sql<SqlBool>`orders.created_at < ${filters.to}`);
  if (filters.productId !== null) query = equals('product_id', filters.productId);
  if (filters.cs === 'none') query = query.where(pinned ? sql<SqlBool>`+orders.assigned_user_id is null` : sql<SqlBool>`orders.assigned_user_id is null`);
  else if (filters.cs !== null) query = equals('assigned_user_id', filters.cs);
  if (filters.paymentMethod !== null) query = equals('payment_method', filters.paymentMethod);
  if (filters.courier !== null) query = equals('courier', filters.courier);
  if (filters.province !== null) query = equals('customer_province', filters.province);
  if (filters.utmSource !== null) query = equals('utm_source', filters.utmSource);
  if (filters.utmCampaign !== null) query = equals('utm_campaign', filters.utmCampaign);
  // Written as a constant, not a parameter, so both planners may use the partial index of the
  // orders never followed up (025), whose predicate is exactly this.
  if (filters.notFollowedUp) query = query.where(pinned ? sql<SqlBool>`+orders.follow_up_count = 0` : sql<SqlBool>`orders.follow_up_count = 0`);
  // No index: a list walks its other index newest first and tests each order (most orders of a
  // view are alike here: the recent ones unprinted, the older ones printed).
  if (filters.labelPrinted !== null) query = query.where(sql<SqlBool>`orders.label_printed = ${sql.lit(filters.labelPrinted ? 1 : 0)}`);
  // The partial index of the replies waiting (035) has exactly this predicate; the set is small
  // (a reply is cleared once answered or handled), so its rows are read and sorted.
  if (filters.replyWaiting) query = query.where(sql<SqlBool>`orders.buyer_reply_at is not null`);
  // Written as the predicates of the partial indexes of the flagged and the spam orders (037).
  if (filters.flag !== null) {
    query = query.where(sql<SqlBool>`orders.flags <> ''`);
    if (filters.flag !== 'any') query = query.where('orders.flags', 'in', flagValues(filters.flag));
  }
  if (filters.spam === 'exclude') query = query.where(sql<SqlBool>`orders.spam = 0`);
  else if (filters.spam === 'only') query = query.where(sql<SqlBool>`orders.spam = 1`);
  // Spam and not, counted apart (tallyQuery): said as a term on the flagged orders' index's
  // second column, so that SQLite's planner weighs that index above the store's (tenant_id, created_at).
  else if (pinned) query = query.where(sql<SqlBool>`orders.spam in (0, 1)`);
  if (filters.staleBefore !== null) {
    // Pending, and no follow-up since the cut-off. An order's last contact is never before its
    // creation, so a stale order was created before the cut-off too: the tab's index (020) walks
    // the pending orders from the cut-off back and tests only their follow-up time. SQLite (no
    // statistics) would rather walk every order of the store before the cut-off through
    // (tenant_id, created_at): the cut-off is written `+created_at` there, which no index serves,
    // so it walks the pending orders newest first and skips the few created since the cut-off.
    const before = filters.staleBefore;
    query = query
      .where('orders.status', '=', 'pending')
      .where(isPostgres(db) ? sql<SqlBool>`orders.created_at < ${before}` : sql<SqlBool>`+orders.created_at < ${before}`)
      .where((eb) => eb.or([eb('orders.follow_up_last_at', 'is', null), eb('orders.follow_up_last_at', '<', before)]));
  }
  return query;
}
