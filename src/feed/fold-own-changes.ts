// For a writer of many changes at once that must leave no tail in the feed (`lapak demo orders`
// seeding a million orders): the feed rows its own transaction wrote, folded into the consumers
// named and then deleted, in that transaction. A consumer not named never sees those changes
// (seeding plans no message). A consumer that has not started yet gets them from its backfill.
import { sql } from 'kysely';
import { isPostgres, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { readCursor, type FeedConsumer } from './consumer.js';
import { feedRowOf } from './feed-row.js';
import { feedEnd } from './read-feed.js';

/** Where this transaction's own rows begin: call before its first write (SQLite: the writer is this transaction's alone). */
export async function ownChangesStart(tx: Tx): Promise<number> {
  return isPostgres(tx) ? 0 : (await feedEnd(tx)).id;
}

const BATCH = 5_000;

export async function foldOwnChanges(tx: Tx, start: number, consumers: readonly FeedConsumer[]): Promise<void> {
  // PostgreSQL: this transaction's rows are those of its txid.
  const own = isPostgres(tx) ? sql<boolean>`txid = pg_current_xact_id()::text::bigint` : sql<boolean>`id > ${start}`;
  const started = [];
  for (const consumer of consumers) if (await readCursor(tx, consumer.name)) started.push(consumer);
  let after = 0;
  while (started.length > 0) {
    const rows = (await tx.selectFrom('order_feed').selectAll().where(own).where('id', '>', after).orderBy('id').limit(fixedLimit(BATCH)).execute()).map(feedRowOf);
    if (rows.length === 0) break;
    for (const consumer of started) await consumer.fold(tx, rows);
    after = rows[rows.length - 1]!.position.id;
    if (rows.length < BATCH) break;
  }
  await tx.deleteFrom('order_feed').where(own).execute();
}
