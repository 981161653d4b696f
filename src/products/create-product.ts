import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { fail, ok, type ProductFailure, type Result } from '../lib/http/failures.js';
import { insertProductWithFreeSlug } from './insert-product.js';
import { readProductFields } from './product-fields.js';
import { problemFailure } from './product-problems.js';
import type { Product } from './product-record.js';

export { VARIANT_DISPLAYS } from './product-fields.js';

/** Creates a product from scratch (the dashboard's POST /api/products.php, the operator CLI, the demo). */
export async function createProduct(
  db: Db,
  clock: Clock,
  tenantId: number,
  input: Record<string, unknown>,
): Promise<Result<Product, ProductFailure>> {
  const fields = await readProductFields(db, tenantId, input, null);
  if (!fields.ok) return fail(problemFailure(fields.problem));
  const now = clock.now();
  const product = await insertProductWithFreeSlug(db, { tenant_id: tenantId, ...fields.values, created_at: now, updated_at: now }, fields.slug!);
  return ok(product);
}
