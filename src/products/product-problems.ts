// Every refusal of a product's fields when the product is created or changed (the dashboard's
// path of /api/products.php, and `lapak product create`), by code: the field it is about and,
// where SPEC words the problem, SPEC's text. The answer's `error` keeps SPEC's text byte for
// byte, as the API does; every other text, and `fields` always, is the dashboard's Indonesian
// one (DASHBOARD_REFUSAL_TEXT, keyed by the same codes). The API-key operations keep their own
// texts (duplicate-product.ts).
import { productFailure, type ProductFailure } from '../lib/http/failures.js';
import { DASHBOARD_REFUSAL_TEXT, PRODUCT_TEXT, type RefusalTextCode } from '../lib/http/messages.js';

interface Problem {
  field: string;
  /** SPEC's own text of the problem, kept as the answer's `error`. */
  spec?: string;
}

export const PRODUCT_PROBLEMS = {
  body_not_object: { field: 'body' },
  name_required: { field: 'name', spec: PRODUCT_TEXT.nameRequired },
  name_too_long: { field: 'name' },
  cannot_derive_slug: { field: 'slug', spec: PRODUCT_TEXT.cannotDeriveSlug },
  invalid_price: { field: 'price' },
  invalid_sale_price: { field: 'sale_price' },
  invalid_product_description: { field: 'description' },
  invalid_weight: { field: 'weight_grams' },
  invalid_variants: { field: 'variants' },
  variants_without_options: { field: 'variants' },
  variant_prices_cell: { field: 'variant_prices', spec: PRODUCT_TEXT.variantPriceCell },
  variant_prices_shape: { field: 'variant_prices', spec: PRODUCT_TEXT.variantPriceShape },
  variant_compare_prices_cell: { field: 'variant_compare_prices' },
  variant_compare_prices_shape: { field: 'variant_compare_prices' },
  invalid_variant_display: { field: 'variant_display' },
  payment_methods_not_offered: { field: 'payment_methods' },
  couriers_not_offered: { field: 'couriers' },
  invalid_meta_pixel_id: { field: 'meta_pixel_id' },
  invalid_tiktok_pixel_id: { field: 'tiktok_pixel_id' },
  invalid_gtm_id: { field: 'gtm_id' },
} as const satisfies Partial<Record<RefusalTextCode, Problem>>;

export type ProductProblem = keyof typeof PRODUCT_PROBLEMS;

/** The text of a problem as the answer's `error`: SPEC's where SPEC has one, else the dashboard's. */
export function problemText(code: ProductProblem): string {
  const problem: Problem = PRODUCT_PROBLEMS[code];
  return problem.spec ?? DASHBOARD_REFUSAL_TEXT[code];
}

/** 400 in the product family, with `fields` naming the field in the dashboard's words. */
export function problemFailure(code: ProductProblem): ProductFailure {
  return { ...productFailure(400, problemText(code)), fields: { [PRODUCT_PROBLEMS[code].field]: DASHBOARD_REFUSAL_TEXT[code] } };
}
