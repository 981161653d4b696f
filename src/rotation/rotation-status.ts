// What the home page says of the rotation (GET /dashboard/api/home, `rotation`): its mode, how
// many of its members are on duty, the member's own place in it (their duty switch), and, for the
// owner and admins, the pending orders nobody is assigned to: with the rotation on and nobody on
// duty, new orders wait there, and the page says so. The count is the list's count of the
// unassigned orders (`cs=none`): folded counters, no scan of orders.
import type { Db } from '../lib/db/db.js';
import { countOrders } from '../orders/workspace/list/count-orders.js';
import { NO_FILTERS } from '../orders/workspace/list/order-filters.js';
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
    seesAllOrders ? countOrders(db, tenantId, { kind: 'all' }, { ...NO_FILTERS, cs: 'none' }) : Promise.resolve(null),
  ]);
  const mine = members.find((m) => Number(m.user_id) === userId);
  return {
    mode: rotation?.mode ?? 'off',
    members: members.length,
    on_duty: members.filter((m) => Number(m.on_duty) === 1).length,
    me: { in_rotation: mine !== undefined, on_duty: mine !== undefined && Number(mine.on_duty) === 1 },
    unassigned_pending: unassigned === null ? null : unassigned.counts.pending,
  };
}
