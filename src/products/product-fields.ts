// The editable fields of a product (create from scratch, change), read and checked once for
// both. SPEC's variant price rules and texts come from variant-prices.ts, as for duplicate.
// Payment methods and couriers are a subset of what the store offers (null: all of it); the
// ad ids are checked against the formats in docs/products.md.
import type { Db } from '../lib/db/db.js';
import { PAYMENT_METHOD_SETTINGS, loadStoreSettings } from '../tenants/store-settings.js';
import { storeRates } from '../shipping/rates.js';
import type { ProductProblem } from './product-problems.js';
import type { Product } from './product-record.js';
import { deriveSlug } from './slug.js';
import { variantPriceProblem, variantsProblem, type Variation } from './variant-prices.js';

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const WEIGHT_MAX = 1_000_000;
export const VARIANT_DISPLAYS = ['default', 'small'] as const;

/** Formats of the ad ids (docs/products.md, "Ad settings"). */
export const AD_ID_PATTERNS = {
  meta_pixel_id: /^[0-9]{15,16}$/,
  tiktok_pixel_id: /^[A-Z0-9]{20}$/,
  gtm_id: /^GTM-[A-Z0-9]{4,12}$/,
} as const;

const AD_ID_PROBLEM = {
  meta_pixel_id: 'invalid_meta_pixel_id',
  tiktok_pixel_id: 'invalid_tiktok_pixel_id',
  gtm_id: 'invalid_gtm_id',
} as const satisfies Record<keyof typeof AD_ID_PATTERNS, ProductProblem>;

/** The columns a create or change writes (JSON ones serialised). */
export interface ProductValues {
  name: string;
  price: number;
  sale_price: number | null;
  description: string;
  weight_grams: number;
  variants: string;
  variant_prices: string;
  variant_compare_prices: string;
  variant_display: string;
  payment_methods: string | null;
  couriers: string | null;
  meta_pixel_id: string | null;
  tiktok_pixel_id: string | null;
  gtm_id: string | null;
}

export type FieldsOutcome = { ok: true; values: ProductValues; slug: string | null } | { ok: false; problem: ProductProblem };

const isWhole = (v: unknown, max = Number.MAX_SAFE_INTEGER) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
const bad = (problem: ProductProblem): FieldsOutcome => ({ ok: false, problem });

function adId(value: unknown, field: keyof typeof AD_ID_PATTERNS): { ok: true; value: string | null } | { ok: false } {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value !== 'string') return { ok: false };
  const trimmed = value.trim();
  if (trimmed === '') return { ok: true, value: null };
  return AD_ID_PATTERNS[field].test(trimmed) ? { ok: true, value: trimmed } : { ok: false };
}

function stringList(value: unknown): string[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim() !== '')) return undefined;
  const list = [...new Set((value as string[]).map((v) => v.trim()))];
  return list.length === 0 ? null : list;
}

/**
 * Reads `input` over `current` (null on create): a field not sent keeps the current value;
 * on create `name` and `price` are required. `slug` is the wanted base slug when one is to be
 * (re)chosen: on create always, on a change only when a different one is sent.
 */
export async function readProductFields(db: Db, tenantId: number, input: Record<string, unknown>, current: Product | null): Promise<FieldsOutcome> {
  const has = (field: string) => input[field] !== undefined;

  let name = current?.name ?? '';
  if (has('name') || !current) {
    name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') return bad('name_required');
    if ([...name].length > NAME_MAX) return bad('name_too_long');
  }

  let slug: string | null = null;
  const sentSlug = typeof input.slug === 'string' && input.slug.trim() !== '' ? deriveSlug(input.slug) : '';
  if (!current) {
    slug = sentSlug || deriveSlug(name);
    if (slug === '') return bad('cannot_derive_slug');
  } else if (has('slug') && input.slug !== null) {
    if (sentSlug === '') return bad('cannot_derive_slug');
    if (sentSlug !== current.slug) slug = sentSlug;
  }

  const price = has('price') || !current ? input.price : current.price;
  if (!isWhole(price)) return bad('invalid_price');
  const salePrice = has('sale_price') ? input.sale_price : (current?.sale_price ?? null);
  if (salePrice !== null && !isWhole(salePrice)) return bad('invalid_sale_price');

  const description = has('description') ? input.description : (current?.description ?? '');
  if (typeof description !== 'string' || [...description].length > DESCRIPTION_MAX) return bad('invalid_product_description');
  const weight = has('weight_grams') ? input.weight_grams : (current?.weight_grams ?? 0);
  if (!isWhole(weight, WEIGHT_MAX)) return bad('invalid_weight');

  const sentVariants = has('variants') ? input.variants : (current?.variants ?? []);
  const variantsError = variantsProblem(sentVariants);
  if (variantsError) return bad(variantsError);
  // Only the two fields of each variation are kept, trimmed.
  const variants: Variation[] = (sentVariants as Variation[]).map((v) => ({ dimension: v.dimension.trim(), options: v.options.map((o) => o.trim()) }));
  const variantPrices = has('variant_prices') && input.variant_prices !== null ? input.variant_prices : (current?.variant_prices ?? []);
  const comparePrices = has('variant_compare_prices') && input.variant_compare_prices !== null ? input.variant_compare_prices : (current?.variant_compare_prices ?? []);
  const priceProblem = variantPriceProblem(variantPrices, variants, 'prices') ?? variantPriceProblem(comparePrices, variants, 'compare_prices');
  if (priceProblem) return bad(priceProblem);

  const display = has('variant_display') ? input.variant_display : (current?.variant_display ?? 'default');
  if (!VARIANT_DISPLAYS.includes(display as (typeof VARIANT_DISPLAYS)[number])) return bad('invalid_variant_display');

  const ads: Record<keyof typeof AD_ID_PATTERNS, string | null> = { meta_pixel_id: null, tiktok_pixel_id: null, gtm_id: null };
  for (const field of Object.keys(AD_ID_PATTERNS) as Array<keyof typeof AD_ID_PATTERNS>) {
    if (!has(field) && current) {
      ads[field] = current[field];
      continue;
    }
    const read = adId(input[field], field);
    if (!read.ok) return bad(AD_ID_PROBLEM[field]);
    ads[field] = read.value;
  }

  let paymentMethods = current?.payment_methods ?? null;
  if (has('payment_methods')) {
    const list = stringList(input.payment_methods);
    const settings = list ? await loadStoreSettings(db, tenantId) : null;
    const offered: readonly string[] = settings?.paymentMethods ?? PAYMENT_METHOD_SETTINGS;
    if (list === undefined || (list && !list.every((m) => offered.includes(m)))) return bad('payment_methods_not_offered');
    paymentMethods = list;
  }
  let couriers = current?.couriers ?? null;
  if (has('couriers')) {
    const list = stringList(input.couriers);
    const known = list ? Object.keys(await storeRates(db).table(tenantId)) : [];
    if (list === undefined || (list && !list.every((c) => known.includes(c)))) return bad('couriers_not_offered');
    couriers = list;
  }

  return {
    ok: true,
    slug,
    values: {
      name,
      price: price as number,
      sale_price: salePrice as number | null,
      description: description as string,
      weight_grams: weight as number,
      variants: JSON.stringify(variants),
      variant_prices: JSON.stringify(variantPrices),
      variant_compare_prices: JSON.stringify(comparePrices),
      variant_display: display as string,
      payment_methods: paymentMethods === null ? null : JSON.stringify(paymentMethods),
      couriers: couriers === null ? null : JSON.stringify(couriers),
      ...ads,
    },
  };
}
