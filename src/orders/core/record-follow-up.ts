// A follow-up recorded on its order (issue 34 §2, issue 41 §1): the order's follow-up columns
// (count, last step, last time and whether it was automatic: what the list shows and filters on,
// `followed_up` and `stale_hours`) and a history entry (field `follow_up`, the step, who and when), in the caller's
// transaction, only while the order is still in the status the step was chosen for. A member's
// press and an automated message sent (source `system`) record alike.
import type { Tx } from '../../lib/db/db.js';
import type { FollowUpStep } from '../../templates/follow-up-steps.js';
import { inScope, type OrderScope } from './order-scope.js';

export interface FollowUpRecord {
  tenantId: number;
  orderId: number;
  /** The status the step was chosen for. */
  status: string;
  step: FollowUpStep;
  source: string;
  actor: string;
  actorUserId: number | null;
  at: number;
}

/** False when the order left `status` (or the scope) meanwhile: nothing written. */
export async function recordFollowUp(tx: Tx, record: FollowUpRecord, scope: OrderScope = { kind: 'all' }): Promise<boolean> {
  const automatic = record.source === 'system';
  const updated = await inScope(
    tx
      .updateTable('orders')
      .set((eb) => ({
        follow_up_count: eb('follow_up_count', '+', 1),
        follow_up_last_step: record.step,
        follow_up_last_at: record.at,
        follow_up_last_automatic: automatic ? 1 : 0,
        // The first of each kind, for insights' time to first follow-up (issue 45).
        [automatic ? 'first_auto_follow_up_at' : 'first_manual_follow_up_at']: eb.fn.coalesce(automatic ? 'first_auto_follow_up_at' : 'first_manual_follow_up_at', eb.val(record.at)),
      }))
      .where('orders.tenant_id', '=', record.tenantId)
      .where('orders.id', '=', record.orderId)
      .where('orders.status', '=', record.status),
    scope,
  ).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await tx
    .insertInto('order_history')
    .values({
      tenant_id: record.tenantId,
      order_id: record.orderId,
      source: record.source,
      actor: record.actor,
      actor_user_id: record.actorUserId,
      field: 'follow_up',
      old_value: null,
      new_value: record.step,
      created_at: record.at,
    })
    .execute();
  return true;
}
