// Orders assigned to a member (issue 32 §4): a CS sees only the orders assigned to them. The
// assigned user is a column of the order, set in the change's transaction, and every
// assignment is a history entry (field `assigned_to`, the old and new member's names, by whom).
// Owners and admins assign (POST /dashboard/api/orders/assign, by ids or a view of the list) by
// looping the one-order operation over the ids and answering per id (Documenso's bulk shape): one
// refusal does not stop the others. The CS rotation (src/rotation/) assigns each new order through
// assignOrder too, in the order's transaction, its entry by the actor `rotasi`.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { isPostgres, type Db, type Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import type { ChangeSource } from '../../events/sources.js';
import { shownName, type MemberActor } from './member-actor.js';

export const MAX_ASSIGN_IDS = 500;

export interface Assignee {
  id: number;
  name: string;
}

export type AssignOutcome = 'changed' | 'unchanged' | 'order_not_found';

/** Who assigns, as the history entry names them: a member (MemberActor), or the rotation (source `system`, no user). */
export interface AssignActor {
  source: ChangeSource;
  actor: string;
  actorUserId: number | null;
}

/** One order of the store assigned to `to` (null: unassigned). */
export async function assignOrder(tx: Tx, tenantId: number, orderId: number, to: Assignee | null, actor: AssignActor, now: number): Promise<AssignOutcome> {
  const order = await tx
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.assigned_user_id')
    .select(['orders.assigned_user_id', 'users.name', 'users.email'])
    .where('orders.tenant_id', '=', tenantId)
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return 'order_not_found';
  const from = order.assigned_user_id === null ? null : Number(order.assigned_user_id);
  if (from === (to?.id ?? null)) return 'unchanged';
  await tx.updateTable('orders').set({ assigned_user_id: to?.id ?? null, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  await tx
    .insertInto('order_history')
    .values({
      tenant_id: tenantId,
      order_id: orderId,
      source: actor.source,
      actor: actor.actor,
      actor_user_id: actor.actorUserId,
      field: 'assigned_to',
      old_value: order.name === null || order.email === null ? null : shownName({ name: order.name, email: order.email }),
      new_value: to?.name ?? null,
      created_at: now,
    })
    .execute();
  return 'changed';
}

/**
 * The member an assignment gives orders to, as a member of the store now (null: unassigned), or
 * `not_a_member`. A bulk job reads it again for every order, in the order's transaction: a CS
 * removed from the store meanwhile receives no more of it (jobs: run-bulk-job.ts).
 */
export async function assigneeOf(db: Db | Tx, tenantId: number, csUserId: number | null, options: { hold?: boolean } = {}): Promise<Assignee | null | 'not_a_member'> {
  if (csUserId === null) return null;
  const member = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.name', 'users.email'])
    .where('memberships.tenant_id', '=', tenantId)
    .where('memberships.user_id', '=', csUserId)
    // `hold` (PostgreSQL): the membership's row is held until the caller's commit, so a removal
    // (team/members.ts deletes it first, then unassigns the member's orders) waits for the
    // assignment and then unassigns it too, or comes first and the member is found gone.
    .$if(options.hold === true && isPostgres(db), (q) => q.forShare('memberships'))
    .executeTakeFirst();
  return member ? { id: csUserId, name: shownName(member) } : 'not_a_member';
}

export interface AssignResult {
  id: number;
  outcome: 'changed' | 'unchanged' | 'refused';
  code?: 'order_not_found';
}

/**
 * The orders `ids` of the store assigned to the member `csUserId` (null: unassigned), each in a
 * transaction of its own, as the bulk status moves (bulk-status.ts): up to 10,000 orders of a
 * view would otherwise hold SQLite's write lock, or PostgreSQL's counter rows, for the whole batch.
 */
export async function assignOrders(
  ctx: Pick<AppContext, 'db' | 'writeTransaction' | 'clock'>,
  tenantId: number,
  ids: readonly number[],
  csUserId: number | null,
  actor: MemberActor,
): Promise<Outcome<AssignResult[], 'not_a_member'>> {
  const to = await assigneeOf(ctx.db, tenantId, csUserId);
  if (to === 'not_a_member') return refuse('not_a_member', `user ${csUserId} is not a member of this store`);
  const now = ctx.clock.now();
  const results: AssignResult[] = [];
  for (const id of ids) {
    const outcome = await ctx.writeTransaction((tx) => assignOrder(tx, tenantId, id, to, actor, now));
    results.push(outcome === 'order_not_found' ? { id, outcome: 'refused', code: outcome } : { id, outcome });
  }
  return succeed(results);
}

/**
 * A member leaves the store: their orders become unassigned, each with its history entry, in
 * the removal's transaction. Two statements whatever the count: the entries, then the orders.
 */
export async function unassignMember(tx: Tx, tenantId: number, userId: number, actor: MemberActor, now: number): Promise<void> {
  const user = await tx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  const name = user ? shownName(user) : null;
  await tx
    .insertInto('order_history')
    .columns(['tenant_id', 'order_id', 'source', 'actor', 'actor_user_id', 'field', 'old_value', 'new_value', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('orders')
        // Typed casts: PostgreSQL cannot type a bare parameter in a select list.
        .select([
          'orders.tenant_id',
          'orders.id',
          sql<string>`cast(${actor.source} as text)`.as('source'),
          sql<string>`cast(${actor.actor} as text)`.as('actor'),
          sql<number>`cast(${actor.actorUserId} as bigint)`.as('actor_user_id'),
          sql<string>`cast('assigned_to' as text)`.as('field'),
          sql<string | null>`cast(${name} as text)`.as('old_value'),
          sql<null>`cast(null as text)`.as('new_value'),
          sql<number>`cast(${now} as bigint)`.as('created_at'),
        ])
        .where('orders.tenant_id', '=', tenantId)
        .where('orders.assigned_user_id', '=', userId),
    )
    .execute();
  await tx.updateTable('orders').set({ assigned_user_id: null, updated_at: now }).where('tenant_id', '=', tenantId).where('assigned_user_id', '=', userId).execute();
}
