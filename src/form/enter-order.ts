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
//
// One order per page (issue 40 §1): the page sends a key of its own with each save (entryKey,
// the Idempotency-Key header). The first save takes the key in the order's transaction (the
// primary key of order_entry_keys decides, so two saves at once cannot both take it); a save
// whose key is taken enters nothing and answers the first save's order (`replayed`), or, when it
// sent other content, idempotency_key_reused. Only a save that entered an order takes its key: a
// refused save leaves it free for the corrected one.
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../lib/db/db.js';
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

/** A page's key of a save (the Idempotency-Key header), and the identity of the body it came with. */
export interface EntryKey {
  key: string;
  hash: string;
}

/** How long a page's key holds its order: a day (a page left open overnight may enter a new one). */
export const ENTRY_KEY_RETENTION_MS = 24 * 3_600_000;

/** The entered order; `replayed`: an earlier save of the same page entered it, and this one entered nothing. */
export type Entered = { id: number; replayed: boolean };

/**
 * Takes the page's key for this save, first thing in the order's transaction: false when a save
 * of the same member and key holds it (live). An expired key is taken over.
 */
async function takeEntryKey(tx: Tx, a: { tenantId: number; userId: number; entry: EntryKey; now: number }): Promise<boolean> {
  const taken = await tx
    .insertInto('order_entry_keys')
    .values({ tenant_id: a.tenantId, user_id: a.userId, entry_key: a.entry.key, request_hash: a.entry.hash, order_id: null, created_at: a.now, expires_at: a.now + ENTRY_KEY_RETENTION_MS })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id', 'entry_key'])
        .doUpdateSet((eb) => ({ request_hash: eb.ref('excluded.request_hash'), order_id: null, created_at: eb.ref('excluded.created_at'), expires_at: eb.ref('excluded.expires_at') }))
        .where('order_entry_keys.expires_at', '<=', a.now),
    )
    .returning('entry_key')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The order an earlier save of the page entered, once its key is known to be taken. */
async function enteredBefore(db: Db, a: { tenantId: number; userId: number; entry: EntryKey }): Promise<{ ok: true; value: Entered } | Refusal<'idempotency_key_reused'>> {
  const row = await db
    .selectFrom('order_entry_keys')
    .select(['request_hash', 'order_id'])
    .where('tenant_id', '=', a.tenantId)
    .where('user_id', '=', a.userId)
    .where('entry_key', '=', a.entry.key)
    .executeTakeFirst();
  if (!row || row.order_id === null || row.request_hash !== a.entry.hash) return refuse('idempotency_key_reused', 'this page key entered another order');
  return succeed({ id: Number(row.order_id), replayed: true });
}

const refused = (fields: EntryField[]): EnterRefusal => ({ ...refuse('invalid_fields', `refused: ${fields.join(', ')}`), fields });

/** Checked as the form's submit checks (read before the write, as the submit reads), then written in one transaction. */
export async function enterOrder(
  ctx: Pick<AppContext, 'db' | 'clock' | 'writeTransaction'>,
  rates: ShippingRates,
  tenantId: number,
  who: { scope: OrderScope; actor: MemberActor },
  input: EnteredOrder,
  entry: EntryKey | null = null,
): Promise<{ ok: true; value: Entered } | EnterRefusal | Refusal<'idempotency_key_reused'>> {
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
  const keyed = entry ? { tenantId, userId: who.actor.actorUserId, entry, now } : null;
  const order = await ctx.writeTransaction(async (tx) => {
    // Taken by an earlier save of the page: nothing is written.
    if (keyed && !(await takeEntryKey(tx, keyed))) return null;
    const placed = await placeOrder(tx, { tenantId, product, draft, uniqueCode: settings.uniqueCode, origin, now });
    if (who.scope.kind === 'assigned') await assignOrder(tx, tenantId, placed.id, { id: who.actor.actorUserId, name: who.actor.actor }, who.actor, now);
    else await assignNewOrder(tx, { tenantId, orderId: placed.id, phone: draft.customer.phone, now });
    if (keyed) {
      await tx.updateTable('order_entry_keys').set({ order_id: placed.id }).where('tenant_id', '=', tenantId).where('user_id', '=', keyed.userId).where('entry_key', '=', keyed.entry.key).execute();
    }
    return placed;
  });
  if (order === null) return enteredBefore(ctx.db, keyed!);
  return succeed({ id: order.id, replayed: false });
}
