// A submitted order form becomes exactly one pending order (with the store's unique code
// added to a bank transfer's total when the store has turned it on). The form carries a one-time
// token (rendered into the page); the order and its token row are written in one
// transaction, and the unique (tenant_id, token) key turns a second submit of the same form
// (double tap, reload, retry) into the first order's thank-you page. The CS rotation assigns the
// order in that transaction too (src/rotation/assign-new-order.ts).
import type { AppContext } from '../context.js';
import type { Tx } from '../lib/db/db.js';
import { insertOrder, type OrderOrigin } from '../orders/core/insert-order.js';
import { assignNewOrder } from '../rotation/assign-new-order.js';
import { assignUniqueCode } from '../orders/core/transfer-codes.js';
import { countRefusedFormOrder, isPhoneBlocked } from '../orders/risk/blocked-phones.js';
import type { OrderForm } from './load-form.js';
import { fieldsOf, validateSubmission, type FieldErrors, type OrderDraft } from './validate-submission.js';

export const HONEYPOT_FIELD = 'website';
const TOKEN = /^[0-9a-f]{32}$/;

export type SubmitResult =
  | { kind: 'placed'; token: string }
  | { kind: 'invalid'; errors: FieldErrors; token: string | null }
  | { kind: 'refused' }
  /** The buyer's phone is on the store's blocked list: nothing stored but the day's count. */
  | { kind: 'blocked' };

class AlreadySubmitted extends Error {}

export const isFormToken = (value: string): boolean => TOKEN.test(value);

/** The order a form token placed (the thank-you page's order), or undefined. */
export async function findSubmittedOrder(db: AppContext['db'], tenantId: number, token: string) {
  return db
    .selectFrom('form_submissions')
    .innerJoin('orders', (join) => join.onRef('orders.id', '=', 'form_submissions.order_id').onRef('orders.tenant_id', '=', 'form_submissions.tenant_id'))
    .selectAll('orders')
    .where('form_submissions.tenant_id', '=', tenantId)
    .where('form_submissions.token', '=', token)
    .executeTakeFirst();
}

export type SubmittedOrder = NonNullable<Awaited<ReturnType<typeof findSubmittedOrder>>>;

/**
 * A checked order written as the form writes it (the form's submit, an order a member enters by
 * hand): pending, with its `created` history entry, and the store's unique code added to a bank
 * transfer's total when the store has turned it on (docs/transfers.md), claimed in this
 * transaction, so a rolled-back submit frees its amount with it.
 */
export async function placeOrder(
  tx: Tx,
  order: { tenantId: number; product: { id: number; name: string }; draft: OrderDraft; uniqueCode: boolean; origin: OrderOrigin; now: number; ipHash?: string | null },
): Promise<{ id: number }> {
  const { tenantId, draft, now } = order;
  const placed = await insertOrder(tx, {
    tenantId,
    product: order.product,
    variant: draft.variant,
    quote: draft.quote,
    courier: draft.courier,
    paymentMethod: draft.paymentMethod,
    status: 'pending',
    customer: draft.customer,
    adParams: draft.adParams,
    origin: order.origin,
    now,
    ipHash: order.ipHash ?? null,
  });
  if (draft.paymentMethod === 'bank_transfer' && order.uniqueCode) {
    await assignUniqueCode(tx, { tenantId, orderId: placed.id, baseTotal: Number(placed.total), now });
  }
  return { id: placed.id };
}

/** What the burst rule per IP keeps of a buyer's IP (order_ip_hashes): a keyed hash, never the address. */
export const IP_HASH_PURPOSE = 'order-ip';

/** `ip`: the buyer's address as the server sees it (kept only as a keyed hash). */
export async function submitOrder(ctx: AppContext, form: OrderForm, params: URLSearchParams, ip: string): Promise<SubmitResult> {
  const get = fieldsOf(params);
  // A person never sees the honeypot field; a bot that fills every input does.
  if (get(HONEYPOT_FIELD) !== '') return { kind: 'refused' };
  const tenantId = form.product.tenant_id;
  const token = get('token');
  if (!isFormToken(token)) {
    const checked = validateSubmission(form, params);
    return { kind: 'invalid', errors: checked.ok ? {} : checked.errors, token: null };
  }
  if (await findSubmittedOrder(ctx.db, tenantId, token)) return { kind: 'placed', token };

  const checked = validateSubmission(form, params);
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors, token };
  const { draft } = checked;
  const now = ctx.clock.now();
  if (await isPhoneBlocked(ctx.db, tenantId, draft.customer.phone)) {
    await countRefusedFormOrder(ctx.db, tenantId, now, form.settings.timeZone ?? ctx.config.timeZone);
    return { kind: 'blocked' };
  }
  const ipHash = ctx.sealer.digest(ip, IP_HASH_PURPOSE);
  try {
    // Repeatable: the work touches nothing but tx (write-transaction.ts).
    await ctx.writeTransaction(async (tx) => {
      const order = await placeOrder(tx, { tenantId, product: form.product, draft, uniqueCode: form.settings.uniqueCode, origin: { source: 'form', actor: 'form' }, now, ipHash });
      const claimed = await tx
        .insertInto('form_submissions')
        .values({ tenant_id: tenantId, token, order_id: order.id, created_at: now })
        .onConflict((oc) => oc.columns(['tenant_id', 'token']).doNothing())
        .returning('token')
        .executeTakeFirst();
      // A parallel submit of the same form won: roll this order back, show that one.
      if (!claimed) throw new AlreadySubmitted();
      // The CS rotation (src/rotation/): in this transaction, its state included.
      await assignNewOrder(tx, { tenantId, orderId: order.id, phone: draft.customer.phone, now });
    }, { repeatable: true });
  } catch (error) {
    if (!(error instanceof AlreadySubmitted)) throw error;
  }
  return { kind: 'placed', token };
}
