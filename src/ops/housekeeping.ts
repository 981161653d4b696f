// Removes rows whose purpose has passed: expired idempotency records (SPEC: kept 30 days),
// finished lookup-brake windows, old hourly event counters, rate-limit windows (PostgreSQL
// store) ended an hour ago, test-event counts of past hours, the log of webhook deliveries finished more than 30 days
// ago, and the live list's change log (SQLite) after ten minutes. Operator-level maintenance, so it spans all stores. The second worker of the runner
// (jobs/runner.ts): one purge an interval.
import { sql } from 'kysely';
import { purgeHourSlots } from '../events/hourly-cap.js';
import type { Worker } from '../jobs/worker.js';
import type { Clock } from '../lib/clock.js';
import { isPostgres, type Db } from '../lib/db/db.js';
import { RATE_LIMIT_TABLE } from '../lib/db/migrations/004-rate-limits.js';
import type { DeliveryStatus } from '../lib/db/schema.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

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

/** How long the live list's change log (SQLite, migration 022) keeps a change: every process's poll has long read it. */
export const ORDER_CHANGES_RETENTION_MS = 10 * 60_000;

/**
 * The change log's rows older than the retention, PURGE_BATCH at a time (a seeding of a million
 * orders leaves a million: one delete would hold the write lock for seconds). The newest row
 * stays, whatever its age: ids are not AUTOINCREMENT, and an emptied table would give its next
 * row an id that a poll has already passed.
 */
async function purgeOrderChanges(db: Db, now: number): Promise<number> {
  if (isPostgres(db)) return 0;
  let purged = 0;
  for (;;) {
    const old = db
      .selectFrom('order_changes')
      .select('id')
      .where('created_at', '<', now - ORDER_CHANGES_RETENTION_MS)
      .where('id', '<', (qb) => qb.selectFrom('order_changes').select((eb) => eb.fn.max('id').as('id')))
      .limit(fixedLimit(PURGE_BATCH));
    const deleted = await db.deleteFrom('order_changes').where('id', 'in', old).executeTakeFirst();
    purged += Number(deleted.numDeletedRows);
    if (Number(deleted.numDeletedRows) < PURGE_BATCH) return purged;
  }
}

/** PostgreSQL's watches of the live list (migration 023) that their process stopped renewing: it died. */
async function purgeLiveWatches(db: Db): Promise<number> {
  if (!isPostgres(db)) return 0;
  const expired = sql<boolean>`expires_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`;
  return Number((await db.deleteFrom('live_order_watches').where(expired).executeTakeFirst()).numDeletedRows);
}

export async function purgeExpired(
  db: Db,
  now: number,
): Promise<{ idempotency: number; brake: number; hourly: number; webhookDeliveries: number; rateLimits: number; webhookTests: number; orderChanges: number; liveWatches: number }> {
  const idempotency = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
  const brake = await db.deleteFrom('lookup_brake').where('window_start', '<', now - 2 * 60_000).executeTakeFirst();
  const hourly = await purgeHourSlots(db, now);
  const webhookDeliveries = await purgeWebhookLog(db, now);
  const webhookTests = await db.deleteFrom('webhook_test_sends').where('hour_start', '<', now - HOUR_MS).executeTakeFirst();
  // The PostgreSQL limiter store's table (migration 004; rate-limiter-flexible's layout, not in schema.ts).
  const rateLimits = isPostgres(db)
    ? Number((await sql`delete from ${sql.table(RATE_LIMIT_TABLE)} where expire < ${now - HOUR_MS}`.execute(db)).numAffectedRows ?? 0n)
    : 0;
  const orderChanges = await purgeOrderChanges(db, now);
  const liveWatches = await purgeLiveWatches(db);
  return {
    orderChanges,
    liveWatches,
    webhookDeliveries,
    rateLimits,
    idempotency: Number(idempotency.numDeletedRows),
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
export function housekeepingWorker(db: Db, clock: Clock, intervalMs = HOUSEKEEPING_INTERVAL_MS): Worker<number, 'purged'> {
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
      await purgeExpired(db, now);
      return 'purged';
    },
    retry: { delaysMs: [] },
    concurrency: 1,
    pollMs: intervalMs,
  };
}
