import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db.js';

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
    await tx
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', locked_until: null, lease_token: null, last_error: 'endpoint removed', updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
    return true;
  });
}
