// The `live` consumer of the change feed: on PostgreSQL, one NOTIFY per folded batch (sent when
// its transaction commits, never by a change's own transaction), which wakes every process's
// reader of the feed (wake-on-notify.ts) instead of its next poll. A change's commit takes no
// lock of NOTIFY's. On SQLite the readers poll (ORDER_STREAM_POLL_MS), and the consumer only
// keeps its position.
import { sql } from 'kysely';
import { isPostgres } from '../lib/db/db.js';
import type { FeedConsumer } from '../feed/consumer.js';

export const LIVE_CONSUMER = 'live';
export const FEED_CHANNEL = 'lapak_feed';

export const liveConsumer: FeedConsumer = {
  name: LIVE_CONSUMER,
  batch: 1_000,
  reads: 'position',
  async fold(tx) {
    if (isPostgres(tx)) await sql`select pg_notify(${FEED_CHANNEL}, '')`.execute(tx);
  },
};
