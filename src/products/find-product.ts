import type { Db } from '../lib/db/db.js';
import { toProduct, type Product } from './product-record.js';

/** A product of the store that is not deleted (a deleted one answers as no product: SPEC's 404 texts). */
export async function findProduct(db: Db, tenantId: number, productId: number): Promise<Product | null> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toProduct(row) : null;
}
