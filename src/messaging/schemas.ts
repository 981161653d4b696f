// TypeBox contracts of the messaging routes (issue 41 §3; openapi/dashboard.json).
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../lib/http/schema-parts.js';
import { FollowUpStepSchema } from '../orders/workspace/order/dashboard-schemas.js';
import { PROVIDERS } from './automation.js';
import { MESSAGE_STATES } from './read-automation.js';

const Provider = Type.Union([...PROVIDERS.map((p) => Type.Literal(p)), Type.Null()], { description: '`sandbox`: sends nothing, keeps what it would send in its outbox. null: automation off.' });
const Clock = Type.String({ description: "'HH:MM', 24-hour.", examples: ['20:00'] });
const QuietHours = Nullable(
  Type.Object({ start: Clock, end: Clock }, { additionalProperties: false, description: "Quiet hours [start, end) in the buyer's zone (WIB, WITA or WIT from the province; else the store's time zone); null: none." }),
);
const On = Type.Boolean({ description: 'Sends by itself.' });
const Minutes = Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutes after the order was created.' });
const Hours = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: 'Hours after the order was created.' });
const State = Type.Union(MESSAGE_STATES.map((s) => Type.Literal(s)));

const stepsOf = (partial: boolean) => {
  const o = <T extends Parameters<typeof Type.Object>[0]>(props: T) => (partial ? Type.Partial(Type.Object(props, { additionalProperties: false })) : Type.Object(props, { additionalProperties: false }));
  const steps = {
    fu1: o({ on: On, minutes: Minutes }),
    fu2: o({ on: On, hours: Hours(168) }),
    fu3: o({ on: On }),
    fu4: o({ on: On, hours: Hours(720) }),
    closing: o({ on: On }),
    paid: o({ on: On }),
    shipped: o({ on: On }),
    cancelled: o({ on: On }),
  };
  return partial ? Type.Partial(Type.Object(steps, { additionalProperties: false })) : Type.Object(steps, { additionalProperties: false });
};

export const AutomationBody = Type.Object(
  {
    provider: Provider,
    paused: Type.Boolean({ description: '"Jeda semua pesan otomatis": nothing is sent while on; what falls due waits, then expires 6 hours after it was allowed to go.' }),
    quiet_hours: QuietHours,
    steps: stepsOf(false),
    last_24h: Type.Object(Object.fromEntries(MESSAGE_STATES.map((s) => [s, Type.Integer({ minimum: 0 })])), {
      additionalProperties: false,
      description: "The store's messages whose state last changed in the last 24 hours, by state.",
    }),
  },
  { additionalProperties: false },
);

export const AutomationPatchBody = Type.Object(
  { provider: Type.Optional(Provider), paused: Type.Optional(Type.Boolean()), quiet_hours: Type.Optional(QuietHours), steps: Type.Optional(stepsOf(true)) },
  { additionalProperties: false },
);

export const TestMessageAnswer = Type.Object(
  {
    ok: Type.Boolean(),
    provider_message_id: Nullable(Type.String()),
    error: Nullable(Type.String({ description: 'Why it did not go, in Indonesian.' })),
  },
  { additionalProperties: false },
);

export const OrderMessages = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          id: Id,
          step: FollowUpStepSchema,
          state: State,
          due_at: Timestamp,
          next_at: Nullable(Timestamp),
          sent_at: Nullable(Timestamp),
          reason: Nullable(Type.String({ description: 'Why it did not go, or not yet, in Indonesian.' })),
          text: Type.String({ description: 'As sent; for one not sent, as it would be sent now.' }),
          provider_message_id: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
      { description: 'By due time.' },
    ),
  },
  { additionalProperties: false },
);

export const Outbox = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          id: Id,
          order_id: Nullable(Id),
          step: Nullable(FollowUpStepSchema),
          phone: Type.String(),
          text: Type.String(),
          wa_url: Type.String({ description: 'wa.me with the text, to send it by hand.' }),
          provider_message_id: Type.String(),
          created_at: Timestamp,
        },
        { additionalProperties: false },
      ),
      { description: 'Newest first, at most 100.' },
    ),
  },
  { additionalProperties: false },
);
