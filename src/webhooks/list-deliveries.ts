import type { Db } from '../lib/db/db.js';
import type { DeliveryStatus } from '../lib/db/schema.js';
import { formatTimestamp } from '../lib/time.js';
import { TEST_DELIVERY_ORDER_ID } from './send-test-event.js';
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

/** A store's deliveries, newest first (the last 100, or all of one event), each with every attempt; optionally of one endpoint. */
export async function listDeliveries(db: Db, tenantId: number, filter: { eventId?: number; endpointId?: number }, timeZone: string): Promise<DeliveryListing[]> {
  const time = (ms: number) => formatTimestamp(ms, timeZone);
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'endpoint_id', 'order_id', 'status', 'attempts', 'next_attempt_at', 'last_status', 'last_error', 'created_at', 'delivered_at'])
    .where('tenant_id', '=', tenantId)
    .$if(filter.eventId !== undefined, (q) => q.where('event_id', '=', filter.eventId!))
    .$if(filter.endpointId !== undefined, (q) => q.where('endpoint_id', '=', filter.endpointId!))
    .orderBy('id', 'desc')
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
