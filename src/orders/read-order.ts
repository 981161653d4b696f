import type { Db } from '../lib/db.js';
import { prepareQuery } from '../lib/prepared.js';
import type { OrderRow } from './order-record.js';

const findOrder = prepareQuery((db: Db, args: { tenantId: number; orderId: number }) =>
  db.selectFrom('orders').selectAll().where('tenant_id', '=', args.tenantId).where('id', '=', args.orderId),
);

export async function readOrder(db: Db, tenantId: number, orderId: number): Promise<OrderRow | null> {
  return (await findOrder.first(db, { tenantId, orderId })) ?? null;
}
