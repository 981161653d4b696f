// The body of an order.status_changed or webhook.test delivery, per the Standard Webhooks envelope:
// {"type", "timestamp", "data"}. Built from the outbox row, so every attempt of an event
// sends the same bytes apart from the signature headers.
import type { StatusChangedPayload } from '../../events/enqueue-event.js';
import { formatTimestamp } from '../../lib/time.js';

export interface OutboxEvent {
  id: number;
  type: string;
  payload: string; // JSON of StatusChangedPayload
  created_at: number;
}

export type StatusChangedData = { event_id: number } & StatusChangedPayload;

/** The stored payload of a webhook.test event (webhooks/send-test-event.ts). */
export interface TestEventPayload {
  store_id: number;
  endpoint_id: number;
}

export const TEST_EVENT_TYPE = 'webhook.test';

export type TestEventData = { event_id: number } & TestEventPayload;

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: StatusChangedData | TestEventData;
}

export function buildWebhookBody(event: OutboxEvent, timeZone: string): string {
  if (event.type === TEST_EVENT_TYPE) {
    const stored = JSON.parse(event.payload) as TestEventPayload;
    const data: TestEventData = { event_id: event.id, store_id: stored.store_id, endpoint_id: stored.endpoint_id };
    const body: WebhookBody = { type: event.type, timestamp: formatTimestamp(event.created_at, timeZone), data };
    return JSON.stringify(body);
  }
  const stored = JSON.parse(event.payload) as StatusChangedPayload;
  // Field by field, so nothing stored beside the documented fields can leak out.
  const data: StatusChangedData = {
    event_id: event.id,
    store_id: stored.store_id,
    order_id: stored.order_id,
    previous_status: stored.previous_status,
    status: stored.status,
    changed_at: stored.changed_at,
    source: stored.source,
    ...(stored.changed_by === 'integration'
      ? { changed_by: 'integration' as const, integration: stored.integration, external_reference: stored.external_reference ?? null }
      : {}),
  };
  const body: WebhookBody = { type: event.type, timestamp: formatTimestamp(event.created_at, timeZone), data };
  return JSON.stringify(body);
}
