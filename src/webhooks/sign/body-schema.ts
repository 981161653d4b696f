// The body of an order.status_changed delivery as openapi/lapak.json documents it (its
// `webhooks`), built by payload.ts; docs/webhooks.md says the same in prose.
import { Type } from 'typebox';
import { CHANGE_SOURCE_NAMES, CHANGE_SOURCES } from '../../events/sources.js';

const ORDER_STATUS = Type.String({ description: "One of SPEC's seven order states.", examples: ['closing'] });
const TIMESTAMP = Type.String({ description: "ISO 8601 with the server's UTC offset (TZ).", examples: ['2026-11-22T14:05:09+07:00'] });

// An open list: a receiver must accept a source it does not know (the next issues add some).
const SOURCE = Type.Union([...CHANGE_SOURCE_NAMES.map((name) => Type.Literal(name)), Type.String()], {
  description: `Where the change came from, the same as the order history says (docs/events.md). An open list: ${CHANGE_SOURCE_NAMES.map((name) => `\`${name}\` (${CHANGE_SOURCES[name]})`).join('; ')}. Only \`api\` changes carry changed_by, integration and external_reference.`,
});

export const StatusChangedBody = Type.Object(
  {
    type: Type.Literal('order.status_changed'),
    timestamp: TIMESTAMP,
    data: Type.Object({
      event_id: Type.Integer({ minimum: 1, description: 'The event id, equal to the `webhook-id` header; the same on every retry and replay.' }),
      store_id: Type.Integer({ minimum: 1 }),
      order_id: Type.Integer({ minimum: 1 }),
      previous_status: ORDER_STATUS,
      status: ORDER_STATUS,
      changed_at: TIMESTAMP,
      source: SOURCE,
      changed_by: Type.Optional(Type.Literal('integration', { description: 'Only for changes made through PATCH /api/order_status.php.' })),
      integration: Type.Optional(Type.String({ description: "The API key's connector name; only for PATCH." })),
      external_reference: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'As sent in the PATCH, null when not sent; only for PATCH.' })),
    }),
  },
  { description: 'Signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); docs/webhooks.md.' },
);

/** OpenAPI 3.1's `webhooks` of the document: what Lapak sends to a store's endpoints. */
export const WEBHOOKS = {
  'order.status_changed': {
    post: {
      operationId: 'orderStatusChanged',
      summary: "An order's status changed",
      description:
        'Sent to every enabled webhook endpoint of the store, once per change (capped at 3,000 per store and hour, SPEC). Answer 2xx; anything else is retried on the schedule of docs/webhooks.md. Deduplicate on `webhook-id`.',
      // No API key: the receiver verifies the Standard Webhooks signature with its endpoint's secret.
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: StatusChangedBody } } },
      responses: { '200': { description: 'Any 2xx answer marks the delivery delivered.' } },
    },
  },
};
