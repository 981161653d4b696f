import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { disableEndpoint } from './disable-endpoint.js';

export type SetEndpointEnabledCode = 'endpoint_not_found';

/**
 * Enables or disables an endpoint (for instance again after a 410 Gone disabled it), in the
 * caller's transaction. Disabling cancels what is queued for it, as a 410 does; cancelled
 * deliveries can be replayed with `webhook redeliver`. Refused, changing nothing, when the
 * store has no such endpoint.
 */
export async function setEndpointEnabled(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  endpointId: number,
  enabled: boolean,
): Promise<Outcome<{ id: number; enabled: boolean }, SetEndpointEnabledCode>> {
  const found = enabled ? await enable(tx, tenantId, endpointId) : await disableEndpoint(tx, tenantId, endpointId, 'operator', clock.now());
  if (!found) return refuse('endpoint_not_found', `endpoint ${endpointId} not found`);
  return succeed({ id: endpointId, enabled });
}

async function enable(tx: Tx, tenantId: number, endpointId: number): Promise<boolean> {
  const updated = await tx
    .updateTable('webhook_endpoints')
    .set({ enabled: 1, disabled_reason: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
