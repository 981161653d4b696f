import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { receivesEvents } from '../events/receiving-endpoints.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export type RedeliverCode = 'delivery_not_found' | 'endpoint_removed' | 'endpoint_disabled' | 'delivery_in_flight';

/**
 * Replays a delivery: it becomes pending and due now with a fresh retry schedule; its
 * earlier attempts stay in the log. It is sent with the same webhook-id, so a receiver
 * that already handled the event recognises it. Refused while an attempt is in flight and
 * while the endpoint is disabled or removed.
 */
export async function redeliver(
  db: Db,
  clock: Clock,
  tenantId: number,
  deliveryId: number,
): Promise<Outcome<{ id: number; status: 'pending' }, RedeliverCode>> {
  const now = clock.now();
  // One conditional UPDATE decides; the read after it only explains a refusal.
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, lease_token: null, delivered_at: null, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deliveryId)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .where('endpoint_id', 'in', (eb) =>
      eb.selectFrom('webhook_endpoints').select('id').where('tenant_id', '=', tenantId).where(receivesEvents('webhook_endpoints')),
    )
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return succeed({ id: deliveryId, status: 'pending' });

  const found = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', (j) => j.onRef('w.id', '=', 'd.endpoint_id').onRef('w.tenant_id', '=', 'd.tenant_id'))
    .select(['d.locked_until', 'w.id as endpoint_id', 'w.enabled', 'w.removed_at'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!found) return refuse('delivery_not_found', `delivery ${deliveryId} not found`);
  if (found.removed_at !== null) return refuse('endpoint_removed', `endpoint ${found.endpoint_id} was removed`);
  if (found.enabled !== 1) {
    return refuse('endpoint_disabled', `endpoint ${found.endpoint_id} is disabled; enable it first (lapak webhook enable ${found.endpoint_id})`);
  }
  return refuse('delivery_in_flight', `delivery ${deliveryId} is being sent right now; try again in a minute`);
}
