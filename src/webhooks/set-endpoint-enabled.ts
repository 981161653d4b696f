import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db.js';
import { cancelQueuedDeliveries } from './cancel-queued-deliveries.js';

/**
 * Enables or disables an endpoint (for instance again after a 410 Gone disabled it).
 * Disabling cancels what is queued for it, as a 410 does; cancelled deliveries can be
 * replayed with `webhook redeliver`. Returns false when the store has no such endpoint.
 */
export async function setEndpointEnabled(db: Db, clock: Clock, tenantId: number, endpointId: number, enabled: boolean): Promise<boolean> {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('webhook_endpoints')
      .set({ enabled: enabled ? 1 : 0, disabled_reason: enabled ? null : 'disabled by the operator' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', endpointId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    if (!enabled) await cancelQueuedDeliveries(tx, tenantId, endpointId, 'endpoint disabled', now);
    return true;
  });
}
