// The outbox. Events are queued in the transaction of the change they describe.
import type { Db, Tx } from '../lib/db.js';
import { prepareQuery } from '../lib/prepared.js';

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

// Counts the event unless the hour is full: the conditional upsert returns no row then.
const takeSlot = prepareQuery((db: Db, a: { tenantId: number; hourStart: number; cap: number }) =>
  db
    .insertInto('event_hourly_counts')
    .values({ tenant_id: a.tenantId, hour_start: a.hourStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'hour_start'])
        .doUpdateSet((eb) => ({ count: eb('event_hourly_counts.count', '+', 1) }))
        .where('event_hourly_counts.count', '<', a.cap),
    )
    .returning('count'),
);

const insertEvent = prepareQuery((db: Db, a: { tenantId: number; orderId: number; payload: string; now: number }) =>
  db
    .insertInto('events')
    .values({ tenant_id: a.tenantId, order_id: a.orderId, type: 'order.status_changed', payload: a.payload, created_at: a.now })
    .returning('id'),
);

/**
 * Takes one of the store's hourly deliveries (WEBHOOK_OUT_HOURLY_CAP, counted per clock
 * hour). Returns false when the hour is full: the change is still saved, but no event.
 */
async function takeHourlySlot(tx: Tx, tenantId: number, now: number, cap: number): Promise<boolean> {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const row = await takeSlot.first(tx, { tenantId, hourStart, cap });
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
  const row = await insertEvent.first(tx, {
    tenantId: payload.store_id,
    orderId: payload.order_id,
    payload: JSON.stringify(payload),
    now,
  });
  if (!row) throw new Error('event insert returned no id');
  return row.id;
}
