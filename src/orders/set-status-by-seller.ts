// A seller's status change (CLI now, dashboard later): any of the seven states,
// with its event and history entry, in one transaction.
import type { AppContext } from '../context.js';
import { recordStatusChange } from './record-status-change.js';
import { isOrderStatus } from './statuses.js';

export type SellerChangeResult =
  | { ok: true; value: { order_id: number; previous_status: string; status: string; changed: boolean } }
  | { ok: false; error: string };

export async function setStatusBySeller(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  tenantId: number,
  orderId: number,
  status: string,
  actor: string,
): Promise<SellerChangeResult> {
  if (!isOrderStatus(status)) return { ok: false, error: `unknown status "${status}"` };
  return ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, error: `order ${orderId} not found` };
    if (order.status === status) {
      return { ok: true, value: { order_id: orderId, previous_status: status, status, changed: false } };
    }
    const changed = await recordStatusChange(
      tx,
      { tenantId, orderId, from: order.status, to: status, now: ctx.clock.now(), source: 'dashboard', actor },
      ctx.config,
    );
    if (!changed) return { ok: false, error: 'the order changed meanwhile; try again' };
    return { ok: true, value: { order_id: orderId, previous_status: order.status, status, changed: true } };
  });
}
