import type { Db } from '../lib/db.js';
import type { OrderRow } from './order-record.js';

export async function readOrder(db: Db, tenantId: number, orderId: number): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row ?? null;
}
