// A verified gateway notification, applied once. In one transaction: the notification is
// recorded (unique per store, gateway, transaction and status, so a repeat adds nothing),
// and a payment of the full total on a pending order moves it to closing through
// recordStatusChange (event order.status_changed + history entry, source payment). SPEC:
// a gateway payment writes closing, never paid. Any other status is recorded only: it
// changes nothing the seller did not ask for.
import type { AppContext } from '../context.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { recordStatusChange } from '../orders/core/record-status-change.js';
import type { Gateway } from '../tenants/store-settings.js';

export interface GatewayNotification {
  gateway: Gateway;
  transactionId: string;
  status: string;
  /** Whole rupiah, or null when the notification carries no readable amount. */
  amount: number | null;
  /** The gateway says the money was received. */
  paid: boolean;
}

export type NotificationOutcome =
  | 'closed' // pending -> closing
  | 'recorded' // not a payment status
  | 'not_pending' // a payment, but the order is no longer pending: nothing changes
  | 'amount_mismatch' // a payment of another amount than the order's total
  | 'duplicate'; // seen before

/** The order does not exist in the store: nothing is recorded. */
export type ApplyNotificationCode = 'order_not_found';

const TRANSACTION_ID_MAX = 100;

export async function applyNotification(
  ctx: Pick<AppContext, 'writeTransaction' | 'clock' | 'config'>,
  tenantId: number,
  orderId: number,
  n: GatewayNotification,
): Promise<Outcome<NotificationOutcome, ApplyNotificationCode>> {
  const now = ctx.clock.now();
  return ctx.writeTransaction(async (tx): Promise<Outcome<NotificationOutcome, ApplyNotificationCode>> => {
    const order = await tx
      .selectFrom('orders')
      .select(['status', 'total'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return refuse('order_not_found', `order ${orderId} not found`);
    let outcome: NotificationOutcome = 'recorded';
    if (n.paid) outcome = order.status !== 'pending' ? 'not_pending' : n.amount !== order.total ? 'amount_mismatch' : 'closed';
    const inserted = await tx
      .insertInto('payment_notifications')
      .values({
        tenant_id: tenantId,
        order_id: orderId,
        gateway: n.gateway,
        transaction_id: n.transactionId.slice(0, TRANSACTION_ID_MAX),
        status: n.status.slice(0, 40),
        amount: n.amount,
        outcome,
        received_at: now,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'gateway', 'transaction_id', 'status']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return succeed('duplicate');
    if (outcome === 'closed') {
      const moved = await recordStatusChange(
        tx,
        { tenantId, orderId, from: 'pending', to: 'closing', now, source: 'payment', actor: n.gateway },
        ctx.config,
      );
      if (!moved) throw new Error('order left pending inside the transaction');
    }
    return succeed(outcome);
  });
}
