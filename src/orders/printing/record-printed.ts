// A print recorded (POST /dashboard/api/orders/printed; issue 44 §1), when the print page's
// dialog opens, never by reading what is printed: a history entry `printed` (value `label` or
// `invoice`) on each order, naming the member, and for labels orders.label_printed set, so the
// list's `printed` filter and its counts follow (the change feed carries it). One transaction;
// an order the member does not see refuses the whole request. Printed again: another entry.
// The order's updated_at stays: a print changes nothing of the order's data.
import type { Tx } from '../../lib/db/db.js';
import { succeed, type Outcome } from '../../lib/outcome.js';
import type { MemberActor } from '../core/member-actor.js';
import type { OrderScope } from '../core/order-scope.js';
import { findPrintable } from './find-printable.js';
import { PRINTED_FIELD, printedValue, type PrintKind } from './print-kinds.js';

export async function recordPrinted(
  tx: Tx,
  tenantId: number,
  kind: PrintKind,
  ids: readonly number[],
  who: { scope: OrderScope; actor: MemberActor },
  now: number,
): Promise<Outcome<{ recorded: number }, 'order_not_found'>> {
  const found = await findPrintable(tx, tenantId, who.scope, ids);
  if (!found.ok) return found;
  const { source, actor, actorUserId } = who.actor;
  await tx
    .insertInto('order_history')
    .values(ids.map((id) => ({ tenant_id: tenantId, order_id: id, source, actor, actor_user_id: actorUserId, field: PRINTED_FIELD, old_value: null, new_value: printedValue(kind), created_at: now })))
    .execute();
  if (kind === 'labels') await tx.updateTable('orders').set({ label_printed: 1 }).where('tenant_id', '=', tenantId).where('id', 'in', ids).where('label_printed', '=', 0).execute();
  return succeed({ recorded: ids.length });
}
