import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export type SetTenantActiveCode = 'tenant_not_found';

/** Takes effect on the next request. */
export async function setTenantActive(db: Db, tenantId: number, active: boolean): Promise<Outcome<{ id: number; active: boolean }, SetTenantActiveCode>> {
  const result = await db
    .updateTable('tenants')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  return succeed({ id: tenantId, active });
}
