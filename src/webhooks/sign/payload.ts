// The body of an order.status_changed delivery, per the Standard Webhooks envelope:
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

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: StatusChangedData;
}

export function buildWebhookBody(event: OutboxEvent, timeZone: string): string {
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
