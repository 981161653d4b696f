// Reading the change feed in order. SQLite has one writer at a time: ids commit in order, and a
// reader of `id > position` misses nothing. PostgreSQL's ids come from a sequence and commit out
// of order: a reader of `id > position` could pass a row that commits a moment later with a
// smaller id, and lose it for good. So each row carries its transaction's id (txid), the feed is
// read in (txid, id) order, and a settled read takes only rows of transactions older than every
// transaction still running (pg_snapshot_xmin of the statement's snapshot): no row can appear
// behind what it returns.
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { prepareQuery, preparedPerLimit } from '../lib/db/prepared.js';
import { FEED_COLUMNS, feedRowOf, type FeedPosition, type FeedRow } from './feed-row.js';

export interface FeedRead {
  /** Only this store's rows. */
  tenantId?: number;
  /** Only these stores' rows. */
  tenantIds?: readonly number[];
  /** PostgreSQL: rows visible in this snapshot are skipped (a consumer's backfill saw them). */
  snapshot?: string | null;
  /**
   * True: only rows no running transaction can precede (a consumer's batch, whose position then
   * moves past them for good). False: every committed row after the position (the unfolded tail
   * read beside the folded counters in one snapshot).
   */
  settled: boolean;
  /** Up to and including this position. */
  upTo?: FeedPosition;
  /** Only where the rows are (their old and new values null). */
  positionOnly?: boolean;
}

const after = (db: Db | Tx, p: FeedPosition) => (isPostgres(db) ? sql<boolean>`(txid, id) > (${p.txid}, ${p.id})` : sql<boolean>`id > ${p.id}`);
const upTo = (db: Db | Tx, p: FeedPosition) => (isPostgres(db) ? sql<boolean>`(txid, id) <= (${p.txid}, ${p.id})` : sql<boolean>`id <= ${p.id}`);
const XMIN = sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/** The query of the rows after `from`, in feed order, at most `limit` (the columns of `read`). */
function feedQuery(db: Db | Tx, from: FeedPosition, limit: number, read: FeedRead) {
  const columns = read.positionOnly ? db.selectFrom('order_feed').select(isPostgres(db) ? ['txid', 'id', 'tenant_id', 'order_id', 'at'] : ['id', 'tenant_id', 'order_id', 'at']) : db.selectFrom('order_feed').selectAll();
  let query = columns.where(after(db, from)).limit(fixedLimit(limit));
  if (read.tenantId !== undefined) query = query.where('tenant_id', '=', read.tenantId);
  if (read.tenantIds !== undefined) query = query.where('tenant_id', 'in', read.tenantIds);
  if (read.upTo) query = query.where(upTo(db, read.upTo));
  if (isPostgres(db)) {
    if (read.settled) query = query.where(sql<boolean>`txid < ${XMIN}`);
    if (read.snapshot) query = query.where(sql<boolean>`not pg_visible_in_snapshot(txid::text::xid8, ${read.snapshot}::pg_snapshot)`);
    return query.orderBy('txid').orderBy('id');
  }
  return query.orderBy('id');
}

// SQLite, a consumer's batch (every store's rows after a position): prepared, one query per batch
// size. Built and compiled by Kysely on every batch, this read cost a status change 12 us of the
// counts consumer's fold; prepared, its rows come as arrays.
const sqliteBatch = preparedPerLimit((limit) =>
  prepareQuery((db: Db, a: { after: number }) => db.selectFrom('order_feed').select(FEED_COLUMNS).where('id', '>', a.after).orderBy('id').limit(fixedLimit(limit))),
);

/** SQLite, a read of every store's rows with no end: the prepared queries serve it. */
const preparedOnSqlite = (db: Db | Tx, read: FeedRead) => !isPostgres(db) && read.tenantId === undefined && read.tenantIds === undefined && !read.upTo;

