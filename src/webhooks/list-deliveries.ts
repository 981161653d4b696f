import type { Db } from '../lib/db/db.js';
import type { DeliveryStatus } from '../lib/db/schema.js';
import { formatTimestamp } from '../lib/time.js';
import { TEST_DELIVERY_ORDER_ID } from './send-test-event.js';
import { TEST_EVENT_TYPE } from './sign/payload.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export const DELIVERIES_LISTED = 100;

export interface AttemptListing {
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_snippet: string;
}

export interface DeliveryListing {
  id: number;
  event_id: number;
  /** The event's type: order.status_changed or webhook.test. */
  type: string;
  /** The status change an order.status_changed event tells; null for a webhook.test. */
  change: { previous_status: string; status: string } | null;
  endpoint_id: number;
  /** null for a webhook.test delivery. */
  order_id: number | null;
  status: DeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  attempt_log: AttemptListing[];
}

/** The change an order.status_changed payload tells (JSON of events/enqueue-event.ts's StatusChangedPayload). */
function changeOf(type: string, payload: string): DeliveryListing['change'] {
  if (type === TEST_EVENT_TYPE) return null;
  const { previous_status, status } = JSON.parse(payload) as { previous_status: string; status: string };
  return { previous_status, status };
}

/**
 * A store's deliveries, newest first (the last 100, or all of one event, or the one named),
 * each with its event's type and change and every attempt; optionally of one endpoint.
 */
export async function listDeliveries(
  db: Db,
  tenantId: number,
  filter: { eventId?: number; endpointId?: number; deliveryId?: number },
  timeZone: string,
): Promise<DeliveryListing[]> {
  const time = (ms: number) => formatTimestamp(ms, timeZone);
  const deliveries = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (join) => join.onRef('e.id', '=', 'd.event_id').onRef('e.tenant_id', '=', 'd.tenant_id'))
    .select([
      'd.id', 'd.event_id', 'e.type', 'e.payload', 'd.endpoint_id', 'd.order_id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.last_status', 'd.last_error',
      'd.created_at', 'd.delivered_at',
    ])
    .where('d.tenant_id', '=', tenantId)
    .$if(filter.eventId !== undefined, (q) => q.where('d.event_id', '=', filter.eventId!))
    .$if(filter.endpointId !== undefined, (q) => q.where('d.endpoint_id', '=', filter.endpointId!))
    .$if(filter.deliveryId !== undefined, (q) => q.where('d.id', '=', filter.deliveryId!))
    .orderBy('d.id', 'desc')
    .limit(fixedLimit(DELIVERIES_LISTED))
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempted_at', 'status_code', 'latency_ms', 'error', 'response_snippet'])
    .where('tenant_id', '=', tenantId)
    .where(
      'delivery_id',
      'in',
      deliveries.map((d) => d.id),
    )
    .orderBy('id')
    .execute();
  const byDelivery = new Map<number, AttemptListing[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push({ attempted_at: time(a.attempted_at), status_code: a.status_code, latency_ms: a.latency_ms, error: a.error, response_snippet: a.response_snippet });
    byDelivery.set(a.delivery_id, list);
  }
  return deliveries.map((d) => ({
    id: d.id,
    event_id: d.event_id,
    type: d.type,
    change: changeOf(d.type, d.payload),
    endpoint_id: d.endpoint_id,
    order_id: d.order_id === TEST_DELIVERY_ORDER_ID ? null : d.order_id,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? time(d.next_attempt_at) : null,
    last_status: d.last_status,
    last_error: d.last_error,
    created_at: time(d.created_at),
    delivered_at: d.delivered_at === null ? null : time(d.delivered_at),
    attempt_log: byDelivery.get(d.id) ?? [],
  }));
}
