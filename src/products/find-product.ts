import type { Db } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { toProduct, type Product, type ProductRow } from './product-record.js';

// Every column of the row toProduct reads, listed (a prepared query never selects *).
const PRODUCT_COLUMNS = [
  'id', 'tenant_id', 'name', 'slug', 'price', 'sale_price', 'variants', 'variant_prices', 'variant_compare_prices',
  'variant_display', 'meta_pixel_id', 'gtm_id', 'created_at', 'updated_at', 'description', 'weight_grams',
  'payment_methods', 'couriers', 'tiktok_pixel_id', 'deleted_at',
] as const satisfies ReadonlyArray<keyof ProductRow>;

// Prepared: the embed and the order form read a product on every request.
const findLiveProduct = prepareQuery((db: Db, a: { tenantId: number; productId: number }) =>
  db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('tenant_id', '=', a.tenantId)
    .where('id', '=', a.productId)
    .where('deleted_at', 'is', null),
);

/** The row of a product of the store that is not deleted. */
export async function findProductRow(db: Db, tenantId: number, productId: number): Promise<ProductRow | null> {
  return (await findLiveProduct.first(db, { tenantId, productId })) ?? null;
}

/** A product of the store that is not deleted (a deleted one answers as no product: SPEC's 404 texts). */
export async function findProduct(db: Db, tenantId: number, productId: number): Promise<Product | null> {
  const row = await findProductRow(db, tenantId, productId);
  return row ? toProduct(row) : null;
}
