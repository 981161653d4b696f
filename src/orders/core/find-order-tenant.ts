import type { Db } from '../../lib/db/db.js';

/** For operator tools that name an order by id alone: which store owns it. */
export async function findOrderTenant(db: Db, orderId: number): Promise<number | null> {
  const row = await db.selectFrom('orders').select('tenant_id').where('id', '=', orderId).executeTakeFirst();
  return row?.tenant_id ?? null;
}
