// The one way an order's status changes: a conditional update, its event and its history
// entry, all in the caller's transaction.
import type { Db, Tx } from '../lib/db.js';
import { prepareQuery } from '../lib/prepared.js';
import { formatTimestamp } from '../lib/time.js';
import { enqueueStatusChanged, type StatusChangedPayload } from '../events/enqueue-event.js';

// The conditional update: no row comes back when the order was no longer in `from`.
const moveStatus = prepareQuery((db: Db, a: { tenantId: number; orderId: number; from: string; to: string; now: number }) =>
  db
    .updateTable('orders')
    .set({ status: a.to, updated_at: a.now })
    .where('tenant_id', '=', a.tenantId)
    .where('id', '=', a.orderId)
    .where('status', '=', a.from)
    .returning('id'),
);

const insertHistory = prepareQuery(
  (db: Db, a: { tenantId: number; orderId: number; source: string; actor: string; from: string; to: string; now: number }) =>
    db.insertInto('order_history').values({
      tenant_id: a.tenantId,
      order_id: a.orderId,
      source: a.source,
      actor: a.actor,
      field: 'status',
      old_value: a.from,
      new_value: a.to,
      created_at: a.now,
    }),
);

export interface StatusChange {
  tenantId: number;
  orderId: number;
  from: string;
  to: string;
  now: number;
  source: StatusChangedPayload['source'];
  actor: string;
  /** Only for PATCH: SPEC's changed_by, integration and external_reference. */
  integration?: { name: string; externalReference: string | null };
}

export interface ChangeSettings {
  timeZone: string;
  webhookHourlyCap: number;
}

/** Returns false when the order was no longer in `from` (someone changed it meanwhile). */
export async function recordStatusChange(tx: Tx, change: StatusChange, settings: ChangeSettings): Promise<boolean> {
  const updated = await moveStatus.first(tx, { tenantId: change.tenantId, orderId: change.orderId, from: change.from, to: change.to, now: change.now });
  if (!updated) return false;

  const payload: StatusChangedPayload = {
    store_id: change.tenantId,
    order_id: change.orderId,
    previous_status: change.from,
    status: change.to,
    changed_at: formatTimestamp(change.now, settings.timeZone),
    source: change.source,
    ...(change.integration
      ? {
          changed_by: 'integration' as const,
          integration: change.integration.name,
          external_reference: change.integration.externalReference,
        }
      : {}),
  };
  await enqueueStatusChanged(tx, payload, change.now, settings.webhookHourlyCap);
  await insertHistory.all(tx, {
    tenantId: change.tenantId,
    orderId: change.orderId,
    source: change.source,
    actor: change.actor,
    from: change.from,
    to: change.to,
    now: change.now,
  });
  return true;
}
