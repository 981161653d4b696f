// What the home page says of the rotation (GET /dashboard/api/home, `rotation`): its mode, how
// many of its members are on duty, the member's own place in it (their duty switch), and, for the
// owner and admins, the pending orders nobody is assigned to: with the rotation on and nobody on
// duty, new orders wait there, and the page says so. The count adds up order_counts' rows of the
// `cs` dimension's '' value (unassigned) and status pending: no scan of orders.
import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { RotationMode } from './rotation-settings.js';

export interface RotationStatus {
  mode: RotationMode;
  members: number;
  on_duty: number;
  me: { in_rotation: boolean; on_duty: boolean };
  /** Null for a member who sees only their own orders (a CS). */
  unassigned_pending: number | null;
}

export async function readRotationStatus(db: Db, tenantId: number, userId: number, seesAllOrders: boolean): Promise<RotationStatus> {
  const [rotation, members, unassigned] = await Promise.all([
    db.selectFrom('rotations').select('mode').where('tenant_id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('rotation_members')
      .innerJoin('memberships', (j) => j.onRef('memberships.tenant_id', '=', 'rotation_members.tenant_id').onRef('memberships.user_id', '=', 'rotation_members.user_id'))
      .select(['rotation_members.user_id', 'rotation_members.on_duty'])
      .where('rotation_members.tenant_id', '=', tenantId)
      .execute(),
    seesAllOrders
      ? db
          .selectFrom('order_counts')
          .select(sql<number | string | null>`sum(count)`.as('n'))
          .where('tenant_id', '=', tenantId)
          .where('dimension', '=', 'cs')
          .where('value', '=', '')
          .where('status', '=', 'pending')
          .executeTakeFirst()
      : Promise.resolve(null),
  ]);
  const mine = members.find((m) => Number(m.user_id) === userId);
  return {
    mode: rotation?.mode ?? 'off',
    members: members.length,
    on_duty: members.filter((m) => Number(m.on_duty) === 1).length,
    me: { in_rotation: mine !== undefined, on_duty: mine !== undefined && Number(mine.on_duty) === 1 },
    unassigned_pending: unassigned === null ? null : Number(unassigned?.n ?? 0),
  };
}
