// TypeBox contracts of the settings routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { AUDITED_FIELDS } from './audit-log.js';
import { ANY_PROVINCE, PROVINCES } from '../shipping/provinces.js';
import { GATEWAYS, PAYMENT_METHOD_SETTINGS } from '../tenants/store-settings.js';
import { SenderAddressSchema } from '../shipping/sender-address.js';
import { FOLLOW_UP_STEPS, METHOD_KINDS } from '../templates/follow-up-steps.js';
import { AUTO_CANCEL_MAX_DAYS, AUTO_CANCEL_MIN_DAYS } from '../orders/auto-cancel/auto-cancel-settings.js';

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const PaymentMethod = literals(PAYMENT_METHOD_SETTINGS);
const Gateway = literals(GATEWAYS);
const OfferedMethod = literals(['bank_transfer', 'cod', ...GATEWAYS]);
const Template = Type.String({ maxLength: 1000, description: 'Placeholders written {name}; empty or null: the default template.' });

export const BankAccountSchema = Type.Object(
  {
    bank: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
    number: Type.String({ pattern: '^[0-9 .-]{4,30}$', description: 'Digits, spaces, dots or dashes (4 to 30).' }),
    holder: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  },
  { additionalProperties: false },
);

export const RateSchema = Type.Object(
  {
    courier: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }),
    province: Type.Union([...PROVINCES.map((p) => Type.Literal(p)), Type.Literal(ANY_PROVINCE)], { description: 'One of the 38 provinces, or "*": every province without its own rate.' }),
    fee: Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Rupiah.' }),
  },
  { additionalProperties: false },
);

const SetOrNull = Type.Union([Type.Literal('set'), Type.Null()], { description: '"set" when stored; the value is never read back.' });

export const SettingsBody = Type.Object(
  {
    store_name: Type.String(),
    whatsapp_number: Type.Union([Type.String({ description: 'International digits, 62...' }), Type.Null()]),
    payment_methods: Type.Array(PaymentMethod),
    gateway: Type.Union([Gateway, Type.Null()]),
    offered_payment_methods: Type.Array(OfferedMethod, { description: 'What the order form offers now: the gateway only when its credentials are set.' }),
    bank_accounts: Type.Array(BankAccountSchema),
    gateway_credentials: Type.Object(
      { midtrans_server_key: SetOrNull, xendit_secret_key: SetOrNull, xendit_callback_token: SetOrNull },
      { additionalProperties: false },
    ),
    unique_code: Type.Boolean(),
    shipping_rates: Type.Array(RateSchema),
    provinces: Type.Array(Type.String(), { description: 'The 38 provinces a rate may name (besides "*"), in the form\'s order.' }),
    thank_you_template: Type.Union([Type.String(), Type.Null()], { description: 'Null: the default (default_templates.thank_you).' }),
    opening_message_template: Type.Union([Type.String(), Type.Null()], { description: 'Null: the default (default_templates.opening).' }),
    default_templates: Type.Object({ thank_you: Type.String(), opening: Type.String() }, { additionalProperties: false }),
    placeholders: Type.Array(Type.String(), { description: 'The placeholders templates may use, without braces.' }),
    time_zone: Type.Union([Type.String(), Type.Null()], { description: "The store's IANA time zone; null: the server's (server_time_zone)." }),
    server_time_zone: Type.String(),
    sender_address: Type.Union([SenderAddressSchema, Type.Null()], { description: 'Null: not set yet (labels then show the store name and WhatsApp number as the sender).' }),
    auto_cancel_days: Type.Union([Type.Integer({ minimum: AUTO_CANCEL_MIN_DAYS, maximum: AUTO_CANCEL_MAX_DAYS }), Type.Null()], {
      description: 'Pending orders are cancelled this many days after they were placed (docs/auto-cancel.md); null: off.',
    }),
    auto_cancel_since: Type.Union([Type.String(), Type.Null()], {
      description: "When auto-cancel was last turned on (the server's time zone): it applies to the orders placed from then on, unless the older ones were included. Null: off.",
    }),
  },
  { additionalProperties: false },
);

export const SettingsPatch = Type.Object(
  {
    store_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    whatsapp_number: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
    payment_methods: Type.Optional(Type.Array(PaymentMethod, { minItems: 1, maxItems: 3, uniqueItems: true })),
    gateway: Type.Optional(Type.Union([Gateway, Type.Null()])),
    thank_you_template: Type.Optional(Nullable(Template)),
    opening_message_template: Type.Optional(Nullable(Template)),
    time_zone: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'An IANA name (Asia/Jakarta); null: the server\'s.' }))),
    shipping_rates: Type.Optional(Type.Array(RateSchema, { maxItems: 2000, description: "Replaces the store's whole rate table." })),
    sender_address: Type.Optional(Type.Union([SenderAddressSchema, Type.Null()], { description: 'The whole address at once; null clears it.' })),
    auto_cancel_days: Type.Optional(
      Type.Union([Type.Integer({ minimum: AUTO_CANCEL_MIN_DAYS, maximum: AUTO_CANCEL_MAX_DAYS }), Type.Null()], {
        description: 'Cancel pending orders this many days (1 to 30) after they were placed; null: off. Turned on, it applies to the orders placed from then on; a change of days while on keeps that moment.',
      }),
    ),
  },
  { additionalProperties: false },
);

const Secret = Nullable(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }));

export const SensitivePatch = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 256, description: "The owner's password, entered again." })),
    bank_accounts: Type.Optional(Type.Array(BankAccountSchema, { maxItems: 10 })),
    midtrans_server_key: Type.Optional(Secret),
    xendit_secret_key: Type.Optional(Secret),
    xendit_callback_token: Type.Optional(Secret),
    unique_code: Type.Optional(Type.Boolean()),
    whatsapp_access_token: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', description: "The WhatsApp Cloud API's access token (a system user's, with whatsapp_business_messaging); sealed, shown as \"set\"." }))),
    fonnte_token: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: "Fonnte's device token; sealed, shown as \"set\"." }))),
  },
  { additionalProperties: false },
);

export const AuditList = Type.Array(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      field: literals(AUDITED_FIELDS),
      user: Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String(), email: Type.String() }, { additionalProperties: false }),
      created_at: Type.String({ description: "When, in the server's time zone (SPEC's timestamp form)." }),
    },
    { additionalProperties: false },
  ),
);

export const PreviewBody = Type.Object(
  {
    kind: literals(['thank_you', 'opening', 'follow_up']),
    step: Type.Optional(Type.Union(FOLLOW_UP_STEPS.map((s) => Type.Literal(s)), { description: 'kind follow_up: the step (required).' })),
    payment_method: Type.Optional(Type.Union(METHOD_KINDS.map((m) => Type.Literal(m)), { description: 'kind follow_up: whose text (required).' })),
    template: Nullable(Type.String({ maxLength: 1000 })),
    time_zone: Type.Optional(Type.String({ maxLength: 64, description: "Render dates in this zone (the one being chosen); default: the store's." })),
  },
  { additionalProperties: false },
);

export const PreviewAnswer = Type.Object(
  {
    text: Type.String({ description: 'The message as the renderer makes it, from sample data.' }),
    unknown_placeholders: Type.Array(Type.String(), { description: 'Placeholders that render as written (saving would answer 422 unknown_placeholder).' }),
    placeholders: Type.Array(Type.String()),
    time_zone: Type.String(),
    order_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'kind follow_up: the real order of the store the text was rendered on (its newest of that payment method); null: sample data.' }),
  },
  { additionalProperties: false },
);
