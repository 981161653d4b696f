// The outbox. Events are queued in the transaction of the change they describe.
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { takeHourlySlot } from './hourly-cap.js';
import { receivesEvents } from './receiving-endpoints.js';
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

// An event is fanned out to the endpoints its store has when the change is written (docs/webhooks.md):
// a store with none (most stores) writes it already fanned out, so the dispatcher never reads or
// marks it, and it never enters the pending events' index. The check reads the store's endpoints
// through their (tenant_id, id) index.
const fannedOutAt = (tenantId: number, now: number) =>
  sql<number | null>`case when exists (select 1 from webhook_endpoints w where w.tenant_id = ${tenantId} and ${receivesEvents('w')}) then null else cast(${now} as bigint) end`;

const insertEvent = prepareQuery((db: Db, a: { tenantId: number; orderId: number; payload: string; now: number }) =>
  db.insertInto('events').values({
    tenant_id: a.tenantId,
    order_id: a.orderId,
    type: 'order.status_changed',
    payload: a.payload,
    created_at: a.now,
    fanned_out_at: fannedOutAt(a.tenantId, a.now),
  }),
);

/**
 * PostgreSQL: insertEvent as one part of a larger statement (a data-modifying CTE): one row
 * for each row of the CTE named `source`, so none when it is empty. Returns the event's id.
 */
export const insertEventPart = (source: string, a: { tenantId: number; orderId: number; payload: string; now: number }): RawBuilder<{ id: number }> => sql`
      insert into events (tenant_id, order_id, type, payload, created_at, fanned_out_at)
      select ${a.tenantId}::bigint, ${a.orderId}::bigint, 'order.status_changed', ${a.payload}::text, ${a.now}::bigint, ${fannedOutAt(a.tenantId, a.now)}::bigint
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
