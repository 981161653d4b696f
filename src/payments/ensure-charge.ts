// The gateway charge of an order placed with online payment: created once, on the first
// view of the thank-you page, and kept (payment_charges), so that the page shows the same
// payment link every time. A gateway that fails is retried on the next view.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { openStoreSecret, type StoreSettings } from '../tenants/store-settings.js';
import type { ChargeGateway } from './charge.js';
import { gatewayOrderId } from './gateway-order-id.js';
import { midtransSnap } from './midtrans.js';
import { xenditInvoice } from './xendit.js';

export interface ChargeableOrder {
  id: number;
  tenant_id: number;
  status: string;
  payment_method: string;
  product_name: string;
  unit_price: number;
  quantity: number;
  shipping_fee: number;
  total: number;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
}

export interface ChargeGateways {
  midtrans: ChargeGateway;
  xendit: ChargeGateway;
}

export const chargeGateways = (config: AppContext['config']): ChargeGateways => ({
  midtrans: midtransSnap(config.midtransBaseUrl),
  xendit: xenditInvoice(config.xenditBaseUrl),
});

/** The payment link of the order, or null when it has none and none can be made now. */
export async function ensureCharge(
  ctx: Pick<AppContext, 'db' | 'clock' | 'sealer'>,
  gateways: ChargeGateways,
  settings: StoreSettings,
  order: ChargeableOrder,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const existing = await storedPaymentUrl(ctx.db, order);
  if (existing !== null) return existing;
  if (order.status !== 'pending') return null;
  const gateway = order.payment_method === 'midtrans' || order.payment_method === 'xendit' ? order.payment_method : null;
  const stored = gateway === 'midtrans' ? settings.midtransServerKey : gateway === 'xendit' ? settings.xenditSecretKey : null;
  const secret = openStoreSecret(ctx.sealer, stored);
  if (!gateway || !secret) return null;
  // A secret that does not open (another LAPAK_SECRET_KEY, a value moved between rows) fails
  // this store's charge only, like a gateway that fails: no link now, tried again next view.
  if (!secret.ok) {
    log.warn({ gateway, tenant_id: order.tenant_id, order_id: order.id, reason: secret.message }, 'payment charge failed');
    return null;
  }
  const result = await gateways[gateway].createCharge(secret.value, {
    gatewayOrderId: gatewayOrderId(order.tenant_id, order.id),
    amount: order.total,
    product: { name: order.product_name, unitPrice: order.unit_price, quantity: order.quantity },
    shippingFee: order.shipping_fee,
    customer: { name: order.customer_name, phone: order.customer_phone, email: order.customer_email },
  });
  if (!result.ok) {
    log.warn({ gateway, tenant_id: order.tenant_id, order_id: order.id, reason: result.message }, 'payment charge failed');
    return null;
  }
  await ctx.db
    .insertInto('payment_charges')
    .values({
      tenant_id: order.tenant_id,
      order_id: order.id,
      gateway,
      reference: result.value.reference,
      payment_url: result.value.paymentUrl,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id']).doNothing())
    .execute();
  // Two views at once may both have asked the gateway; the first row stored wins.
  return storedPaymentUrl(ctx.db, order);
}

async function storedPaymentUrl(db: AppContext['db'], order: { tenant_id: number; id: number }): Promise<string | null> {
  const row = await db
    .selectFrom('payment_charges')
    .select('payment_url')
    .where('tenant_id', '=', order.tenant_id)
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  return row?.payment_url ?? null;
}
