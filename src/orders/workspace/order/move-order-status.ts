// A member moves an order's status on its page (POST /dashboard/api/orders/{id}/status, issue 32
// §3): the move as the table allows it (status-moves.ts), through recordStatusChange (its event
// without the integration fields, source `dashboard`, and its history entry), with the resi sent
// along and the reason, each its own history entry, all in the caller's transaction. Every
// refusal comes before the first write. An order already in the status sent is a success that
// changes nothing (changed: false).
import type { Clock } from '../../../lib/clock.js';
import type { Tx } from '../../../lib/db/db.js';
import { refuse, succeed, type Refusal } from '../../../lib/outcome.js';
import { checkResi } from './edit-order.js';
import type { MemberActor } from '../../core/member-actor.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';
import { recordStatusChange, type ChangeSettings } from '../../core/record-status-change.js';
import { allowedMoves, checkMove, type MoveCode, type Mover } from '../../core/status-moves.js';
import type { OrderStatus } from '../../core/statuses.js';

export interface StatusMoveInput {
  status: string;
  /** The status the member saw: when the order is no longer in it, nothing changes (status_conflict). */
  expected_status?: string;
  resi?: string;
  reason?: string;
}

export type MoveStatusCode = 'order_not_found' | 'status_conflict' | 'invalid_resi' | MoveCode;

/** A refusal; status_move_not_allowed says where this member may move the order instead. */
export type MoveStatusRefusal = Refusal<MoveStatusCode> & { allowed?: OrderStatus[] };

/** `changed` false: the order was already in the status sent, and nothing was written. */
export type MoveStatusAnswer = { ok: true; value: { from: string; to: string; changed: boolean } } | MoveStatusRefusal;

/** What a move reads of the order, once: its status (the change is conditional on it), its resi, and its payment method (a COD order ships from closing). */
export interface MovingOrder {
  status: string;
  resi: string | null;
  payment_method: string;
}

/** The order as a move reads it, in the member's scope; undefined when there is none. */
export function readMovingOrder(tx: Tx, tenantId: number, orderId: number, scope: OrderScope): Promise<MovingOrder | undefined> {
  return inScope(tx.selectFrom('orders').select(['status', 'resi', 'payment_method']).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), scope).executeTakeFirst();
}

export async function moveOrderStatus(
  tx: Tx,
  deps: { clock: Clock; config: ChangeSettings },
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; mover: Mover; actor: MemberActor },
  input: StatusMoveInput,
): Promise<MoveStatusAnswer> {
  const order = await readMovingOrder(tx, tenantId, orderId, who.scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  return moveReadOrder(tx, deps, tenantId, orderId, order, who, input);
}

/**
 * The move of an order the caller has just read with readMovingOrder in the same transaction
 * (the bulk move reads it once to tell an unchanged order): every refusal after the read, then
 * the change, conditional on the status read.
 */
export async function moveReadOrder(
  tx: Tx,
  deps: { clock: Clock; config: ChangeSettings },
  tenantId: number,
  orderId: number,
  order: MovingOrder,
  who: { scope: OrderScope; mover: Mover; actor: MemberActor },
  input: StatusMoveInput,
): Promise<MoveStatusAnswer> {
  const from = order.status;
  // Already there: a repeat of the move just made (a double press, a retry whose answer was
  // lost) is a success that writes nothing, not a conflict with itself; as bulk's `unchanged`
  // and the API's changed=false (issue 40 §1). A resi or reason sent along is not written either.
  if (from === input.status) return succeed({ from, to: input.status, changed: false });
  if (input.expected_status !== undefined && input.expected_status !== from) {
    return refuse('status_conflict', `the order is in ${from}, not ${input.expected_status}`);
  }
  const sentResi = checkResi(input.resi);
  if (!sentResi.ok) return refuse('invalid_resi', 'the resi is one line of at most 60 characters');
  const resi = sentResi.value;
  const reason = input.reason?.trim() || null;
  const payment = { paymentMethod: order.payment_method };
  const move = checkMove(from, input.status, who.mover, { resi: resi ?? order.resi, reason, ...payment });
  if (!move.ok) return move.code === 'status_move_not_allowed' ? { ...move, allowed: allowedMoves(from, who.mover, payment) } : move;

  const now = deps.clock.now();
  const changed = await recordStatusChange(tx, { tenantId, orderId, from, to: input.status, now, ...who.actor }, deps.config);
  if (!changed) {
    // Moved meanwhile: nothing was written. Into the status sent (the other press of a double
    // click, which PostgreSQL ran alongside this one): the same success as above; else a conflict.
    const moved = await readMovingOrder(tx, tenantId, orderId, who.scope);
    if (moved?.status === input.status) return succeed({ from: input.status, to: input.status, changed: false });
    return refuse('status_conflict', 'the order changed meanwhile');
  }

  const entry = { tenant_id: tenantId, order_id: orderId, source: who.actor.source, actor: who.actor.actor, actor_user_id: who.actor.actorUserId, created_at: now };
  if (resi !== null && resi !== order.resi) {
    await tx.updateTable('orders').set({ resi, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
    await tx.insertInto('order_history').values({ ...entry, field: 'resi', old_value: order.resi, new_value: resi }).execute();
  }
  if (reason !== null) await tx.insertInto('order_history').values({ ...entry, field: 'reason', old_value: null, new_value: reason }).execute();
  return succeed({ from, to: input.status, changed: true });
}
