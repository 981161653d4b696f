// TypeBox contracts of the webhook routes of the dashboard (openapi/dashboard.json).
import { Type } from 'typebox';
import { DESCRIPTION_MAX } from './add-endpoint.js';

const Id = Type.Integer({ minimum: 1 });
const Timestamp = Type.String({ description: "ISO 8601 with the server's UTC offset (TZ).", examples: ['2026-11-22T14:05:09+07:00'] });
const Secret = Type.String({ description: 'The signing secret (whsec_...), shown this once.', pattern: '^whsec_' });

export const EndpointIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const DeliveryIdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const EndpointList = Type.Array(
  Type.Object(
    {
      id: Id,
      url: Type.String(),
      description: Type.String(),
      enabled: Type.Boolean(),
      disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was disabled: operator, or a 410 Gone of the receiver.' }),
      created_at: Timestamp,
    },
    { additionalProperties: false },
  ),
);

export const AddEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'https, a public host (unless the server sets WEBHOOK_ALLOW_PRIVATE).' }),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX })),
  },
  { additionalProperties: false },
);

export const AddedEndpointBody = Type.Object({ id: Id, secret: Secret }, { additionalProperties: false });
export const EnabledBody = Type.Object({ id: Id, enabled: Type.Boolean() }, { additionalProperties: false });
export const RotatedBody = Type.Object(
  { secret: Secret, previous_secret_expires_at: Type.String({ description: 'Until then deliveries carry a signature with the replaced secret too.' }) },
  { additionalProperties: false },
);
export const TestSentBody = Type.Object(
  { event_id: Id, delivery_id: Id },
  { additionalProperties: false, description: 'The webhook.test event (its id is the webhook-id) and its delivery in the log.' },
);
export const RedeliveredBody = Type.Object({ id: Id, status: Type.Literal('pending') }, { additionalProperties: false });

const Attempt = Type.Object(
  {
    attempted_at: Timestamp,
    status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no HTTP answer came.' }),
    latency_ms: Type.Integer({ minimum: 0 }),
    error: Type.Union([Type.String(), Type.Null()]),
    response_snippet: Type.String({ description: 'The first 1 KiB of the answer.' }),
  },
  { additionalProperties: false },
);

const Change = Type.Union(
  [
    Type.Object({ previous_status: Type.String(), status: Type.String() }, { additionalProperties: false }),
    Type.Null(),
  ],
  { description: 'The status change the order.status_changed event tells (one of the seven states each); null for a webhook.test.' },
);

const deliveryFields = {
  id: Id,
  event_id: Id,
  type: Type.String({ description: 'The event type: `order.status_changed` or `webhook.test`.', examples: ['order.status_changed'] }),
  change: Change,
  endpoint_id: Id,
  order_id: Type.Union([Id, Type.Null()], { description: 'null for a webhook.test delivery.' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('cancelled')]),
  attempts: Type.Integer({ minimum: 0 }),
  next_attempt_at: Type.Union([Timestamp, Type.Null()], { description: 'When the next attempt is due; null unless pending.' }),
  last_status: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  delivered_at: Type.Union([Timestamp, Type.Null()]),
  attempt_log: Type.Array(Attempt),
};

export const DeliveryList = Type.Array(Type.Object(deliveryFields, { additionalProperties: false }));

export const DeliveryDetail = Type.Object(
  {
    ...deliveryFields,
    payload: Type.String({
      description:
        'The body every attempt of this delivery sends, byte for byte the string that is signed (Standard Webhooks `{"type", "timestamp", "data"}`; docs/webhooks.md). For order.status_changed, `data.source` is one of the sources of docs/events.md.',
    }),
  },
  { additionalProperties: false },
);
