import type { Tx } from '../lib/db.js';

/**
 * Cancels what is still queued for an endpoint that stops receiving (removed, disabled by
 * the operator, or 410 Gone). Cancelled deliveries stay in the log and can be replayed
 * with `webhook redeliver` once the endpoint is enabled again.
 */
export async function cancelQueuedDeliveries(tx: Tx, tenantId: number, endpointId: number, reason: string, now: number): Promise<void> {
  await tx
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', locked_until: null, lease_token: null, last_error: reason, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}
