import type { Db } from '../lib/db/db.js';

/** The store an active key belongs to, for operator commands that name only the key. */
export async function findKeyTenant(db: Db, keyId: number): Promise<number | null> {
  const row = await db.selectFrom('api_keys').select('tenant_id').where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.tenant_id ?? null;
}
