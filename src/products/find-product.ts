import type { Db } from '../lib/db/db.js';
import { toProduct, type Product } from './product-record.js';

export async function findProduct(db: Db, tenantId: number, productId: number): Promise<Product | null> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
  return row ? toProduct(row) : null;
}
