import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { TEST_EVENT_TYPE, type TestEventPayload } from './sign/payload.js';

/** Test events per endpoint per clock hour. */
export const TEST_EVENTS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;
/**
 * The order_id a test delivery carries in webhook_deliveries (no order has id 0): the
 * dispatcher's per-(endpoint, order) ordering then sends an endpoint's test events one after
 * another and never holds an order's events back behind them.
 */
export const TEST_DELIVERY_ORDER_ID = 0;

export type SendTestEventCode = 'endpoint_not_found' | 'endpoint_disabled' | 'test_limit_reached';

/**
 * Queues one signed webhook.test delivery to this endpoint only, in the caller's write
 * transaction: an event already marked fanned out (so no other endpoint gets it) and its one
 * delivery, which the dispatcher then sends, retries and logs like any other. Outside the
 * store's hourly cap; at most TEST_EVENTS_PER_HOUR per endpoint and clock hour, counted by a
 * conditional upsert under the primary key, so two requests at once cannot both take the last.
 */
export async function sendTestEvent(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  endpointId: number,
): Promise<Outcome<{ event_id: number; delivery_id: number }, SendTestEventCode>> {
  const endpoint = await tx
    .selectFrom('webhook_endpoints')
    .select('enabled')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!endpoint) return refuse('endpoint_not_found', `endpoint ${endpointId} not found`);
  if (endpoint.enabled !== 1) return refuse('endpoint_disabled', `endpoint ${endpointId} is disabled; enable it first`);

  const now = clock.now();
  const counted = await tx
    .insertInto('webhook_test_sends')
    .values({ tenant_id: tenantId, endpoint_id: endpointId, hour_start: Math.floor(now / HOUR_MS) * HOUR_MS, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['endpoint_id', 'hour_start'])
        .doUpdateSet((eb) => ({ count: eb('webhook_test_sends.count', '+', 1) }))
        .where('webhook_test_sends.count', '<', TEST_EVENTS_PER_HOUR),
    )
    .returning('count')
    .executeTakeFirst();
  if (!counted) return refuse('test_limit_reached', `at most ${TEST_EVENTS_PER_HOUR} test events per endpoint per hour`);

  const payload: TestEventPayload = { store_id: tenantId, endpoint_id: endpointId };
  const event = await tx
    .insertInto('events')
    .values({ tenant_id: tenantId, order_id: null, type: TEST_EVENT_TYPE, payload: JSON.stringify(payload), created_at: now, fanned_out_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await tx
    .insertInto('webhook_deliveries')
    .values({
      tenant_id: tenantId,
      event_id: event.id,
      endpoint_id: endpointId,
      order_id: TEST_DELIVERY_ORDER_ID,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return succeed({ event_id: event.id, delivery_id: delivery.id });
}
