import type { Db } from '../lib/db/db.js';

/** Returns false when no such tenant exists. Takes effect on the next request. */
export async function setTenantActive(db: Db, tenantId: number, active: boolean): Promise<boolean> {
  const result = await db
    .updateTable('tenants')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
