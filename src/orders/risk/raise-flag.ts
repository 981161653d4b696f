// A flag raised after the order was taken (issue 43 §1): `not_whatsapp` when the messaging
// provider answers that the buyer's number is not on WhatsApp. In the caller's transaction:
// the flag with its reason, orders.flags, and a history entry `flag` by the system. A flag the
// order has already (dismissed or not) is left as it is: a dismissed one stays dismissed.
import type { Tx } from '../../lib/db/db.js';
import { flagsOf, flagsText, type Flag } from './flags.js';

export async function raiseFlag(tx: Tx, tenantId: number, orderId: number, flag: Flag, reason: string, now: number): Promise<boolean> {
  const added = await tx
    .insertInto('order_flags')
    .values({ tenant_id: tenantId, order_id: orderId, flag, reason, related_order_id: null, created_at: now, dismissed_at: null, dismissed_by: null })
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id', 'flag']).doNothing())
    .returning('flag')
    .executeTakeFirst();
  if (!added) return false;
  const order = await tx.selectFrom('orders').select('flags').where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  if (!order) return false;
  await tx.updateTable('orders').set({ flags: flagsText([...flagsOf(order.flags), flag]), updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  await tx
    .insertInto('order_history')
    .values({ tenant_id: tenantId, order_id: orderId, source: 'system', actor: 'system', actor_user_id: null, field: 'flag', old_value: null, new_value: flag, created_at: now })
    .execute();
  return true;
}
