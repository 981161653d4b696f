import type { Updateable } from 'kysely';
import type { Tx } from '../lib/db/db.js';
import type { WebhookDeliveryTable } from '../lib/db/schema.js';
import { PENDING } from '../lib/db/pending-delivery.js';

/** A delivery settled without sending: its lease released and the reason kept in the log. */
export function cancelledDelivery(reason: string, now: number) {
  return { status: 'cancelled', locked_until: null, lease_token: null, last_error: reason, updated_at: now } satisfies Updateable<WebhookDeliveryTable>;
}

/**
 * Cancels what is still queued for an endpoint that stops receiving (removed, disabled by
 * the operator, or 410 Gone). Cancelled deliveries stay in the log and can be replayed
 * with `webhook redeliver` once the endpoint is enabled again.
 */
export async function cancelQueuedDeliveries(tx: Tx, tenantId: number, endpointId: number, reason: string, now: number): Promise<void> {
  await tx
    .updateTable('webhook_deliveries')
    .set(cancelledDelivery(reason, now))
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', PENDING)
    .execute();
}
