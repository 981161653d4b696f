// The outbox. Events are queued in the transaction of the change they describe.
import type { Tx } from '../lib/db.js';

const HOUR_MS = 3_600_000;

export interface StatusChangedPayload {
  store_id: number;
  order_id: number;
  previous_status: string;
  status: string;
  changed_at: string;
  source: 'api' | 'dashboard' | 'payment';
  // Present only for changes made through PATCH /api/order_status.php.
  changed_by?: 'integration';
  integration?: string;
  external_reference?: string | null;
}

/**
 * Takes one of the store's hourly deliveries (WEBHOOK_OUT_HOURLY_CAP, counted per clock
 * hour). Returns false when the hour is full: the change is still saved, but no event.
 */
async function takeHourlySlot(tx: Tx, tenantId: number, now: number, cap: number): Promise<boolean> {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const row = await tx
    .insertInto('event_hourly_counts')
    .values({ tenant_id: tenantId, hour_start: hourStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'hour_start'])
        .doUpdateSet((eb) => ({ count: eb('event_hourly_counts.count', '+', 1) }))
        .where('event_hourly_counts.count', '<', cap),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues order.status_changed unless the hourly cap is reached. Returns the event id or null. */
export async function enqueueStatusChanged(
  tx: Tx,
  payload: StatusChangedPayload,
  now: number,
  hourlyCap: number,
): Promise<number | null> {
  if (!(await takeHourlySlot(tx, payload.store_id, now, hourlyCap))) return null;
  const row = await tx
    .insertInto('events')
    .values({
      tenant_id: payload.store_id,
      order_id: payload.order_id,
      type: 'order.status_changed',
      payload: JSON.stringify(payload),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
