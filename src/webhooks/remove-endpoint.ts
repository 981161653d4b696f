import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { cancelQueuedDeliveries } from './cancel-queued-deliveries.js';

export type RemoveEndpointCode = 'endpoint_not_found';

/**
 * Removes an endpoint: it gets no new deliveries and what was still queued for it is
 * cancelled, in the caller's transaction. The row stays (marked removed) so its delivery
 * log remains readable. Refused, changing nothing, when the store has no such endpoint.
 */
export async function removeEndpoint(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  endpointId: number,
): Promise<Outcome<{ id: number; removed: true }, RemoveEndpointCode>> {
  const now = clock.now();
  const removed = await tx
    .updateTable('webhook_endpoints')
    .set({ removed_at: now, enabled: 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (removed.numUpdatedRows === 0n) return refuse('endpoint_not_found', `endpoint ${endpointId} not found`);
  await cancelQueuedDeliveries(tx, tenantId, endpointId, 'endpoint removed', now);
  return succeed({ id: endpointId, removed: true });
}
