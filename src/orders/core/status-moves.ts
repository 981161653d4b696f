// The seller's status moves (issue 32 §3; the table and its reasons: docs/decisions.md, "Status
// moves"). SPEC leaves them to the seller; this table is the one place that decides them, for
// the order's page, the transfers page's "mark paid", and the bulk action and the import to
// come. `lapak order set-status` stays an operator's override past the table, and the API's
// PATCH keeps SPEC's own rules (pending <-> closing).
//
// `who`: 'member' is any member who sees the order (a CS sees only their own); 'manager' is a
// member with `orders:all` (owner, admin): the moves that undo money or a shipment.
// `needs`: 'resi' (the order leaves with a tracking number: given with the move or already on
// the order) or 'reason' (recorded in the history beside the move).
// `payment`: the move is only for orders of that payment method: a COD order leaves at closing,
// its money comes with the courier (issue 40 §3), so it is never marked paid before it ships.
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import type { OrderStatus } from './statuses.js';

export type MoveWho = 'member' | 'manager';
export type MoveNeed = 'resi' | 'reason';

export interface StatusMove {
  from: OrderStatus;
  to: OrderStatus;
  who: MoveWho;
  needs: MoveNeed | null;
  /** Only for orders of this payment method; absent: any order. */
  payment?: 'cod';
}

const moves = (from: readonly OrderStatus[], to: readonly OrderStatus[], who: MoveWho, needs: MoveNeed | null = null, payment?: 'cod'): StatusMove[] =>
  from.flatMap((f) => to.map((t) => ({ from: f, to: t, who, needs, ...(payment ? { payment } : {}) })));

export const STATUS_MOVES: readonly StatusMove[] = [
  ...moves(['pending'], ['closing', 'paid', 'cancelled', 'invalid_no_hp'], 'member'),
  ...moves(['closing'], ['pending', 'paid', 'cancelled', 'invalid_no_hp'], 'member'),
  ...moves(['paid'], ['shipped'], 'member', 'resi'),
  // COD: paid to the courier on delivery; the seller ships it once it is confirmed.
  ...moves(['closing'], ['shipped'], 'member', 'resi', 'cod'),
  ...moves(['paid'], ['closing', 'cancelled'], 'manager', 'reason'),
  ...moves(['shipped'], ['completed'], 'member'),
  // A return: the parcel came back.
  ...moves(['shipped'], ['cancelled'], 'manager', 'reason'),
  ...moves(['completed'], ['shipped'], 'manager', 'reason'),
  ...moves(['cancelled', 'invalid_no_hp'], ['pending'], 'manager', 'reason'),
];

/** Who is moving: whether they hold `orders:all` (owner, admin). */
export interface Mover {
  manager: boolean;
}

/** What of the order a move may depend on besides its status: its payment method (null: none recorded). */
export interface MovingPayment {
  paymentMethod: string | null;
}

const mayMake = (move: StatusMove, mover: Mover) => move.who === 'member' || mover.manager;
const fits = (move: StatusMove, order: MovingPayment) => move.payment === undefined || move.payment === order.paymentMethod;

/** The moves this mover may make from `from` for this order, in the table's order. */
export function movesFrom(from: string, mover: Mover, order: MovingPayment): StatusMove[] {
  return STATUS_MOVES.filter((m) => m.from === from && mayMake(m, mover) && fits(m, order));
}

/** The statuses this mover may move this order in `from` to, in the table's order. */
export function allowedMoves(from: string, mover: Mover, order: MovingPayment): OrderStatus[] {
  return movesFrom(from, mover, order).map((m) => m.to);
}

export type MoveCode = 'status_move_not_allowed' | 'resi_required' | 'reason_required';

/**
 * The move from `from` to `to` when the table allows it to this mover for an order of this
 * payment method, and what it needs is there: `resi` (the one sent with the move, or the
 * order's own) and `reason`, both trimmed.
 */
export function checkMove(
  from: string,
  to: string,
  mover: Mover,
  given: { resi: string | null; reason: string | null } & MovingPayment,
): Outcome<StatusMove, MoveCode> {
  const move = STATUS_MOVES.find((m) => m.from === from && m.to === to && fits(m, given));
  if (!move || !mayMake(move, mover)) return refuse('status_move_not_allowed', `an order in ${from} cannot be moved to ${to} by this member`);
  if (move.needs === 'resi' && !given.resi?.trim()) return refuse('resi_required', `a move to ${to} needs a resi`);
  if (move.needs === 'reason' && !given.reason?.trim()) return refuse('reason_required', `a move from ${from} to ${to} needs a reason`);
  return succeed(move);
}
