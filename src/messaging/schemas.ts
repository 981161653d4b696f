// TypeBox contracts of the messaging routes (issue 41 §3; openapi/dashboard.json).
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../lib/http/schema-parts.js';
import { FollowUpStepSchema } from '../orders/workspace/order/dashboard-schemas.js';
import { HALTS, PROVIDERS } from './automation.js';
import { FOLLOW_UP_STEPS } from '../templates/follow-up-steps.js';
import { MESSAGE_STATES } from './read-automation.js';

const Provider = Type.Union([...PROVIDERS.map((p) => Type.Literal(p)), Type.Null()], {
  description:
    '`cloud_api`: the WhatsApp Cloud API (the operator\'s Meta app, the store\'s number and access token). `fonnte`: Fonnte, unofficial (its token, the accepted risk). `sandbox`: sends nothing, keeps what it would send in its outbox. null: automation off.',
});
const Template = Nullable(
  Type.Object(
    {
      name: Type.String({ pattern: '^[a-z0-9_]{1,512}$', description: 'The approved template\'s name at Meta.' }),
      language: Type.String({ pattern: '^[a-z]{2,3}(_[A-Z]{2})?$', description: 'Its language code, e.g. `id`, `en_US`.' }),
      params: Type.Array(Type.String({ pattern: '^[a-z_]{1,40}$' }), {
        maxItems: 20,
        description: 'The placeholders (without braces: `nama`, `total`, ...) that fill its named parameters, in order; each is sent with `parameter_name` equal to the placeholder.',
      }),
    },
    { additionalProperties: false, description: 'The template a step sends outside the 24-hour window; null: none (the step is skipped there).' },
  ),
);
const StepTemplates = (partial: boolean) => {
  const props = Object.fromEntries(FOLLOW_UP_STEPS.map((step) => [step, partial ? Type.Optional(Template) : Template]));
  return Type.Object(props, { additionalProperties: false });
};
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
    fu4: partial
      ? o({ on: On, hours: Nullable(Type.Integer({ minimum: 1, maximum: 720, description: 'Hours after the order was created; null: back to the default timing.' })) })
      : o({
          on: On,
          hours: Hours(720),
          default: Type.Boolean({
            description: 'The store has not chosen its own timing: fu4 goes 72 hours after creation (`hours`), or, for an order auto-cancel will cancel, 24 hours before the cancellation (docs/auto-cancel.md).',
          }),
        }),
    closing: o({ on: On }),
    paid: o({ on: On }),
    shipped: o({ on: On }),
    cancelled: o({ on: On }),
  };
  return partial ? Type.Partial(Type.Object(steps, { additionalProperties: false })) : Type.Object(steps, { additionalProperties: false });
};

const NumberId = Type.String({ pattern: '^[0-9]{1,30}$' });

export const AutomationBody = Type.Object(
  {
    provider: Provider,
    halted: Nullable(
      Type.Union(
        HALTS.map((h) => Type.Literal(h)),
        { description: '`token`: the Cloud API refused the access token (expired or revoked; save a new one). `device`: Fonnte\'s phone disconnected. Nothing is sent meanwhile.' },
      ),
    ),
    paused: Type.Boolean({ description: '"Jeda semua pesan otomatis": nothing is sent while on; what falls due waits, then expires 6 hours after it was allowed to go.' }),
    quiet_hours: QuietHours,
    steps: stepsOf(false),
    last_24h: Type.Object(Object.fromEntries(MESSAGE_STATES.map((s) => [s, Type.Integer({ minimum: 0 })])), {
      additionalProperties: false,
      description: "The store's messages whose state last changed in the last 24 hours, by state.",
    }),
    cloud_api: Type.Object(
      {
        available: Type.Boolean({ description: "The server's operator set up the Meta app (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN); false: `cloud_api` cannot be chosen." }),
        phone_number_id: Nullable(NumberId),
        waba_id: Nullable(NumberId),
        phone: Nullable(Type.String({ description: 'The number buyers write to (62...): the thank-you page\'s WhatsApp button with `cloud_api`.' })),
        access_token: Nullable(Type.Literal('set')),
        templates: StepTemplates(false),
        paid_last_30_days: Type.Integer({ minimum: 0, description: 'Automated messages Meta priced as paid templates in the last 30 days (the seller pays Meta for them).' }),
        webhook_url: Type.String({ description: 'The callback URL to set in the Meta app.' }),
      },
      { additionalProperties: false },
    ),
    fonnte: Type.Object(
      {
        token: Nullable(Type.Literal('set')),
        daily_cap: Type.Integer({ minimum: 1 }),
        accepted_risk: Type.Boolean(),
        webhook_url: Nullable(Type.String({ description: "The address to set as the device's webhook in Fonnte (secret: anyone with it can post to the store)." })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const AutomationPatchBody = Type.Object(
  {
    provider: Type.Optional(Provider),
    paused: Type.Optional(Type.Boolean()),
    quiet_hours: Type.Optional(QuietHours),
    steps: Type.Optional(stepsOf(true)),
    cloud_api: Type.Optional(
      Type.Object(
        {
          phone_number_id: Type.Optional(Nullable(NumberId)),
          waba_id: Type.Optional(Nullable(NumberId)),
          phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
          templates: Type.Optional(StepTemplates(true)),
        },
        { additionalProperties: false },
      ),
    ),
    fonnte: Type.Optional(
      Type.Object(
        {
          daily_cap: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, description: 'Messages a day at most, counted in the store\'s day (default 200).' })),
          accepted_risk: Type.Optional(Type.Boolean({ description: 'The owner read that Fonnte is unofficial and can get the number banned; required to choose it.' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
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

export const FonnteSecretAnswer = Type.Object(
  { webhook_url: Type.String({ description: "The store's new Fonnte webhook address: set it in Fonnte's device settings; the old one answers 404 from now on." }) },
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

export const ConversationBody = Type.Object(
  {
    provider: Provider,
    window_open: Type.Boolean({ description: 'The buyer wrote within 24 hours: free text may go (the Cloud API).' }),
    window_closes_at: Nullable(Timestamp),
    opted_out: Type.Boolean({ description: 'The phone asked for no more automated messages from this store (STOP, or 131050).' }),
    reply_waiting: Type.Boolean({ description: '"Balasan baru": the buyer wrote and nobody answered or marked it handled.' }),
    messages: Type.Array(
      Type.Object(
        {
          id: Id,
          direction: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: '`in`: the buyer\'s; `out`: the store\'s (a CS, or Lapak\'s reply to STOP).' }),
          text: Type.String(),
          state: Type.String({ description: '`received`; for `out`: sent, delivered, read or failed.' }),
          reason: Nullable(Type.String({ description: 'Why it failed, in Indonesian.' })),
          at: Timestamp,
          by: Nullable(Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
      { description: 'Oldest first; the newest 200.' },
    ),
  },
  { additionalProperties: false },
);

export const AnswerBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 4096, pattern: '\\S' }) }, { additionalProperties: false });

export const AnswerResult = Type.Object(
  { id: Id, ok: Type.Boolean({ description: 'The provider accepted it.' }), error: Nullable(Type.String({ description: 'Why the provider refused it.' })) },
  { additionalProperties: false },
);
