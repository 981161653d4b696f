// An order entered by hand ("Tambah pesanan", POST /dashboard/api/orders, issue 33 §2): a buyer
// ordered over chat and a member fills in the order form for them. It lives beside the form
// because it is the form: the form's rules judge it (validateOrder: a combination of the
// product's options, the quantity, the buyer, a courier serving the province, a payment method
// offered), its price and shipping fee are the form's (a fee agreed with the buyer in chat may
// replace the rate's, `shipping_fee`, under `lapak order create`'s rule), and placeOrder writes it as the form's
// submit does (pending, the unique code of a bank transfer). Source `manual`; the `created`
// history entry names the member. A member who sees only the orders assigned to them (a CS) is
// assigned to the order in the same transaction, with its `assigned_to` entry, so that it is in
// their list, and the rotation does not advance; an owner's or admin's order goes through the CS
// rotation (src/rotation/assign-new-order.ts), as a form's order does. No event: SPEC defines only order.status_changed, and no new order writes one.
//
// The payment methods are the form's for the product less the gateway: a gateway's payment page
// is reached from the form's thank-you page, which an order entered by hand does not have.
import type { AppContext } from '../context.js';
import { refuse, succeed, type Refusal } from '../lib/outcome.js';
import { assignOrder } from '../orders/core/assign-orders.js';
import { CUSTOMER_FIELDS, isShippingFee, type CustomerField } from '../orders/core/create-order.js';
import { withShippingFee } from '../orders/core/price.js';
import type { MemberActor } from '../orders/core/member-actor.js';
import type { OrderScope } from '../orders/core/order-scope.js';
import { assignNewOrder } from '../rotation/assign-new-order.js';
import { findProduct } from '../products/find-product.js';
import { parseVariant } from '../products/variant-prices.js';
import type { ShippingRates } from '../shipping/rates.js';
import { loadStoreSettings, offeredPaymentMethods } from '../tenants/store-settings.js';
import { productOffer } from './load-form.js';
import type { FormField } from './messages.js';
import { placeOrder } from './submit-order.js';
import { validateOrder } from './validate-submission.js';


/** The fields of `lapak order create` that a member enters (the price, fee and status are the form's). */
export interface EnteredOrder {
  product_id: number;
  /** The combination as the order shows it, options joined by " / " ("Hitam / L"); blank for a product without variations. */
  variant?: string;
  /** 1 to 99; default 1. */
  quantity?: number;
  courier?: string;
  payment_method?: string;
  /** A fee agreed with the buyer in chat, replacing the rate's (whole rupiah, 0 or more, as `lapak order create` takes it); absent or null: the rate's. */
  shipping_fee?: number | null;
  customer?: { [F in CustomerField]?: F extends 'email' ? string | null : string };
}

/** A field of the entry the form's rules refused, by its place in the body. */
export type EntryField = 'product_id' | 'variant' | 'quantity' | 'courier' | 'payment_method' | 'shipping_fee' | `customer.${CustomerField}`;

export type EnterRefusal = Refusal<'invalid_fields'> & { fields: EntryField[] };

const ENTRY_FIELD: Record<FormField, EntryField> = {
  variant: 'variant',
  quantity: 'quantity',
  name: 'customer.name',
  phone: 'customer.phone',
  email: 'customer.email',
  address: 'customer.address',
  village: 'customer.village',
  district: 'customer.district',
  city: 'customer.city',
  province: 'customer.province',
  postal_code: 'customer.postal_code',
  courier: 'courier',
  payment_method: 'payment_method',
};

const refused = (fields: EntryField[]): EnterRefusal => ({ ...refuse('invalid_fields', `refused: ${fields.join(', ')}`), fields });

/** Checked as the form's submit checks (read before the write, as the submit reads), then written in one transaction. */
export async function enterOrder(
  ctx: Pick<AppContext, 'db' | 'clock' | 'writeTransaction'>,
  rates: ShippingRates,
  tenantId: number,
  who: { scope: OrderScope; actor: MemberActor },
  input: EnteredOrder,
): Promise<{ ok: true; value: { id: number } } | EnterRefusal> {
  const product = await findProduct(ctx.db, tenantId, input.product_id);
  const settings = await loadStoreSettings(ctx.db, tenantId);
  if (!product || !settings) return refused(['product_id']);
  const offer = productOffer(product, offeredPaymentMethods(settings), await rates.table(tenantId));
  const form = { product, rates: offer.rates, paymentMethods: offer.paymentMethods.filter((m) => m === 'bank_transfer' || m === 'cod') };

  // The form's fields as the form's submit has them.
  const customer: Record<string, string | null | undefined> = input.customer ?? {};
  const values: Record<string, string> = {
    quantity: String(input.quantity ?? 1),
    courier: input.courier ?? '',
    payment_method: input.payment_method ?? '',
    ...Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, customer[field] ?? ''])),
  };
  const checked = validateOrder(form, (name) => (values[name] ?? '').trim(), parseVariant(input.variant ?? '', product.variants), {});
  const fee = input.shipping_fee ?? null;
  const feeRefused: EntryField[] = fee === null || isShippingFee(fee) ? [] : ['shipping_fee'];
  if (!checked.ok) return refused([...(Object.keys(checked.errors) as FormField[]).map((field) => ENTRY_FIELD[field]), ...feeRefused]);
  if (feeRefused.length > 0) return refused(feeRefused);
  // The courier still has to serve the province (the form's rule above); only its fee is replaced.
  const draft = fee === null ? checked.draft : { ...checked.draft, quote: withShippingFee(checked.draft.quote, fee) };

  const now = ctx.clock.now();
  const origin = { source: 'manual' as const, actor: who.actor.actor, actorUserId: who.actor.actorUserId };
  const order = await ctx.writeTransaction(async (tx) => {
    const placed = await placeOrder(tx, { tenantId, product, draft, uniqueCode: settings.uniqueCode, origin, now });
    if (who.scope.kind === 'assigned') await assignOrder(tx, tenantId, placed.id, { id: who.actor.actorUserId, name: who.actor.actor }, who.actor, now);
    else await assignNewOrder(tx, { tenantId, orderId: placed.id, phone: draft.customer.phone, now });
    return placed;
  });
  return succeed(order);
}
