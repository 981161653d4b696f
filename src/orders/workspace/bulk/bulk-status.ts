// Orders moved in bulk (POST /dashboard/api/orders/bulk-status, issue 33 §1): the single move of
// an order's page (move-order-status.ts: the status moves table, its event, its history entries)
// looped over the ids, answered per id; one refusal does not stop the others (Documenso's bulk
// shape). Each order is its own transaction: on PostgreSQL the order counters' deferred
// triggers (migration 020) of several orders in one transaction could lock counter rows in an
// order another transaction meets the other way round, and on SQLite one long transaction would
// hold the write lock for the whole batch.
//
// An order already in the target status is `unchanged` and nothing is written (not even a resi
// or reason sent along); an order outside the store or the member's scope is refused as
// `order_not_found`, as on its page.
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { checkResi } from '../order/edit-order.js';
import type { MemberActor } from '../../core/member-actor.js';
import { moveReadOrder, readMovingOrder, type MoveStatusCode, type StatusMoveInput } from '../order/move-order-status.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { Mover } from '../../core/status-moves.js';

/** The most ids one request names (a view of the list is sent as its query instead). */
export const MAX_BULK_IDS = 500;

export type BulkRefusalCode = Exclude<MoveStatusCode, 'invalid_resi'>;

export interface BulkResult {
  id: number;
  outcome: 'changed' | 'unchanged' | 'refused';
  code?: BulkRefusalCode;
}

export interface BulkSummary {
  results: BulkResult[];
  changed: number;
  unchanged: number;
  refused: number;
}

/** How many of each outcome: a bulk action's results, an import's lines. */
export function countOutcomes(items: ReadonlyArray<{ outcome: BulkResult['outcome'] }>): { changed: number; unchanged: number; refused: number } {
  const count = (outcome: BulkResult['outcome']) => items.filter((item) => item.outcome === outcome).length;
  return { changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') };
}

/**
 * One order of a bulk move, in the caller's transaction (a request's loop above, or a bulk job's
 * order with its progress: jobs/run-bulk-job.ts). The resi has passed checkResi.
 */
export async function moveOneOrder(
  tx: Tx,
  ctx: Pick<AppContext, 'clock' | 'config'>,
  tenantId: number,
  id: number,
  who: { scope: OrderScope; mover: Mover; actor: MemberActor },
  input: StatusMoveInput,
): Promise<BulkResult> {
  // Read once: the same row tells an unchanged order and is the one the move is made from.
  const order = await readMovingOrder(tx, tenantId, id, who.scope);
  if (!order) return { id, outcome: 'refused', code: 'order_not_found' };
  if (order.status === input.status) return { id, outcome: 'unchanged' };
  const moved = await moveReadOrder(tx, ctx, tenantId, id, order, who, input);
  if (moved.ok) return { id, outcome: 'changed' };
  // The resi passed checkResi before: a refusal of it here is a bug.
  if (moved.code === 'invalid_resi') throw new Error('bulkMoveStatus: a resi refused after checkResi passed it');
  return { id, outcome: 'refused', code: moved.code };
}

export async function bulkMoveStatus(
  ctx: Pick<AppContext, 'writeTransaction' | 'clock' | 'config'>,
  tenantId: number,
  ids: readonly number[],
  who: { scope: OrderScope; mover: Mover; actor: MemberActor },
  input: StatusMoveInput,
): Promise<Outcome<BulkSummary, 'invalid_resi'>> {
  // The same resi for every order: judged once, before any order is touched.
  if (!checkResi(input.resi).ok) return refuse('invalid_resi', 'the resi is one line of at most 60 characters');
  const results: BulkResult[] = [];
  for (const id of ids) results.push(await ctx.writeTransaction((tx) => moveOneOrder(tx, ctx, tenantId, id, who, input)));
  return succeed({ results, ...countOutcomes(results) });
}
