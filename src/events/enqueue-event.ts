// The outbox. Events are queued in the transaction of the change they describe.
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { takeHourlySlot } from './hourly-cap.js';
import type { ChangeSource } from './sources.js';

export interface StatusChangedPayload {
  store_id: number;
  order_id: number;
  previous_status: string;
  status: string;
  changed_at: string;
  source: ChangeSource;
  // Present only for changes made through PATCH /api/order_status.php.
  changed_by?: 'integration';
  integration?: string;
  external_reference?: string | null;
}

const insertEvent = prepareQuery((db: Db, a: { tenantId: number; orderId: number; payload: string; now: number }) =>
  db
    .insertInto('events')
    .values({ tenant_id: a.tenantId, order_id: a.orderId, type: 'order.status_changed', payload: a.payload, created_at: a.now }),
);

/**
 * PostgreSQL: insertEvent as one part of a larger statement (a data-modifying CTE): one row
 * for each row of the CTE named `source`, so none when it is empty. Returns the event's id.
 */
export const insertEventPart = (source: string, a: { tenantId: number; orderId: number; payload: string; now: number }): RawBuilder<{ id: number }> => sql`
      insert into events (tenant_id, order_id, type, payload, created_at)
      select ${a.tenantId}::bigint, ${a.orderId}::bigint, 'order.status_changed', ${a.payload}::text, ${a.now}::bigint
      from ${sql.id(source)}
      returning id`;

/** Queues order.status_changed unless the hourly cap is reached (the change is saved without it then). */
export async function enqueueStatusChanged(tx: Tx, payload: StatusChangedPayload, now: number, hourlyCap: number): Promise<void> {
  if (await takeHourlySlot(tx, payload.store_id, now, hourlyCap)) await insertStatusChangedEvent(tx, payload, now);
}

/** The outbox row alone, for a caller that has taken the hourly unit itself. */
export async function insertStatusChangedEvent(tx: Tx, payload: StatusChangedPayload, now: number): Promise<void> {
  await insertEvent.run(tx, { tenantId: payload.store_id, orderId: payload.order_id, payload: JSON.stringify(payload), now });
}
