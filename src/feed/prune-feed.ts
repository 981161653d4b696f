// The feed's rows that every consumer has folded and that are older than the retention (the
// live list replays what a reconnecting client missed while the feed holds it). Housekeeping's
// work, PRUNE_BATCH rows at a time so that SQLite's writer is never held long. The newest row
// stays, whatever its age: SQLite's ids are not AUTOINCREMENT, and an emptied table would give
// its next row an id that a reader has already passed.
import { sql } from 'kysely';
import { isPostgres, type Db } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

/** How long a folded change stays in the feed by default (FEED_RETENTION_HOURS). */
export const FEED_RETENTION_MS = 24 * 3_600_000;
const PRUNE_BATCH = 5_000;

export async function pruneFeed(db: Db, now: number, retentionMs: number): Promise<number> {
  const postgres = isPostgres(db);
  // Behind the slowest consumer (PostgreSQL: in (txid, id) order); a consumer with its
  // backfill's snapshot still set sits at the start.
  const slowest = postgres
    ? sql<boolean>`(txid, id) <= (select txid, position from feed_consumers order by txid, position limit 1)`
    : sql<boolean>`id <= (select min(position) from feed_consumers)`;
  const newest = postgres ? sql<boolean>`(txid, id) < (select txid, id from order_feed order by txid desc, id desc limit 1)` : sql<boolean>`id < (select max(id) from order_feed)`;
  let pruned = 0;
  for (;;) {
    const old = db
      .selectFrom('order_feed')
      .select(postgres ? ['txid', 'id'] : ['id'])
      .where('at', '<', now - retentionMs)
      .where(slowest)
      .where(newest)
      .orderBy(postgres ? sql`txid, id` : sql`id`)
      .limit(fixedLimit(PRUNE_BATCH));
    const which = postgres ? sql<boolean>`(txid, id) in (${old})` : sql<boolean>`id in (${old})`;
    const deleted = Number((await db.deleteFrom('order_feed').where(which).executeTakeFirst()).numDeletedRows);
    pruned += deleted;
    if (deleted < PRUNE_BATCH) return pruned;
  }
}
