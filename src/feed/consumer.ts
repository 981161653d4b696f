// A consumer of the change feed: something derived from orders' changes (the tab counters, the
// live list's wake-up, later messages to plan and insights' totals), folded off the write path in
// batches by a worker of the one runner (docs/jobs.md, "Adding a feed consumer"). Its position
// moves in the transaction of what it writes, so each change is folded exactly once and a crash
// resumes where the last commit left it. One process folds a consumer at a time: SQLite's one
// writer, PostgreSQL's transaction-level advisory lock on the consumer's name (a second process
// skips its round).
import { sql } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import type { FeedPosition, FeedRow } from './feed-row.js';
import { batchEnd, feedEnd, readFeed } from './read-feed.js';

export interface FeedConsumer {
  /** Its name in `lapak work --only`, feed_consumers, /metrics and /readyz. */
  readonly name: string;
  /** Rows folded in one transaction at most. */
  readonly batch: number;
  /**
   * 'position': the consumer needs only to know that rows came, not what they hold: its fold
   * gets no rows, and the batch is read as where it ends (one row to Node).
   */
  readonly reads?: 'values' | 'position';
  /** The pause after a round that found less than a batch (default FEED_POLL_MS of feed-worker.ts). */
  readonly pollMs?: number;
  /**
   * Only some stores' changes matter (the stores that use the feature): their ids, read in the
   * fold's transaction. The batch's other rows are passed over (their values never read), and
   * the position still moves past them. Absent: every store's.
   */
  stores?(tx: Tx): Promise<readonly number[]>;
  /** Writes what the rows make, in the fold's transaction (rows in feed order, at least one; none for 'position', and possibly none with `stores`). */
  fold(tx: Tx, rows: readonly FeedRow[]): Promise<void>;
  /**
   * Builds what the consumer keeps from the orders as they are, for its first run (a consumer
   * added later): in one transaction whose snapshot also sets the consumer's position. Absent:
   * the consumer starts at the feed's end.
   */
  backfill?(tx: Tx): Promise<void>;
}

/** What the fold needs of the database. */
export interface FeedDatabase {
  db: Db;
  writeTransaction: WriteTransaction;
}

interface Cursor {
  position: FeedPosition;
  snapshot: string | null;
}

const lockKey = (name: string) => sql<boolean>`pg_try_advisory_xact_lock(hashtext(${`lapak_feed:${name}`}))`;

async function takeTurn(tx: Tx, name: string): Promise<boolean> {
  if (!isPostgres(tx)) return true;
  const row = await sql<{ taken: boolean }>`select ${lockKey(name)} as taken`.execute(tx);
  return row.rows[0]!.taken;
}

// Prepared: read at every round of every consumer (30 us a read through Kysely).
const cursorOf = prepareQuery((db: Db, a: { name: string }) => db.selectFrom('feed_consumers').select(['txid', 'position', 'snapshot']).where('name', '=', a.name));
const moveCursor = prepareQuery((db: Db, a: { name: string; txid: number; position: number; now: number }) =>
  db.updateTable('feed_consumers').set({ txid: a.txid, position: a.position, snapshot: null, seen_at: a.now }).where('name', '=', a.name),
);

export async function readCursor(db: Db | Tx, name: string): Promise<Cursor | null> {
  const row = await cursorOf.first(db, { name });
  return row ? { position: { txid: Number(row.txid), id: Number(row.position) }, snapshot: row.snapshot } : null;
}

/** A consumer's first run: its backfill and its position, from one snapshot. */
async function start(database: FeedDatabase, consumer: FeedConsumer, now: number): Promise<void> {
  const begin = async (tx: Tx) => {
    if (!(await takeTurn(tx, consumer.name)) || (await readCursor(tx, consumer.name))) return;
    await consumer.backfill?.(tx);
    // SQLite: the backfill held the one writer, so the end now is exactly what it saw.
    // PostgreSQL: past every transaction older than the backfill's snapshot (all of them ended
    // before it, so it saw them), then skipping the later rows that the snapshot saw.
    const position = await feedEnd(tx);
    const snapshot = isPostgres(tx) ? (await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(tx)).rows[0]!.s : null;
    await tx.insertInto('feed_consumers').values({ name: consumer.name, txid: position.txid, position: position.id, snapshot, seen_at: now }).execute();
  };
  if (isPostgres(database.db)) await database.db.transaction().setIsolationLevel('repeatable read').execute(begin);
  else await database.writeTransaction(begin);
}

/**
 * One batch: the rows after the consumer's position, folded, and the position moved past them,
 * in one transaction. Returns the rows folded (0 when another process holds the turn, or the
 * consumer was just started).
 */
export async function foldOnce(database: FeedDatabase, consumer: FeedConsumer, clock: Clock): Promise<number> {
  const now = clock.now();
  const seen = await readCursor(database.db, consumer.name);
  if (!seen) {
    await start(database, consumer, now);
    return 0;
  }
  // Idle (most rounds): one read, no write transaction. Its answer may be stale; the
  // transaction below reads the position again.
  if ((await readFeed(database.db, seen.position, 1, { settled: true, snapshot: seen.snapshot, positionOnly: true })).length === 0) return 0;
  const fold = async (tx: Tx): Promise<number> => {
    if (!(await takeTurn(tx, consumer.name))) return 0;
    const cursor = await readCursor(tx, consumer.name);
    if (!cursor) return 0;
    const read = { settled: true, snapshot: cursor.snapshot };
    let folded: number;
    let last: FeedPosition;
    if (consumer.stores || consumer.reads === 'position') {
      // Where the batch ends, read for every store; the rows themselves only of the stores that matter.
      const end = await batchEnd(tx, cursor.position, consumer.batch, read);
      if (!end) return 0;
      ({ rows: folded, last } = end);
      const stores = consumer.stores ? await consumer.stores(tx) : [];
      await consumer.fold(tx, stores.length === 0 ? [] : await readFeed(tx, cursor.position, consumer.batch, { ...read, upTo: last, tenantIds: stores }));
    } else {
      const rows = await readFeed(tx, cursor.position, consumer.batch, read);
      if (rows.length === 0) return 0;
      await consumer.fold(tx, rows);
      folded = rows.length;
      last = rows[rows.length - 1]!.position;
    }
    // The backfill's snapshot is forgotten once the position has passed every transaction it knew.
    const snapshot = cursor.snapshot && isPostgres(tx) ? sql<string | null>`case when ${last.txid} >= pg_snapshot_xmax(snapshot::pg_snapshot)::text::bigint then null else snapshot end` : null;
    if (snapshot) await tx.updateTable('feed_consumers').set({ txid: last.txid, position: last.id, snapshot, seen_at: now }).where('name', '=', consumer.name).execute();
    else await moveCursor.run(tx, { name: consumer.name, txid: last.txid, position: last.id, now });
    return folded;
  };
  return isPostgres(database.db) ? database.db.transaction().execute(fold) : database.writeTransaction(fold, { repeatable: true });
}

/** How often an idle consumer says it runs (feed_consumers.seen_at). */
export const SEEN_EVERY_MS = 10_000;

/** Records that a process runs the consumer, when it has said so less recently than SEEN_EVERY_MS. */
export async function markSeen(db: Db, name: string, now: number): Promise<void> {
  await db.updateTable('feed_consumers').set({ seen_at: now }).where('name', '=', name).where('seen_at', '<', now - SEEN_EVERY_MS).execute();
}
