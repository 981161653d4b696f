// Every new order of the form, and of an owner's or admin's manual entry, is assigned here, in
// the order's own transaction (docs/decisions.md, "CS rotation"):
// 1. no rotation, or mode 'off': nothing (the order stays unassigned, as before the rotation);
// 2. sticky: a returning buyer (their latest earlier order in the store, by the normalised phone,
//    placed within 90 days) goes to the member who has that order, if that member is on duty in
//    the rotation; the rotation does not advance;
// 3. otherwise the smooth weighted round-robin (smooth-weighted.ts) over the members on duty;
//    round_robin is every weight 1. Nobody on duty: the order stays unassigned (the home page says so).
// The store's rotations row is read FOR UPDATE on PostgreSQL, after the order's insert: the insert
// locks no row two new orders share (its feed row is its own), so the rotation's lock is the one
// lock they meet on (no deadlock), and the members' running values are read and written by one
// transaction at a time, whichever process it runs in. SQLite serialises writes already.
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { assignOrder, type AssignActor } from '../orders/core/assign-orders.js';
import { shownName } from '../orders/core/member-actor.js';
import { pickSmooth } from './smooth-weighted.js';

export const STICKY_DAYS = 90;
const DAY_MS = 86_400_000;

/** The history entries' actor of the rotation's picks, and of a returning buyer's. */
export const ROTATION_ACTOR: AssignActor = { source: 'system', actor: 'rotasi', actorUserId: null };
export const STICKY_ACTOR: AssignActor = { source: 'system', actor: 'rotasi (pembeli lama)', actorUserId: null };

export interface NewOrderRef {
  tenantId: number;
  orderId: number;
  /** The buyer's phone as the order stores it (normalised, 62...). */
  phone: string;
  now: number;
}

export type RotationPick = { kind: 'off' } | { kind: 'nobody_on_duty' } | { kind: 'sticky'; userId: number } | { kind: 'rotation'; userId: number };

export async function assignNewOrder(tx: Tx, order: NewOrderRef): Promise<RotationPick> {
  const { tenantId, orderId, now } = order;
  const rotation = await tx
    .selectFrom('rotations')
    .select(['mode', 'sticky'])
    .where('tenant_id', '=', tenantId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!rotation || rotation.mode === 'off') return { kind: 'off' };

  // On duty, and still a member of the store (a removal deletes the row too; the join keeps a pick safe).
  const members = await tx
    .selectFrom('rotation_members')
    .innerJoin('memberships', (j) => j.onRef('memberships.tenant_id', '=', 'rotation_members.tenant_id').onRef('memberships.user_id', '=', 'rotation_members.user_id'))
    .innerJoin('users', 'users.id', 'rotation_members.user_id')
    .select(['rotation_members.user_id', 'rotation_members.weight', 'rotation_members.current', 'users.name', 'users.email'])
    .where('rotation_members.tenant_id', '=', tenantId)
    .where('rotation_members.on_duty', '=', 1)
    .orderBy('rotation_members.user_id')
    .execute();
  if (members.length === 0) return { kind: 'nobody_on_duty' };
  const nameOf = (userId: number) => {
    const m = members.find((x) => Number(x.user_id) === userId)!;
    return shownName(m);
  };

  if (rotation.sticky === 1 && order.phone !== '') {
    const latest = await latestOrderOfPhone(tx, tenantId, order.phone, orderId).executeTakeFirst();
    const owner = latest?.assigned_user_id == null ? null : Number(latest.assigned_user_id);
    if (latest && owner !== null && Number(latest.created_at) >= now - STICKY_DAYS * DAY_MS && members.some((m) => Number(m.user_id) === owner)) {
      await assignOrder(tx, tenantId, orderId, { id: owner, name: nameOf(owner) }, STICKY_ACTOR, now);
      return { kind: 'sticky', userId: owner };
    }
  }

  const weighted = rotation.mode === 'weighted';
  const { picked, currents } = pickSmooth(members.map((m) => ({ userId: Number(m.user_id), weight: weighted ? Number(m.weight) : 1, current: Number(m.current) })));
  // One statement for every member's new value.
  const cases = sql.join([...currents].map(([userId, value]) => sql`when ${userId} then ${value}`), sql` `);
  await tx
    .updateTable('rotation_members')
    .set({ current: sql<number>`case user_id ${cases} else current end` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', [...currents.keys()])
    .execute();
  await assignOrder(tx, tenantId, orderId, { id: picked, name: nameOf(picked) }, ROTATION_ACTOR, now);
  return { kind: 'rotation', userId: picked };
}

/**
 * The buyer's latest order before `beforeId` in the store, spam left out: a probe of orders_tenant_phone
 * (tenant_id, customer_phone, id), read backwards, one row (src/orders/workspace/list/list-plans.api.test.ts
 * checks the plan on both backends at 50,000 orders).
 */
export const latestOrderOfPhone = (db: Db | Tx, tenantId: number, phone: string, beforeId: number) =>
  db
    .selectFrom('orders')
    .select(['assigned_user_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('customer_phone', '=', phone)
    .where('id', '<', beforeId)
    // A spam order makes no returning buyer (issue 43 §3).
    .where('spam', '=', 0)
    .orderBy('id', 'desc')
    .limit(fixedLimit(1));
