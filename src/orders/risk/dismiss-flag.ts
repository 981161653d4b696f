// "Sudah dicek" (issue 43 §1): any member who sees the order dismisses one of its flags. The
// flag stays, greyed (order_flags.dismissed_at, dismissed_by), leaves orders.flags (the list's
// filters and the counts no longer count it) and writes a history entry `flag_dismissed` naming
// the flag. Dismissing a flag already dismissed changes nothing.
import type { Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import type { MemberActor } from '../core/member-actor.js';
import { inScope, type OrderScope } from '../core/order-scope.js';
import { flagsOf, flagsText, isFlag } from './flags.js';

export type DismissCode = 'order_not_found' | 'flag_not_found';

export async function dismissFlag(
  tx: Tx,
  tenantId: number,
  orderId: number,
  flag: string,
  who: { scope: OrderScope; actor: MemberActor },
  now: number,
): Promise<Outcome<{ changed: boolean }, DismissCode>> {
  const order = await inScope(tx.selectFrom('orders').select(['orders.id', 'orders.flags']).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), who.scope).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  if (!isFlag(flag)) return refuse('flag_not_found', `no flag ${flag}`);
  const row = await tx.selectFrom('order_flags').select('dismissed_at').where('tenant_id', '=', tenantId).where('order_id', '=', orderId).where('flag', '=', flag).executeTakeFirst();
  if (!row) return refuse('flag_not_found', `order ${orderId} has no flag ${flag}`);
  if (row.dismissed_at !== null) return succeed({ changed: false });
  await tx
    .updateTable('order_flags')
    .set({ dismissed_at: now, dismissed_by: who.actor.actorUserId })
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('flag', '=', flag)
    .execute();
  await tx.updateTable('orders').set({ flags: flagsText(flagsOf(order.flags).filter((f) => f !== flag)), updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  await tx
    .insertInto('order_history')
    .values({ tenant_id: tenantId, order_id: orderId, source: who.actor.source, actor: who.actor.actor, actor_user_id: who.actor.actorUserId, field: 'flag_dismissed', old_value: null, new_value: flag, created_at: now })
    .execute();
  return succeed({ changed: true });
}
