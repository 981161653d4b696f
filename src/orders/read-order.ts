import type { Db } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { CUSTOMER_COLUMNS, RECORD_COLUMNS, type OrderRecordRow } from './order-record.js';

// Only the record's columns, and the buyer's only when the key may see them: personal data
// is not even read for a key without customers:read, and every column read costs time.
const findOrder = prepareQuery((db: Db, args: { tenantId: number; orderId: number }) =>
  db.selectFrom('orders').select(RECORD_COLUMNS).where('tenant_id', '=', args.tenantId).where('id', '=', args.orderId),
);

const findOrderWithCustomer = prepareQuery((db: Db, args: { tenantId: number; orderId: number }) =>
  db
    .selectFrom('orders')
    .select([...RECORD_COLUMNS, ...CUSTOMER_COLUMNS])
    .where('tenant_id', '=', args.tenantId)
    .where('id', '=', args.orderId),
);

export async function readOrder(db: Db, tenantId: number, orderId: number, withCustomer: boolean): Promise<OrderRecordRow | null> {
  const query = withCustomer ? findOrderWithCustomer : findOrder;
  return (await query.first(db, { tenantId, orderId })) ?? null;
}
