// The order form in the dashboard (issue 33 §2; docs/dashboard.md, "Orders"): a member enters an
// order a buyer placed over chat ("Tambah pesanan"), held to the order form's rules
// (enter-order.ts). Its answer is the order's page, as GET /dashboard/api/orders/{id} answers it.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { Id, Nullable } from '../lib/http/schema-parts.js';
import { BUYER_FIELD_TEXT, DASHBOARD_FIELD_TEXT, phoneFieldText } from '../lib/http/messages.js';
import { OrderPageBody } from '../orders/workspace/order/dashboard-schemas.js';
import { memberActor } from '../orders/core/member-actor.js';
import { moverOf, orderScopeOf } from '../orders/core/order-scope.js';
import { readOrderPage } from '../orders/workspace/order/read-order-page.js';
import { storeRates } from '../shipping/rates.js';
import { contentHash, isValidIdempotencyKey } from '../idempotency/idempotency-key.js';
import { ENTRY_KEY_RETENTION_MS, enterOrder, type EntryField } from './enter-order.js';
import { MAX_QUANTITY } from './validate-submission.js';

const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });

export const EntryBody = Type.Object(
  {
    product_id: Id,
    variant: Type.Optional(Text(300, 'The combination of options joined by " / " (`Hitam / L`), in the order of the variations; blank or absent for a product without variations.')),
    quantity: Type.Optional(Type.Integer({ description: `1 to ${MAX_QUANTITY}; default 1.` })),
    courier: Text(200, "One of the store's couriers (of the product's, when it names some) with a rate to the buyer's province."),
    payment_method: Text(40, '`bank_transfer` or `cod`, as the store (and the product) offer them.'),
    shipping_fee: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: Number.MAX_SAFE_INTEGER,
          description: "A fee agreed with the buyer in chat, in whole rupiah (0 or more, as `lapak order create` takes it), replacing the rate's; the courier must still serve the province. Absent or null: the rate's.",
        }),
      ),
    ),
    customer: Type.Object(
      {
        name: Text(300),
        phone: Text(40, 'An Indonesian mobile number in any written form; stored normalised.'),
        email: Type.Optional(Nullable(Text(300))),
        address: Text(1000),
        village: Text(300),
        district: Text(300),
        city: Text(300),
        province: Text(100, 'One of the 38 provinces.'),
        postal_code: Text(20),
      },
      { additionalProperties: false, description: "The buyer, held to the order form's rules." },
    ),
  },
  { additionalProperties: false },
);

const EntryHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: 120,
      pattern: '^[A-Za-z0-9._:-]{8,120}$',
      description:
        `The page's own key, the same for every save of one "Tambah pesanan" page (the web app makes one per page). The first save that enters an order takes it for ${ENTRY_KEY_RETENTION_MS / 3_600_000} hours, per member; ` +
        'another save with the key enters nothing: the same body answers the first save\'s order (201, `Idempotency-Replayed: true`), another body 422 `idempotency_key_reused`. A refused save does not take it. ' +
        'Malformed: 422 `idempotency_key_invalid`. Without it every save enters an order.',
    }),
  ),
});

const ENTRY_FIELD_TEXT: Record<EntryField, string> = {
  product_id: DASHBOARD_FIELD_TEXT.product,
  variant: DASHBOARD_FIELD_TEXT.variant,
  quantity: DASHBOARD_FIELD_TEXT.quantity,
  courier: DASHBOARD_FIELD_TEXT.orderCourier,
  payment_method: DASHBOARD_FIELD_TEXT.paymentMethod,
  shipping_fee: DASHBOARD_FIELD_TEXT.shippingFee,
  ...BUYER_FIELD_TEXT,
};

export function formDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rates = storeRates(ctx.db);

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders',
    access: 'member',
    // A fee the schema refuses (a fraction, below 0, text) says the rule, as the operation does.
    fieldText: (path) => (path === 'shipping_fee' ? DASHBOARD_FIELD_TEXT.shippingFee : undefined),
    contract: {
      operationId: 'enterOrder',
      summary: 'Enter an order by hand ("Tambah pesanan"), as the order form would take it',
      description:
        "Any member. The fields of `lapak order create`, held to the order form's rules: a combination of the product's options, a quantity of 1 to 99, the buyer's fields, a courier that serves the province, a payment method offered (`bank_transfer` or `cod`: a gateway's payment page is reached from the form's thank-you page only). " +
        "The unit price, the shipping fee (the store's rate for the courier and province, or `shipping_fee`: a fee agreed with the buyer, whole rupiah, 0 or more; else 422 `fields.shipping_fee`) and the unique code of a bank transfer (when the store has it on) are the form's; the order is `pending`, its source `manual`, its `created` history entry names the member. " +
        'A member who sees only their own orders (a CS) is assigned to it in the same transaction (an `assigned_to` entry); owners and admins are not. No event is sent (no new order sends one). ' +
        'A field the rules refuse, or a product that is not in the store or is deleted (`product_id`): 422 `invalid_request` naming each in `fields`, and nothing is written. Answers the new order as GET /dashboard/api/orders/{id} does.',
      tags: ['Orders'],
      security: [{ [SESSION_SCHEME]: [] }],
      headers: EntryHeaders,
      body: EntryBody,
      response: {
        201: jsonResponse("The new order, or (a repeat of the page's save) the order its first save entered.", OrderPageBody, {
          'Idempotency-Replayed': { description: "Present (`true`) only when an earlier save with the page's Idempotency-Key entered the order: nothing was entered now.", type: 'string', enum: ['true'] },
        }),
        ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, ...WRITE_CODES, 'invalid_request', 'idempotency_key_invalid', 'idempotency_key_reused']),
      },
    },
    handler: async ({ request, session, body }) => {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header.join(',') : header;
      if (key !== undefined && !isValidIdempotencyKey(key)) return dashboardFailure('idempotency_key_invalid');
      const actor = await memberActor(ctx.db, session.userId);
      const scope = orderScopeOf(session);
      const entry = key === undefined ? null : { key, hash: contentHash(body) };
      const entered = await enterOrder(ctx, rates, session.tenantId, { scope, actor }, body, entry);
      if (!entered.ok && entered.code === 'idempotency_key_reused') return dashboardFailure('idempotency_key_reused');
      if (!entered.ok) {
        return invalid(Object.fromEntries(entered.fields.map((field) => [field, field === 'customer.phone' ? phoneFieldText(body.customer.phone, ENTRY_FIELD_TEXT[field]) : ENTRY_FIELD_TEXT[field]])));
      }
      const page = await readOrderPage(ctx.db, session.tenantId, entered.value.id, scope, moverOf(session), ctx.config.timeZone);
      if (!page.ok) return dashboardFailure(page.code);
      return { status: 201, body: { order: page.value }, ...(entered.value.replayed ? { headers: { 'Idempotency-Replayed': 'true' } } : {}) };
    },
  });
}