/** The rows after `from`, in feed order, at most `limit`. */
export async function readFeed(db: Db | Tx, from: FeedPosition, limit: number, read: FeedRead): Promise<FeedRow[]> {
  if (preparedOnSqlite(db, read) && !read.positionOnly) return (await sqliteBatch(limit).all(db, { after: from.id })).map(feedRowOf);
  const rows = await feedQuery(db, from, limit, read).execute();
  if (read.positionOnly) return rows.map((r) => ({ position: { txid: Number(r.txid ?? 0), id: Number(r.id) }, tenantId: Number(r.tenant_id), orderId: Number(r.order_id), at: Number(r.at), source: null, old: null, new: null }));
  return rows.map((r) => feedRowOf(r as Parameters<typeof feedRowOf>[0]));
}

// SQLite, where a consumer's batch ends: prepared too, an aggregate instead of a window over the
// batch (248 us a batch through Kysely).
const sqliteEnd = preparedPerLimit((limit) =>
  prepareQuery((db: Db, a: { after: number }) =>
    db
      .selectFrom(db.selectFrom('order_feed').select('id').where('id', '>', a.after).orderBy('id').limit(fixedLimit(limit)).as('batch'))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('batch.id').as('id')]),
  ),
);

/** How many rows the same read would return, and the last one's position (null: none): one row to Node instead of the batch. */
export async function batchEnd(db: Db | Tx, from: FeedPosition, limit: number, read: FeedRead): Promise<{ rows: number; last: FeedPosition } | null> {
  if (preparedOnSqlite(db, read)) {
    const end = await sqliteEnd(limit).first(db, { after: from.id });
    return end && Number(end.n) > 0 ? { rows: Number(end.n), last: { txid: 0, id: Number(end.id) } } : null;
  }
  const batch = feedQuery(db, from, limit, { ...read, positionOnly: true }).as('batch');
  const row = await db
    .selectFrom(batch)
    .select(isPostgres(db) ? ['batch.txid', 'batch.id'] : ['batch.id'])
    .select(sql<number | string>`count(*) over ()`.as('n'))
    .$call((q) => (isPostgres(db) ? q.orderBy('batch.txid', 'desc').orderBy('batch.id', 'desc') : q.orderBy('batch.id', 'desc')))
    .limit(fixedLimit(1))
    .executeTakeFirst();
  if (!row) return null;
  const r = row as { txid?: number | string; id: number | string; n: number | string };
  return { rows: Number(r.n), last: { txid: Number(r.txid ?? 0), id: Number(r.id) } };
}

/** How many rows follow `from` (less those `snapshot` saw), counting up to `max` (then `max`). */
export async function countAfter(db: Db | Tx, from: FeedPosition, max: number, snapshot: string | null = null): Promise<number> {
  let rows = db.selectFrom('order_feed').select(sql<number>`1`.as('one')).where(after(db, from)).limit(fixedLimit(max));
  if (snapshot && isPostgres(db)) rows = rows.where(sql<boolean>`not pg_visible_in_snapshot(txid::text::xid8, ${snapshot}::pg_snapshot)`);
  const row = await db.selectFrom(rows.as('tail')).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Where a reader starts that wants only what commits from now on. PostgreSQL: before every
 * transaction still running (a change committed just before may come again: readers take a
 * change twice without harm, never miss one).
 */
export async function feedEnd(db: Db | Tx): Promise<FeedPosition> {
  if (isPostgres(db)) {
    const row = await sql<{ xmin: string }>`select ${XMIN} as xmin`.execute(db);
    return { txid: Number(row.rows[0]!.xmin) - 1, id: Number.MAX_SAFE_INTEGER };
  }
  const row = await db.selectFrom('order_feed').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return { txid: 0, id: Number(row?.id ?? 0) };
}

/** Whether the feed still holds the row at `position` (it was not pruned). */
export async function feedHolds(db: Db | Tx, position: FeedPosition): Promise<boolean> {
  let query = db.selectFrom('order_feed').select('id').where('id', '=', position.id);
  if (isPostgres(db)) query = query.where('txid', '=', position.txid);
  return (await query.executeTakeFirst()) !== undefined;
}
