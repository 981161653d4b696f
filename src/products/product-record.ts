import type { Selectable } from 'kysely';
import type { ProductTable } from '../lib/db/schema.js';
import { embedSnippets, formUrl } from './embed-markup.js';
import type { Variation } from './variant-prices.js';

export type ProductRow = Selectable<ProductTable>;

export interface Product {
  id: number;
  tenant_id: number;
  name: string;
  slug: string;
  price: number;
  sale_price: number | null;
  variants: Variation[];
  variant_prices: unknown[];
  variant_compare_prices: unknown[];
  variant_display: string;
  meta_pixel_id: string | null;
  gtm_id: string | null;
  description: string;
  weight_grams: number;
  /** The store's payment methods this product's form offers; null: all the store offers. */
  payment_methods: string[] | null;
  /** The store's couriers this product's form offers; null: all of them. */
  couriers: string[] | null;
  tiktok_pixel_id: string | null;
  deleted_at: number | null;
}

const jsonList = (text: string | null): string[] | null => (text === null ? null : (JSON.parse(text) as string[]));

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    slug: row.slug,
    price: row.price,
    sale_price: row.sale_price,
    variants: JSON.parse(row.variants) as Variation[],
    variant_prices: JSON.parse(row.variant_prices) as unknown[],
    variant_compare_prices: JSON.parse(row.variant_compare_prices) as unknown[],
    variant_display: row.variant_display,
    meta_pixel_id: row.meta_pixel_id,
    gtm_id: row.gtm_id,
    description: row.description,
    weight_grams: row.weight_grams,
    payment_methods: jsonList(row.payment_methods),
    couriers: jsonList(row.couriers),
    tiktok_pixel_id: row.tiktok_pixel_id,
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
  };
}

/** SPEC "Product embed record", field for field. */
export function embedRecord(product: Product, publicUrl: string) {
  const url = formUrl(publicUrl, product.tenant_id, product.slug);
  return {
    success: true as const,
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: product.price,
    sale_price: product.sale_price,
    variants: product.variants,
    variant_prices: product.variant_prices,
    variant_display: product.variant_display,
    embed: {
      product_id: product.id,
      tenant_id: product.tenant_id,
      slug: product.slug,
      form_url: url,
      ...embedSnippets(publicUrl, product, url),
    },
  };
}

/**
 * The dashboard's full product (GET /api/products.php?id=N, create, change): SPEC's embed
 * record, its `embed` object exactly as action=embed builds it, and the fields the editor edits.
 */
export function fullRecord(product: Product, publicUrl: string) {
  return {
    ...embedRecord(product, publicUrl),
    description: product.description,
    weight_grams: product.weight_grams,
    variant_compare_prices: product.variant_compare_prices,
    payment_methods: product.payment_methods,
    couriers: product.couriers,
    meta_pixel_id: product.meta_pixel_id,
    tiktok_pixel_id: product.tiktok_pixel_id,
    gtm_id: product.gtm_id,
  };
}
