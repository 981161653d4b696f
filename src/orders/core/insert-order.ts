// Writes one order row and its history entry `created` (issue 32: the order's page shows its
// whole past; no event, SPEC defines only order.status_changed), in the caller's transaction.
// Callers validate and price it first (create-order.ts for the CLI and the demo,
// src/form/submit-order.ts for the order form). The UTM source and campaign are copied out of
// the ad parameters into their own columns, which the list filters on.
import type { Tx } from '../../lib/db/db.js';
import type { ChangeSource } from '../../events/sources.js';
import type { Quote } from './price.js';
import type { Customer } from './order-record.js';
import { assessOrder, recordNewOrderRisk, type RaisedFlag } from '../risk/assess-order.js';
import { flagsText } from '../risk/flags.js';
import { milestonesOf } from './milestones.js';

/** The sources whose new orders are assessed for risk (issue 43 §1: the API creates none; an import or the demo is not a buyer ordering now). */
const ASSESSED: ReadonlySet<OrderSource> = new Set(['form', 'manual', 'cli']);

/** Where a new order comes from: the form, the CLI, the demo (system), later manual entry, the API and the import. */
export type OrderSource = Exclude<ChangeSource, 'dashboard' | 'payment'>;

/** The order's source and who placed it, as its `created` history entry names them. */
export interface OrderOrigin {
  source: OrderSource;
  /** `form` for a buyer on the form, `cli`, `system`; a member's name for a manual order. */
  actor: string;
  actorUserId?: number;
}

export interface NewOrder {
  tenantId: number;
  product: { id: number; name: string };
  variant: string;
  quote: Quote;
  courier: string;
  paymentMethod: string;
  status: string;
  resi?: string | null;
  customer: Customer;
  adParams: Record<string, string>;
  origin: OrderOrigin;
  now: number;
  /** A form order's buyer IP as a keyed hash (the burst rule per IP); absent for other orders. */
  ipHash?: string | null;
}

// The CLI's ad_params come as JSON, unchecked: only text is copied.
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export async function insertOrder(tx: Tx, order: NewOrder): Promise<{ id: number; total: number; status: string }> {
  const { customer, quote, origin } = order;
  const ipHash = order.ipHash ?? null;
  // The flags are known before the order is written: its one feed row carries them.
  const raised: RaisedFlag[] = ASSESSED.has(origin.source)
    ? await assessOrder(tx, { tenantId: order.tenantId, productId: order.product.id, phone: customer.phone, paymentMethod: order.paymentMethod, address: customer.address, ipHash, now: order.now })
    : [];
  const row = await tx
    .insertInto('orders')
    .values({
      tenant_id: order.tenantId,
      product_id: order.product.id,
      product_name: order.product.name,
      variant: order.variant,
      quantity: quote.quantity,
      unit_price: quote.unitPrice,
      total: quote.total,
      shipping_fee: quote.shippingFee,
      courier: order.courier,
      payment_method: order.paymentMethod,
      resi: order.resi ?? null,
      status: order.status,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_email: customer.email,
      customer_address: customer.address,
      customer_village: customer.village,
      customer_district: customer.district,
      customer_city: customer.city,
      customer_province: customer.province,
      customer_postal_code: customer.postal_code,
      ad_params: JSON.stringify(order.adParams),
      source: origin.source,
      utm_source: textOrNull(order.adParams.utm_source),
      utm_campaign: textOrNull(order.adParams.utm_campaign),
      created_at: order.now,
      updated_at: order.now,
      flags: flagsText(raised.map((f) => f.flag)),
      // The status it starts in counts as reached (a manual or CLI order may start anywhere).
      ...milestonesOf(order.status, origin.source, order.now),
    })
    .returning(['id', 'total', 'status'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('order_history')
    .values({
      tenant_id: order.tenantId,
      order_id: row.id,
      source: origin.source,
      actor: origin.actor,
      actor_user_id: origin.actorUserId ?? null,
      field: 'created',
      old_value: null,
      new_value: order.status,
      created_at: order.now,
    })
    .execute();
  if (ASSESSED.has(origin.source)) {
    await recordNewOrderRisk(tx, { tenantId: order.tenantId, orderId: Number(row.id), ipHash, now: order.now }, raised);
  }
  return row;
}
