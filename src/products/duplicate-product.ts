import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { copyProductImages } from '../images/copy-product-images.js';
import { fail, ok, productFailure, type ProductFailure, type Result } from '../lib/http/failures.js';
import { PRODUCT_TEXT } from '../lib/http/messages.js';
import { findProduct } from './find-product.js';
import { insertProductWithFreeSlug } from './insert-product.js';
import { NAME_MAX } from './product-fields.js';
import type { Product } from './product-record.js';
import { deriveSlug } from './slug.js';
import { VARIANT_PRICE_TEXT, variantPriceProblem } from './variant-prices.js';

export { NAME_MAX } from './product-fields.js';

const bad = (error: string) => fail(productFailure(400, error));

/** SPEC: POST /api/products.php?action=duplicate. Everything not sent is copied from the source. */
export async function duplicateProduct(
  db: Db,
  clock: Clock,
  tenantId: number,
  sourceId: number,
  body: Record<string, unknown>,
): Promise<Result<Product, ProductFailure>> {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name === '') return bad(PRODUCT_TEXT.nameRequired);
  if ([...name].length > NAME_MAX) return bad(PRODUCT_TEXT.nameTooLong);

  // A sent slug wins; when it yields nothing usable the name is tried.
  const baseSlug = (typeof body.slug === 'string' ? deriveSlug(body.slug) : '') || deriveSlug(name);
  if (baseSlug === '') return bad(PRODUCT_TEXT.cannotDeriveSlug);

  const source = await findProduct(db, tenantId, sourceId);
  if (!source) return fail(productFailure(404, PRODUCT_TEXT.sourceNotFound));

  const sent = (field: string) => body[field] !== undefined && body[field] !== null;
  const variantPrices = sent('variant_prices') ? body.variant_prices : source.variant_prices;
  const comparePrices = sent('variant_compare_prices') ? body.variant_compare_prices : source.variant_compare_prices;
  const priceProblem =
    variantPriceProblem(variantPrices, source.variants, 'prices') ??
    variantPriceProblem(comparePrices, source.variants, 'compare_prices');
  if (priceProblem) return bad(VARIANT_PRICE_TEXT[priceProblem]);

  const now = clock.now();
  // The copy and its images in one transaction: no copy is ever seen without its images.
  return db.transaction().execute(async (tx) => {
    const product = await insertProductWithFreeSlug(
      tx,
      {
        tenant_id: tenantId,
        name,
        price: source.price,
        sale_price: source.sale_price,
        variants: JSON.stringify(source.variants),
        variant_prices: JSON.stringify(variantPrices),
        variant_compare_prices: JSON.stringify(comparePrices),
        variant_display: source.variant_display,
        meta_pixel_id: source.meta_pixel_id,
        gtm_id: source.gtm_id,
        // Every field the editor adds is copied too.
        description: source.description,
        weight_grams: source.weight_grams,
        payment_methods: source.payment_methods === null ? null : JSON.stringify(source.payment_methods),
        couriers: source.couriers === null ? null : JSON.stringify(source.couriers),
        tiktok_pixel_id: source.tiktok_pixel_id,
        created_at: now,
        updated_at: now,
      },
      baseSlug,
    );
    // The copy's images reference the source's stored bytes (nothing is encoded again).
    await copyProductImages(tx, tenantId, source.id, product.id, now);
    return ok(product);
  });
}
