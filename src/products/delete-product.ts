// The dashboard's DELETE /api/products.php?id=N. Soft: the row stays, so its orders keep their
// product, its thank-you pages keep working and its slug stays reserved; it leaves the lists,
// embed and duplicate answer SPEC's 404 texts and its form says "Produk tidak tersedia".
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { fail, ok, productFailure, type ProductFailure, type Result } from '../lib/http/failures.js';
import { PRODUCT_TEXT } from '../lib/http/messages.js';

export async function deleteProduct(db: Db, clock: Clock, tenantId: number, productId: number): Promise<Result<null, ProductFailure>> {
  const result = await db
    .updateTable('products')
    .set({ deleted_at: clock.now() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? ok(null) : fail(productFailure(404, PRODUCT_TEXT.productNotFound));
}
