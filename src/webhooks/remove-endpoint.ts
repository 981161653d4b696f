import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { cancelQueuedDeliveries } from './cancel-queued-deliveries.js';

/**
 * Removes an endpoint: it gets no new deliveries and what was still queued for it is
 * cancelled, in one transaction. The row stays (marked removed) so its delivery log
 * remains readable. Returns false when the store has no such endpoint.
 */
export async function removeEndpoint(db: Db, clock: Clock, tenantId: number, endpointId: number): Promise<boolean> {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    const removed = await tx
      .updateTable('webhook_endpoints')
      .set({ removed_at: now, enabled: 0 })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', endpointId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (removed.numUpdatedRows === 0n) return false;
    await cancelQueuedDeliveries(tx, tenantId, endpointId, 'endpoint removed', now);
    return true;
  });
}
