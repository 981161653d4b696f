import type { Db } from '../lib/db/db.js';

/** The store an endpoint belongs to, for operator commands that name only the endpoint. */
export async function findEndpointTenant(db: Db, endpointId: number): Promise<number | null> {
  const row = await db.selectFrom('webhook_endpoints').select('tenant_id').where('id', '=', endpointId).where('removed_at', 'is', null).executeTakeFirst();
  return row?.tenant_id ?? null;
}
