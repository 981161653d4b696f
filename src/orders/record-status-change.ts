// The one way an order's status changes: a conditional update, its event and its history
// entry, all in the caller's transaction.
import type { Tx } from '../lib/db.js';
import { formatTimestamp } from '../lib/time.js';
import { enqueueStatusChanged, type StatusChangedPayload } from '../events/enqueue-event.js';

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
  const updated = await tx
    .updateTable('orders')
    .set({ status: change.to, updated_at: change.now })
    .where('tenant_id', '=', change.tenantId)
    .where('id', '=', change.orderId)
    .where('status', '=', change.from)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;

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
  await tx
    .insertInto('order_history')
    .values({
      tenant_id: change.tenantId,
      order_id: change.orderId,
      source: change.source,
      actor: change.actor,
      field: 'status',
      old_value: change.from,
      new_value: change.to,
      created_at: change.now,
    })
    .execute();
  return true;
}
