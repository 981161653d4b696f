import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { disableEndpoint } from './disable-endpoint.js';

/**
 * Enables or disables an endpoint (for instance again after a 410 Gone disabled it).
 * Disabling cancels what is queued for it, as a 410 does; cancelled deliveries can be
 * replayed with `webhook redeliver`. Returns false when the store has no such endpoint.
 */
export async function setEndpointEnabled(db: Db, clock: Clock, tenantId: number, endpointId: number, enabled: boolean): Promise<boolean> {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    if (!enabled) return disableEndpoint(tx, tenantId, endpointId, 'operator', now);
    const updated = await tx
      .updateTable('webhook_endpoints')
      .set({ enabled: 1, disabled_reason: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', endpointId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  });
}
