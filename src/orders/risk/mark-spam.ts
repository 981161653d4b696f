// The spam mark (issue 43 §3; docs/risk.md): not an eighth status, the dashboard's mark on an
// order, reversible, by any member who sees the order, with a history entry naming who and why
// (`spam` when marked, `spam_removed` when taken off; the reason as the entry's value). A spam
// order is out of every tab, count and export by default, and transfer matching skips it: its
// unique amount is freed when it is marked, and taken back when the mark comes off if no other
// open order took it meanwhile (else the order is marked for manual matching:
// followSpamChange). One order a transaction, in the caller's (the single route, a bulk loop, a
// bulk job's order).
import type { Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import type { MemberActor } from '../core/member-actor.js';
import { inScope, type OrderScope } from '../core/order-scope.js';
import { followSpamChange } from '../core/transfer-codes.js';
import type { BulkResult } from '../workspace/bulk/bulk-status.js';

export const MAX_SPAM_REASON = 500;

export interface SpamInput {
  spam: boolean;
  /** Why, in the member's words; null or blank: none. */
  reason?: string | null;
}

export type SpamCode = 'order_not_found';

/** The reason as kept: trimmed, null when blank. */
export const spamReasonOf = (input: SpamInput): string | null => {
  const reason = (input.reason ?? '').trim();
  return reason === '' ? null : reason;
};

export async function markSpam(
  tx: Tx,
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; actor: MemberActor },
  input: SpamInput,
  now: number,
): Promise<Outcome<{ changed: boolean }, SpamCode>> {
  const order = await inScope(tx.selectFrom('orders').select(['orders.id', 'orders.spam']).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), who.scope).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const spam = input.spam ? 1 : 0;
  if (Number(order.spam) === spam) return succeed({ changed: false });
  await tx.updateTable('orders').set({ spam, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  await followSpamChange(tx, { tenantId, orderId, spam: input.spam, now });
  await tx
    .insertInto('order_history')
    .values({
      tenant_id: tenantId,
      order_id: orderId,
      source: who.actor.source,
      actor: who.actor.actor,
      actor_user_id: who.actor.actorUserId,
      field: input.spam ? 'spam' : 'spam_removed',
      old_value: null,
      new_value: spamReasonOf(input),
      created_at: now,
    })
    .execute();
  return succeed({ changed: true });
}

/** One order of a bulk spam mark (POST /dashboard/api/orders/bulk-spam, or a bulk job's order), in the caller's transaction. */
export async function spamOneOrder(tx: Tx, tenantId: number, id: number, who: { scope: OrderScope; actor: MemberActor }, input: SpamInput, now: number): Promise<BulkResult> {
  const marked = await markSpam(tx, tenantId, id, who, input, now);
  if (!marked.ok) return { id, outcome: 'refused', code: marked.code };
  return { id, outcome: marked.value.changed ? 'changed' : 'unchanged' };
}
