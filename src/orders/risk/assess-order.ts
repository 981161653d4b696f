// The flags of a new order (issue 43 §1; docs/risk.md), computed in the transaction that takes it
// (the form, an order entered by hand, `lapak order create`), by probes of indexes that exist:
// the buyer's phone through orders_tenant_phone (tenant_id, customer_phone, id), the buyer's IP
// through order_ip_hashes_tenant_hash, the blocked phones by their primary key. Each probe reads
// a handful of rows: one buyer's orders.
import { sql } from 'kysely';
import type { Tx } from '../../lib/db/db.js';
import { fixedLimit } from '../../lib/db/fixed-limit.js';
import type { Flag } from './flags.js';
import { RISK_TEXT } from './risk-text.js';
import { readRiskSettings } from './risk-settings.js';

export const HOUR_MS = 3_600_000;
export const DUPLICATE_WINDOW_MS = 24 * HOUR_MS;
/** A COD order whose street address is shorter than this is at risk. */
export const MIN_ADDRESS_LENGTH = 15;

export interface RaisedFlag {
  flag: Flag;
  reason: string;
  relatedOrderId: number | null;
}

export interface OrderToAssess {
  tenantId: number;
  productId: number;
  /** Normalised; '' when the order has none (a phone-less CLI order: no phone rule applies). */
  phone: string;
  paymentMethod: string;
  address: string;
  /** A form order's buyer IP as a keyed hash; null for other orders. */
  ipHash: string | null;
  now: number;
}

export async function assessOrder(tx: Tx, order: OrderToAssess): Promise<RaisedFlag[]> {
  const { tenantId, phone, now } = order;
  const raised: RaisedFlag[] = [];
  const limits = await readRiskSettings(tx, tenantId);
  if (phone !== '') {
    const blocked = await tx.selectFrom('blocked_phones').select('note').where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
    if (blocked) raised.push({ flag: 'blocked', reason: RISK_TEXT.reasons.blocked(blocked.note), relatedOrderId: null });

    const earlier = await tx
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('customer_phone', '=', phone)
      .where('product_id', '=', order.productId)
      .where('created_at', '>=', now - DUPLICATE_WINDOW_MS)
      .where('spam', '=', 0)
      .orderBy('id', 'desc')
      .limit(fixedLimit(1))
      .executeTakeFirst();
    if (earlier) raised.push({ flag: 'duplicate', reason: RISK_TEXT.reasons.duplicate(Number(earlier.id)), relatedOrderId: Number(earlier.id) });

    const lastHour = await tx
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('customer_phone', '=', phone)
      .where('created_at', '>=', now - HOUR_MS)
      .executeTakeFirst();
    const before = Number(lastHour?.n ?? 0);
    if (before >= limits.burst_phone_limit) raised.push({ flag: 'burst', reason: RISK_TEXT.reasons.burstPhone(before + 1), relatedOrderId: null });
  }

  if (order.paymentMethod === 'cod') {
    const reasons: string[] = [];
    if (phone !== '') {
      // Returned parcels: the buyer's orders that reached shipped and are cancelled now.
      const returned = await tx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('orders.tenant_id', '=', tenantId)
        .where('orders.customer_phone', '=', phone)
        .where('orders.status', '=', 'cancelled')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_history')
              .select(sql`1`.as('one'))
              .whereRef('order_history.order_id', '=', 'orders.id')
              .where('order_history.tenant_id', '=', tenantId)
              .where('order_history.field', 'in', ['status', 'created'])
              .where('order_history.new_value', '=', 'shipped'),
          ),
        )
        .executeTakeFirst();
      const n = Number(returned?.n ?? 0);
      if (n > 0) reasons.push(RISK_TEXT.reasons.returned(n));
    }
    const length = [...order.address.trim()].length;
    if (length < MIN_ADDRESS_LENGTH) reasons.push(RISK_TEXT.reasons.shortAddress(length));
    if (reasons.length > 0) raised.push({ flag: 'cod_risk', reason: `${RISK_TEXT.reasons.codRisk}: ${reasons.join('; ')}`, relatedOrderId: null });
  }

  if (order.ipHash !== null && !raised.some((f) => f.flag === 'burst')) {
    const fromIp = await tx
      .selectFrom('order_ip_hashes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('ip_hash', '=', order.ipHash)
      .where('created_at', '>=', now - HOUR_MS)
      .executeTakeFirst();
    const before = Number(fromIp?.n ?? 0);
    if (before >= limits.burst_ip_limit) raised.push({ flag: 'burst', reason: RISK_TEXT.reasons.burstIp(before + 1), relatedOrderId: null });
  }
  return raised;
}

/**
 * The new order's flags and its IP's hash, in the order's transaction. No history entry: the
 * flags are the order's from its creation, shown with their reasons on its page.
 */
export async function recordNewOrderRisk(tx: Tx, order: { tenantId: number; orderId: number; ipHash: string | null; now: number }, raised: readonly RaisedFlag[]): Promise<void> {
  const { tenantId, orderId, now } = order;
  if (order.ipHash !== null) await tx.insertInto('order_ip_hashes').values({ order_id: orderId, tenant_id: tenantId, ip_hash: order.ipHash, created_at: now }).execute();
  if (raised.length === 0) return;
  await tx
    .insertInto('order_flags')
    .values(raised.map((f) => ({ tenant_id: tenantId, order_id: orderId, flag: f.flag, reason: f.reason, related_order_id: f.relatedOrderId, created_at: now, dismissed_at: null, dismissed_by: null })))
    .execute();
}
