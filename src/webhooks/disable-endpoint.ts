import type { Tx } from '../lib/db/db.js';
import { cancelQueuedDeliveries } from './cancel-queued-deliveries.js';

// Why an endpoint was switched off: the reason the endpoint listing shows, and the
// last_error of each delivery that was still queued for it.
const REASONS = {
  operator: { disabled: 'disabled by the operator', cancelled: 'endpoint disabled' },
  gone: { disabled: '410 Gone from the receiver', cancelled: 'endpoint disabled (410 Gone)' },
} as const;

/**
 * Switches an endpoint off and cancels what is queued for it; cancelled deliveries can be
 * replayed with `webhook redeliver` once it is enabled again. Returns false when the store
 * has no such endpoint (or it was removed), and then changes nothing.
 */
export async function disableEndpoint(tx: Tx, tenantId: number, endpointId: number, by: keyof typeof REASONS, now: number): Promise<boolean> {
  const reason = REASONS[by];
  const updated = await tx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason.disabled })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await cancelQueuedDeliveries(tx, tenantId, endpointId, reason.cancelled, now);
  return true;
}
