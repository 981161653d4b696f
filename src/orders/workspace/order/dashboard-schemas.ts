// TypeBox contracts of one order's routes in the dashboard (openapi/dashboard.json; issue 32 §5).
import { Type } from 'typebox';
import { OrderFlag } from '../../risk/flag-schemas.js';
import { Id, Nullable, Timestamp } from '../../../lib/http/schema-parts.js';
import { CHANGE_SOURCE_NAMES } from '../../../events/sources.js';
import { MAX_NOTE } from './add-note.js';
import { MAX_COURIER, MAX_RESI } from './edit-order.js';
import { ROLES } from '../../../lib/permissions.js';
import { ORDER_STATUSES } from '../../core/statuses.js';
import { FOLLOW_UP_STEPS } from '../../../templates/follow-up-steps.js';

export const FollowUpStepSchema = Type.Union(FOLLOW_UP_STEPS.map((s) => Type.Literal(s)), { description: 'fu1-fu4 (pending), closing, paid, shipped, cancelled.' });

export const Status = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
export const Member = Type.Object({ id: Id, name: Type.String({ description: 'The name shown (the email when the name is blank).' }) }, { additionalProperties: false });

export const OrderIdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const Customer = Type.Object(
  {
    name: Type.String(),
    phone: Type.String({ description: 'Normalised, international digits without +: 6281234567890.' }),
    email: Nullable(Type.String()),
    address: Type.String(),
    village: Type.String(),
    district: Type.String(),
    city: Type.String(),
    province: Type.String(),
    postal_code: Type.String(),
  },
  { additionalProperties: false },
);

const HistoryEntry = Type.Object(
  {
    created_at: Timestamp,
    source: Nullable(Type.String({ description: `Where the change came from: ${CHANGE_SOURCE_NAMES.join(', ')} (an open list). Null only on the synthesized creation entry.` })),
    actor: Nullable(Type.String({ description: "Who: a member's name, an API key's connector name, the gateway, `form`, `cli`, `system`. Null only on the synthesized creation entry." })),
    actor_user_id: Nullable(Id),
    field: Type.String({
      description:
        '`created` (new_value: the first status), `status`, `reason` (new_value: why the move beside it was made), `assigned_to` (member names), `follow_up` (new_value: the step a member opened WhatsApp with), `courier`, `resi`, or a buyer field `customer.name`, `customer.phone`, ...',
    }),
    old_value: Nullable(Type.String()),
    new_value: Nullable(Type.String()),
    synthesized: Type.Boolean({
      description: 'True on the one entry not read from the history: the creation of an order placed before orders recorded theirs, made up from its created_at, always the last (oldest) entry.',
    }),
  },
  { additionalProperties: false },
);

export const OrderNote = Type.Object(
  { id: Id, text: Type.String(), author: Member, created_at: Timestamp },
  { additionalProperties: false, description: "An internal note, for the store's members only." },
);

const Order = Type.Object(
  {
    id: Id,
    status: Status,
    created_at: Timestamp,
    updated_at: Timestamp,
    source: Nullable(Type.String({ description: 'Where the order came from: form, manual, api, cli, import, system; null for orders placed before it was recorded.' })),
    product_id: Id,
    product: Type.String({ description: "The product's name when ordered." }),
    variant: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    unit_price: Type.Integer({ description: 'Rupiah.' }),
    shipping_fee: Type.Integer({ description: 'Rupiah.' }),
    unique_code: Nullable(Type.Integer({ description: "The transfer's unique code inside the total." })),
    total: Type.Integer({ description: 'Rupiah: unit price x quantity + shipping fee + unique code. No edit changes it.' }),
    payment_method: Type.String(),
    payment_gateway: Nullable(
      Type.Object(
        { gateway: Type.String({ description: 'midtrans or xendit.' }), reference: Type.String({ description: 'The Snap token or the Xendit invoice id.' }) },
        { additionalProperties: false },
      ),
    ),
    courier: Type.String(),
    resi: Nullable(Type.String()),
    tracking_url: Nullable(Type.String({ description: "The courier's public tracking page for the resi (src/orders/core/tracking-links.ts); null: no resi, or a courier not in the table." })),
    customer: Customer,
    ad_params: Type.Record(Type.String(), Type.String(), { description: 'As they reached the form: fbclid, gclid, utm_*.' }),
    utm_source: Nullable(Type.String()),
    utm_campaign: Nullable(Type.String()),
    assigned_to: Nullable(Member),
    moves: Type.Array(
      Type.Object({ status: Status, needs: Nullable(Type.Union([Type.Literal('resi'), Type.Literal('reason')])) }, { additionalProperties: false }),
      { description: 'The moves this member may make now (the status moves table), and what each needs.' },
    ),
    follow_ups: Type.Object(
      {
        count: Type.Integer({ minimum: 0 }),
        last_step: Nullable(FollowUpStepSchema),
        last_automatic: Type.Boolean({ description: 'Whether the last follow-up was sent by the messaging automation (else a member pressed it).' }),
        last_at: Nullable(Timestamp),
        steps: Type.Array(FollowUpStepSchema, { description: 'The steps that fit the order now (FU1-FU4 while pending, then the status\'s own message; none when completed or invalid_no_hp).' }),
      },
      { additionalProperties: false, description: "The follow-up presses so far, and the steps this order's page offers." },
    ),
    flags: Type.Array(OrderFlag, { description: "The order's flags (issue 43), dismissed ones too (shown greyed)." }),
    spam: Type.Boolean({ description: "The dashboard's spam mark (not a status): out of every tab, count and export by default." }),
    phone_blocked: Type.Boolean({ description: "The buyer's phone is on the store's blocked list." }),
    history: Type.Array(HistoryEntry, { description: 'Newest first.' }),
    notes: Type.Array(OrderNote, { description: 'Newest first.' }),
  },
  { additionalProperties: false },
);

