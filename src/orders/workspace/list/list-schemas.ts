// TypeBox contracts of the orders list and its counts in the dashboard (openapi/dashboard.json;
// issue 32 §5). The form of each parameter is checked here (422 invalid_request with `fields`);
// what a form cannot say (a real date, from after to, a cursor this server wrote, a search too
// short for a name) is checked by order-filters.ts and the route.
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../../lib/http/schema-parts.js';
import { FollowUpStepSchema, Member, Status } from '../order/dashboard-schemas.js';
import { MAX_QUERY_LENGTH } from './order-search.js';
import { FLAG_FILTERS } from '../../risk/flags.js';
import { OrderFlag } from '../../risk/flag-schemas.js';

const Day = (what: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${what} (YYYY-MM-DD), a day in the store's time zone, inclusive.`, examples: ['2026-11-22'] });
const Text = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 50;

const filterProperties = {
  q: Type.Optional(
    Type.String({
      maxLength: MAX_QUERY_LENGTH,
      description:
        "One search box; results are the union of what applies. All digits: that order number. A phone in any written form (0812-3456-7890, +62 812 ..., 62812...): that buyer's orders (digits that are an Indonesian number are both). A resi, exactly, whatever its case. Three characters or more, unless a number or a phone: a part of the buyer's name, whatever its case. Fewer than three characters that are neither a number nor a phone: 422 `query_too_short`. Blank: no search.",
    }),
  ),
  from: Type.Optional(Day('Created on or after this day')),
  to: Type.Optional(Day('Created on or before this day')),
  product_id: Type.Optional(Id),
  cs: Type.Optional(Type.String({ pattern: '^(none|[1-9][0-9]{0,14})$', description: "The assigned member's user id, or `none` for the unassigned orders." })),
  payment_method: Type.Optional(Text('`bank_transfer`, `cod` or `gateway`; another value matches nothing.')),
  courier: Type.Optional(Text('The courier as written on the orders (JNE, J&T, ...).')),
  province: Type.Optional(Text("The buyer's province.")),
  utm_source: Type.Optional(Text('The ad parameter utm_source.')),
  utm_campaign: Type.Optional(Text('The ad parameter utm_campaign.')),
  followed_up: Type.Optional(Type.Literal('none', { description: '`none`: only the orders that never had a follow-up press.' })),
  printed: Type.Optional(Type.Union([Type.Literal('false'), Type.Literal('true')], { description: '`false`: only the orders whose label was never printed; `true`: only those with a printed label (POST /dashboard/api/orders/printed).' })),
  stale_hours: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 8760, description: 'Pending orders with no follow-up for more than this many hours (one never followed up: since its creation): who to chase next.' }),
  ),
  reply: Type.Optional(Type.Literal('new', { description: '`new`: only the orders whose buyer wrote and nobody answered or marked it handled yet ("balasan baru").' })),
  flag: Type.Optional(
    Type.Union(FLAG_FILTERS.map((f) => Type.Literal(f)), { description: 'Only the orders with this flag not dismissed (`any`: any flag; the tab "Perlu dicek").' }),
  ),
  spam: Type.Optional(Type.Literal('only', { description: 'Spam orders are left out of every view by default; `only`: only them (the tab "Spam").' })),
};

export const ListQuery = Type.Object(
  {
    status: Type.Optional(Type.Union(Status.anyOf, { description: 'One tab: the orders in this status; absent: every status.' })),
    ...filterProperties,
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 44, description: '`next_cursor` of the previous page, as it came: the page after it. Another text: 422 with `fields.cursor`.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `Orders per page (default ${DEFAULT_LIMIT}).` })),
  },
  { additionalProperties: false },
);

export const CountsQuery = Type.Object(filterProperties, { additionalProperties: false });

/** A view of the list as a bulk action names it (issue 33 §1): the list's tab and filters as a JSON object, without its page. */
export const ViewQuery = Type.Object(
  {
    status: Type.Optional(Type.Union(Status.anyOf, { description: 'The tab: the orders in this status; absent: every status.' })),
    ...filterProperties,
  },
  { additionalProperties: false, description: "The list's query (GET /dashboard/api/orders without `cursor` and `limit`), its values typed as JSON (`product_id` a number)." },
);

const ListedOrder = Type.Object(
  {
    id: Id,
    created_at: Timestamp,
    status: Status,
    customer_name: Type.String(),
    customer_phone: Type.String({ description: 'Normalised, international digits without +: 6281234567890.' }),
    product: Type.String({ description: "The product's name when ordered." }),
    variant: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ description: 'Rupiah.' }),
    payment_method: Type.String(),
    courier: Type.String(),
    resi: Nullable(Type.String()),
    assigned_to: Nullable(Member),
    follow_ups: Type.Object(
      {
        count: Type.Integer({ minimum: 0, description: 'Follow-up presses so far.' }),
        last_step: Nullable(FollowUpStepSchema),
        last_automatic: Type.Boolean({ description: 'Whether the last follow-up was sent by the messaging automation (else a member pressed it).' }),
        last_at: Nullable(Timestamp),
        steps: Type.Array(FollowUpStepSchema, { description: "The steps that fit the order now (the row's WhatsApp button offers them)." }),
      },
      { additionalProperties: false },
    ),
    next_message_at: Type.Union([Timestamp, Type.Null()], { description: "When the order's next automated message is due (the earliest of its messages planned or waiting for quiet hours to end); null: none." }),
    buyer_reply_at: Type.Union([Timestamp, Type.Null()], {
      description: '"Balasan baru": when the buyer\'s reply that nobody answered or marked handled yet came in; null: none waits.',
    }),
    opted_out: Type.Boolean({ description: "The buyer's phone asked this store for no more automated messages (STOP, or WhatsApp's 131050)." }),
    flags: Type.Array(OrderFlag, { description: "The order's flags (issue 43), dismissed ones too (shown greyed)." }),
    spam: Type.Boolean({ description: "The dashboard's spam mark." }),
  },
  { additionalProperties: false },
);

export const OrderListBody = Type.Object(
  {
    orders: Type.Array(ListedOrder, { description: 'Newest first (created_at, then id).' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page.' })),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });

export const OrderCountsBody = Type.Object(
  {
    counts: Type.Object(
      {
        all: Count,
        pending: Count,
        closing: Count,
        paid: Count,
        shipped: Count,
        completed: Count,
        cancelled: Count,
        invalid_no_hp: Count,
        needs_check: Count,
        spam: Count,
      },
      { additionalProperties: false, description: 'Orders in each status under the filters (`all`: their sum). `needs_check` (the tab "Perlu dicek": orders with a flag not dismissed, not spam) and `spam` (the tab "Spam"): the badges of those two tabs, counted over the whole scope of the member (every order of the store, or the orders of a CS), whatever the search and filters.' },
    ),
    capped: Type.Array(Status, {
      description: 'Under a name search the store\'s newest 1,001 matching orders at most are counted: when there are more, every status is listed here and each count (and `all`) is a lower bound, shown "N+". Empty otherwise.',
    }),
  },
  { additionalProperties: false },
);
