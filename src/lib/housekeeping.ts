// Removes rows whose purpose has passed: expired idempotency records (SPEC: kept 30 days),
// finished lookup-brake windows and old hourly event counters. Operator-level maintenance,
// so it spans all stores.
import type { Db } from './db.js';

const HOUR_MS = 3_600_000;

export async function purgeExpired(db: Db, now: number): Promise<{ idempotency: number; brake: number; hourly: number }> {
  const idempotency = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
  const brake = await db.deleteFrom('lookup_brake').where('window_start', '<', now - 2 * 60_000).executeTakeFirst();
  const hourly = await db.deleteFrom('event_hourly_counts').where('hour_start', '<', now - 2 * HOUR_MS).executeTakeFirst();
  return {
    idempotency: Number(idempotency.numDeletedRows),
    brake: Number(brake.numDeletedRows),
    hourly: Number(hourly.numDeletedRows),
  };
}

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