export const OrderPageBody = Type.Object({ order: Order }, { additionalProperties: false });

/** A status move's answer: the order, and whether the move changed it (false: it was already in that status). */
export const MovedOrderBody = Type.Object(
  { order: Order, changed: Type.Boolean({ description: 'false when the order was already in the status sent (a repeat of the move): nothing was written.' }) },
  { additionalProperties: false },
);

export const StatusMoveBody = Type.Object(
  {
    status: Status,
    expected_status: Type.Optional(Status),
    resi: Type.Optional(
      Type.String({
        maxLength: 200,
        description: `Sets the resi with the move, its spaces taken out (\`JP 1234 5678 90\` is stored \`JP1234567890\`); at most ${MAX_RESI} characters without them (422 \`fields.resi\`). Paid to shipped, and a COD order's closing to shipped, need one, sent here or already on the order.`,
      }),
    ),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why: needed by the moves that undo (owner, admin); recorded in the history.' })),
  },
  { additionalProperties: false },
);

const Text = (max: number) => Type.String({ maxLength: max });

export const EditOrderBody = Type.Object(
  {
    customer: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Text(300)),
          phone: Type.Optional(Text(40)),
          email: Type.Optional(Nullable(Text(300))),
          address: Type.Optional(Text(1000)),
          village: Type.Optional(Text(300)),
          district: Type.Optional(Text(300)),
          city: Type.Optional(Text(300)),
          province: Type.Optional(Text(100)),
          postal_code: Type.Optional(Text(20)),
        },
        { additionalProperties: false, description: "The buyer's fields, held to the order form's rules." },
      ),
    ),
    courier: Type.Optional(Type.String({ maxLength: 200, description: `At most ${MAX_COURIER} characters. The shipping fee stays.` })),
    resi: Type.Optional(Nullable(Type.String({ maxLength: 200, description: `Its spaces taken out (\`JP 1234 5678 90\` is stored \`JP1234567890\`), then at most ${MAX_RESI} characters; null or blank removes it.` }))),
  },
  { additionalProperties: false },
);

export const FollowUpBody = Type.Object({ step: FollowUpStepSchema }, { additionalProperties: false });

export const FollowUpPreviews = Type.Object(
  {
    steps: Type.Array(
      Type.Object({ step: FollowUpStepSchema, text: Type.String({ description: 'The text a press of the step would open WhatsApp with, rendered for the order now.' }) }, { additionalProperties: false }),
      { description: "The steps that fit the order's status now, in order; empty for a completed order or one in invalid_no_hp." },
    ),
  },
  { additionalProperties: false },
);

export const FollowUpAnswer = Type.Object(
  {
    wa_url: Type.String({ description: 'https://wa.me/<buyer, 62...>?text=<the rendered text, URL-encoded: line breaks as %0A, emoji kept>.' }),
    step: FollowUpStepSchema,
    at: Timestamp,
  },
  { additionalProperties: false },
);

export const NoteBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: MAX_NOTE, description: `1 to ${MAX_NOTE} characters; blank is refused.` }) }, { additionalProperties: false });

export const AssignResultBody = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          id: Id,
          outcome: Type.Union([Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('refused')]),
          code: Type.Optional(Type.Literal('order_not_found')),
        },
        { additionalProperties: false },
      ),
      { description: 'One per id, in the order sent.' },
    ),
  },
  { additionalProperties: false },
);

export const AssigneesBody = Type.Object(
  {
    assignees: Type.Array(
      Type.Object(
        {
          id: Id,
          name: Type.String({ description: "The name shown, as the order's `assigned_to` names the member." }),
          role: Type.Union(ROLES.map((role) => Type.Literal(role))),
        },
        { additionalProperties: false },
      ),
      { description: 'Every member of the store: CS first, then by name.' },
    ),
  },
  { additionalProperties: false },
);
