// A user's membership of a store: the one insert of `memberships`, for the owner of a new
// store (sign-up, a second store), an accepted invitation and `lapak user create`. Access to
// integrations is recorded only for an admin (an owner has every permission, CS none).
import type { Tx } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';

/** False when the user is already a member of the store (nothing written). */
export async function addMembership(tx: Tx, m: { tenantId: number; userId: number; role: Role; integrations: boolean; now: number }): Promise<boolean> {
  const row = await tx
    .insertInto('memberships')
    .values({ tenant_id: m.tenantId, user_id: m.userId, role: m.role, integrations: m.role === 'admin' && m.integrations ? 1 : 0, created_at: m.now })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
