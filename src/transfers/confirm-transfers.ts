// Marks the orders the seller ticked in a statement's proposal as paid (SPEC: paid is written
// only when the seller marks it in the dashboard), in one write transaction: per item, the
// credit line is recorded under its unique key first (a line applied before, by this upload
// or an overlapping one, is skipped), then the order moves from the status the proposal saw
// to paid, as the status moves table allows (orders/core/status-moves.ts), with its event and history
// entry naming the member (recordStatusChange, which also frees the order's unique code). An order that is no longer in that status, or whose total is not the credit's
// amount, is skipped and its line record taken back, so nothing is half applied.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import type { MemberActor } from '../orders/core/member-actor.js';
import { recordStatusChange, type ChangeSettings } from '../orders/core/record-status-change.js';
import { checkMove, type Mover } from '../orders/core/status-moves.js';
import { lineKey } from './line-key.js';
import type { Credit } from './match-statement.js';
import type { Bank } from './statement-formats.js';

export interface ConfirmItem {
  order_id: number;
  /** The status the proposal saw: pending or closing. */
  status: string;
  credit: Credit;
}

export type SkipReason = 'status_changed' | 'already_applied' | 'amount_differs' | 'not_found';

export interface ConfirmResult {
  order_id: number;
  outcome: 'paid' | 'skipped';
  reason: SkipReason | null;
}

export async function confirmTransfers(
  tx: Tx,
  deps: { clock: Clock; config: ChangeSettings },
  tenantId: number,
  by: { actor: MemberActor; mover: Mover },
  bank: Bank,
  items: ConfirmItem[],
): Promise<ConfirmResult[]> {
  const now = deps.clock.now();
  const userId = by.actor.actorUserId;
  const results: ConfirmResult[] = [];
  for (const item of items) {
    const skip = (reason: SkipReason) => results.push({ order_id: item.order_id, outcome: 'skipped', reason });
    const amountCents = Math.round(item.credit.amount * 100);
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'payment_method'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', item.order_id)
      .executeTakeFirst();
    if (!order || order.payment_method !== 'bank_transfer') { skip('not_found'); continue; }
    if (Number(order.total) * 100 !== amountCents) { skip('amount_differs'); continue; }
    if (order.status !== item.status) { skip('status_changed'); continue; }
    // The proposal offers only pending and closing orders, which any member may mark paid.
    if (!checkMove(order.status, 'paid', by.mover, { resi: null, reason: null, paymentMethod: order.payment_method }).ok) { skip('status_changed'); continue; }

    const key = lineKey({
      bank,
      date: item.credit.date,
      description: item.credit.description,
      amountCents,
      balanceCents: item.credit.balance === null ? null : Math.round(item.credit.balance * 100),
    });
    const recorded = await tx
      .insertInto('transfer_applied_lines')
      .values({ tenant_id: tenantId, line_key: key, bank, credit_date: item.credit.date, amount: Number(order.total), order_id: item.order_id, user_id: userId, applied_at: now })
      .onConflict((oc) => oc.columns(['tenant_id', 'line_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) { skip('already_applied'); continue; }

    const changed = await recordStatusChange(
      tx,
      { tenantId, orderId: item.order_id, from: item.status, to: 'paid', now, ...by.actor },
      deps.config,
    );
    if (!changed) {
      await tx.deleteFrom('transfer_applied_lines').where('tenant_id', '=', tenantId).where('id', '=', recorded.id).execute();
      skip('status_changed');
      continue;
    }
    results.push({ order_id: item.order_id, outcome: 'paid', reason: null });
  }
  return results;
}
