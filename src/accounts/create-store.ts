// Another store owned by a user (a second store doubles as a test store: SPEC has no sandbox).
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { createTenant } from '../tenants/create-tenant.js';
import { addMembership } from './add-membership.js';

export async function createStore(tx: Tx, clock: Clock, userId: number, name: string): Promise<Outcome<{ tenantId: number }, 'invalid_name'>> {
  const tenant = await createTenant(tx, clock, { name });
  if (!tenant.ok) return refuse('invalid_name', tenant.message);
  await addMembership(tx, { tenantId: tenant.value.id, userId, role: 'owner', integrations: false, now: clock.now() });
  return succeed({ tenantId: tenant.value.id });
}
