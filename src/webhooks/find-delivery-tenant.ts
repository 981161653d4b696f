import type { Db } from '../lib/db/db.js';

/** The store a delivery belongs to, for operator commands that name only the delivery. */
export async function findDeliveryTenant(db: Db, deliveryId: number): Promise<number | null> {
  const row = await db.selectFrom('webhook_deliveries').select('tenant_id').where('id', '=', deliveryId).executeTakeFirst();
  return row?.tenant_id ?? null;
}
