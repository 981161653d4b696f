import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { fail, ok, productFailure, type ProductFailure, type Result } from '../lib/http/failures.js';
import { PRODUCT_TEXT } from '../lib/http/messages.js';
import { NAME_MAX } from './duplicate-product.js';
import { insertProductWithFreeSlug } from './insert-product.js';
import type { Product } from './product-record.js';
import { deriveSlug } from './slug.js';
import { variantPriceProblem, variantsProblem, type Variation } from './variant-prices.js';

export const VARIANT_DISPLAYS = ['default', 'small'] as const;

const bad = (error: string) => fail(productFailure(400, error));
const isPrice = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const optionalText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Creates a product from scratch (operator CLI now, dashboard later). */
export async function createProduct(
  db: Db,
  clock: Clock,
  tenantId: number,
  input: Record<string, unknown>,
): Promise<Result<Product, ProductFailure>> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') return bad(PRODUCT_TEXT.nameRequired);
  if ([...name].length > NAME_MAX) return bad(PRODUCT_TEXT.nameTooLong);
  const baseSlug = deriveSlug(optionalText(input.slug) ?? name);
  if (baseSlug === '') return bad(PRODUCT_TEXT.cannotDeriveSlug);
  if (!isPrice(input.price)) return bad('price must be a whole number of rupiah, 0 or more');
  const salePrice = input.sale_price ?? null;
  if (salePrice !== null && !isPrice(salePrice)) return bad('sale_price must be a whole number of rupiah or null');

  const variants = (input.variants ?? []) as Variation[];
  const variantsError = variantsProblem(variants);
  if (variantsError) return bad(variantsError);
  const variantPrices = input.variant_prices ?? [];
  const comparePrices = input.variant_compare_prices ?? [];
  const priceProblem =
    variantPriceProblem(variantPrices, variants, 'prices') ??
    variantPriceProblem(comparePrices, variants, 'compare_prices');
  if (priceProblem) return bad(priceProblem);

  const display = input.variant_display ?? 'default';
  if (!VARIANT_DISPLAYS.includes(display as (typeof VARIANT_DISPLAYS)[number])) {
    return bad(`variant_display must be one of: ${VARIANT_DISPLAYS.join(', ')}`);
  }

  const now = clock.now();
  const product = await insertProductWithFreeSlug(
    db,
    {
      tenant_id: tenantId,
      name,
      price: input.price as number,
      sale_price: salePrice as number | null,
      variants: JSON.stringify(variants),
      variant_prices: JSON.stringify(variantPrices),
      variant_compare_prices: JSON.stringify(comparePrices),
      variant_display: display as string,
      meta_pixel_id: optionalText(input.meta_pixel_id),
      gtm_id: optionalText(input.gtm_id),
      created_at: now,
      updated_at: now,
    },
    baseSlug,
  );
  return ok(product);
}
