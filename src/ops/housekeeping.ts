// Removes rows whose purpose has passed: expired idempotency records (SPEC: kept 30 days) and "Tambah pesanan" keys (a day),
// finished lookup-brake windows, old hourly event counters, rate-limit windows (PostgreSQL
// store) ended an hour ago, test-event counts of past hours, the log of webhook deliveries finished more than 30 days
// ago, the change feed's rows every consumer has folded, after its retention (src/feed/prune-feed.ts), the bulk jobs that ended more than 7 days ago, what buyers wrote more than 90 days ago (src/messaging/purge-chat-messages.ts), and the keyed hashes of form orders' IPs after 30 days (src/orders/risk/). Operator-level maintenance, so it spans all stores. The second worker of the runner
// (jobs/runner.ts): one purge an interval.
import { sql } from 'kysely';
import { purgeHourSlots } from '../events/hourly-cap.js';
import type { Worker } from '../jobs/worker.js';
import type { Clock } from '../lib/clock.js';
import { isPostgres, type Db } from '../lib/db/db.js';
import { RATE_LIMIT_TABLE } from '../lib/limits.js';
import type { DeliveryStatus } from '../lib/db/schema.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { FEED_RETENTION_MS, pruneFeed } from '../feed/prune-feed.js';
import { purgeEndedJobs } from '../orders/workspace/bulk/bulk-jobs.js';
import { purgeIncomingMessages } from '../messaging/purge-chat-messages.js';
import { purgeIpHashes } from '../orders/risk/ip-hashes.js';

const HOUR_MS = 3_600_000;
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * HOUR_MS;
const FINISHED: DeliveryStatus[] = ['delivered', 'failed', 'cancelled'];

const PURGE_BATCH = 5_000;

/**
 * Finished deliveries last touched before the retention, with their attempts, in one
 * transaction. The rows are locked first on PostgreSQL, so a redelivery cannot bring one
 * back to life between the two deletes. At most PURGE_BATCH a run keeps it short.
 */
async function purgeWebhookLog(db: Db, now: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let finished = tx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', FINISHED)
      .where('updated_at', '<', now - WEBHOOK_LOG_RETENTION_MS)
      .limit(fixedLimit(PURGE_BATCH));
    if (isPostgres(tx)) finished = finished.forUpdate();
    const ids = (await finished.execute()).map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    await tx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    return ids.length;
  });
}

export async function purgeExpired(
  db: Db,
  now: number,
  feedRetentionMs = FEED_RETENTION_MS,
): Promise<{ idempotency: number; brake: number; hourly: number; webhookDeliveries: number; rateLimits: number; webhookTests: number; feed: number; bulkJobs: number; incomingMessages: number; ipHashes: number }> {
  const idempotency = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
  // The keys of "Tambah pesanan" pages (migration 027), counted with the API's records.
  const entryKeys = await db.deleteFrom('order_entry_keys').where('expires_at', '<=', now).executeTakeFirst();
  const brake = await db.deleteFrom('lookup_brake').where('window_start', '<', now - 2 * 60_000).executeTakeFirst();
  const hourly = await purgeHourSlots(db, now);
  const webhookDeliveries = await purgeWebhookLog(db, now);
  const webhookTests = await db.deleteFrom('webhook_test_sends').where('hour_start', '<', now - HOUR_MS).executeTakeFirst();
  // The PostgreSQL limiter store's table (migration 004; rate-limiter-flexible's layout, not in schema.ts).
  const rateLimits = isPostgres(db)
    ? Number((await sql`delete from ${sql.table(RATE_LIMIT_TABLE)} where expire < ${now - HOUR_MS}`.execute(db)).numAffectedRows ?? 0n)
    : 0;
  const feed = await pruneFeed(db, now, feedRetentionMs);
  const bulkJobs = await purgeEndedJobs(db, now);
  const incomingMessages = await purgeIncomingMessages(db, now);
  const ipHashes = await purgeIpHashes(db, now);
  return {
    incomingMessages,
    ipHashes,
    feed,
    bulkJobs,
    webhookDeliveries,
    rateLimits,
    idempotency: Number(idempotency.numDeletedRows) + Number(entryKeys.numDeletedRows),
    brake: Number(brake.numDeletedRows),
    hourly,
    webhookTests: Number(webhookTests.numDeletedRows),
  };
}

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/** The worker's name in the list (src/workers.ts) and in `lapak work --only`. */
export const HOUSEKEEPING_WORKER = 'housekeeping';

/**
 * Housekeeping as a worker: the runner polls it once an interval, and a poll is a purge when
 * at least half an interval has passed since the last (or since start: the first purge comes
 * an interval after start, as it always has). Half, not all: a timer may fire a moment early,
 * and the runner also polls as a purge ends, which must not be one. Each process that runs it
 * purges on its own; the deletes are idempotent, so two hosts purging at once only repeat
 * work. A purge that fails is not retried: the next interval's does its work.
 */
export function housekeepingWorker(db: Db, clock: Clock, feedRetentionMs = FEED_RETENTION_MS, intervalMs = HOUSEKEEPING_INTERVAL_MS): Worker<number, 'purged'> {
  let last = clock.now();
  return {
    name: HOUSEKEEPING_WORKER,
    async claim(free) {
      const now = clock.now();
      if (free <= 0 || now - last < intervalMs / 2) return { jobs: [], more: false };
      last = now;
      return { jobs: [now], more: false };
    },
    async handle(now) {
      await purgeExpired(db, now, feedRetentionMs);
      return 'purged';
    },
    retry: { delaysMs: [] },
    concurrency: 1,
    pollMs: intervalMs,
  };
}
