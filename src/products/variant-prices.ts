// SPEC "Variant price rules": one variation -> flat list; two or three -> nested matrix
// whose dimensions equal the option counts; prices > 0; compare prices >= 0.
import { PRODUCT_TEXT } from '../lib/http/messages.js';

export interface Variation {
  dimension: string;
  options: string[];
}

export type PriceKind = 'prices' | 'compare_prices';

const isCell = (value: unknown, kind: PriceKind): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && (kind === 'prices' ? value > 0 : value >= 0);

function shapeMatches(value: unknown, variants: readonly Variation[], depth: number): boolean {
  if (depth === variants.length) return !Array.isArray(value);
  return Array.isArray(value) && value.length === variants[depth]!.options.length
    && value.every((item) => shapeMatches(item, variants, depth + 1));
}

function cellsValid(value: unknown, variants: readonly Variation[], depth: number, kind: PriceKind): boolean {
  if (depth === variants.length) return isCell(value, kind);
  return (value as unknown[]).every((item) => cellsValid(item, variants, depth + 1, kind));
}

export type VariantPriceProblem = 'variant_prices_cell' | 'variant_prices_shape' | 'variant_compare_prices_cell' | 'variant_compare_prices_shape';

/** The API's words for each problem: SPEC's for variant_prices, the same shape of sentence for the compare prices. */
export const VARIANT_PRICE_TEXT: Record<VariantPriceProblem, string> = {
  variant_prices_cell: PRODUCT_TEXT.variantPriceCell,
  variant_prices_shape: PRODUCT_TEXT.variantPriceShape,
  variant_compare_prices_cell: PRODUCT_TEXT.variantCompareCell,
  variant_compare_prices_shape: PRODUCT_TEXT.variantCompareShape,
};

/**
 * The problem of a price list or matrix, or null when the value is valid.
 * An empty list means "no per-variant prices" and is always valid.
 */
export function variantPriceProblem(value: unknown, variants: readonly Variation[], kind: PriceKind): VariantPriceProblem | null {
  const shape = kind === 'prices' ? 'variant_prices_shape' : 'variant_compare_prices_shape';
  const cell = kind === 'prices' ? 'variant_prices_cell' : 'variant_compare_prices_cell';
  if (!Array.isArray(value)) return shape;
  if (value.length === 0) return null;
  if (variants.length === 0 || !shapeMatches(value, variants, 0)) return shape;
  return cellsValid(value, variants, 0, kind) ? null : cell;
}

/** Rule 4 and the general shape of `variants`: at most three, each with options. */
export function variantsProblem(value: unknown): 'invalid_variants' | 'variants_without_options' | null {
  if (!Array.isArray(value) || value.length > 3) return 'invalid_variants';
  for (const v of value) {
    if (typeof v !== 'object' || v === null) return 'invalid_variants';
    const { dimension, options } = v as Record<string, unknown>;
    if (typeof dimension !== 'string' || dimension.trim() === '') return 'invalid_variants';
    if (!Array.isArray(options) || options.length === 0) return 'variants_without_options';
    if (!options.every((o) => typeof o === 'string' && o.trim() !== '')) return 'invalid_variants';
  }
  return null;
}

/** The combination's cell of a price list or matrix; undefined when the indexes leave its shape. */
export function cellAt(matrix: unknown, optionIndexes: readonly number[]): unknown {
  let cell = matrix;
  for (const index of optionIndexes) cell = Array.isArray(cell) ? cell[index] : undefined;
  return cell;
}

/** The charged unit price of a combination: its variant price when set, else the base price. */
export function unitPrice(
  product: { price: number; variant_prices: unknown },
  optionIndexes: readonly number[],
): number {
  const prices = product.variant_prices;
  if (!Array.isArray(prices) || prices.length === 0) return product.price;
  const cell = cellAt(prices, optionIndexes);
  return typeof cell === 'number' ? cell : product.price;
}

/** "Hitam / L" -> option indexes in variation order, or null when it names no combination. */
export function parseVariant(label: string, variants: readonly Variation[]): number[] | null {
  if (variants.length === 0) return label.trim() === '' ? [] : null;
  const parts = label.split('/').map((p) => p.trim());
  if (parts.length !== variants.length) return null;
  const indexes = parts.map((part, i) => variants[i]!.options.indexOf(part));
  return indexes.every((i) => i >= 0) ? indexes : null;
}
