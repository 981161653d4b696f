// Whom an order may be assigned to (GET /dashboard/api/orders/assignees): the owners and admins
// who assign read it, while the team list with its emails stays the owner's (team:manage).
// assignOrders accepts any member of the store, so every member is here; CS first, since orders
// are theirs to work, then by name. Each is named as the order's `assigned_to` names them
// (shownName), and nothing else of the member leaves.
import type { Db } from '../../../lib/db/db.js';
import type { Role } from '../../../lib/db/schema.js';
import { shownName } from '../../core/member-actor.js';

export interface AssigneeChoice {
  id: number;
  name: string;
  role: Role;
}

// One order for both backends: SQLite and PostgreSQL collate names differently, so the sort is here.
const byName = new Intl.Collator('id-ID', { sensitivity: 'base' });

export async function listAssignees(db: Db, tenantId: number): Promise<AssigneeChoice[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.name', 'users.email', 'memberships.role'])
    .where('memberships.tenant_id', '=', tenantId)
    .execute();
  return rows
    .map((row) => ({ id: Number(row.id), name: shownName(row), role: row.role }))
    .sort((a, b) => Number(b.role === 'cs') - Number(a.role === 'cs') || byName.compare(a.name, b.name) || a.id - b.id);
}
