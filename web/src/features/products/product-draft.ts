// The product editor's form as typed (every field a string, the price matrix as cells keyed by
// combination), and the moves between it and the product SPEC's path answers and takes.
import type { EditorErrors } from './product-errors';
import type { Product, ProductBody } from './use-products';

export interface VariationDraft {
  dimension: string;
  options: string;
}

export interface Draft {
  name: string;
  slug: string;
  description: string;
  price: string;
  salePrice: string;
  weight: string;
  variations: VariationDraft[];
  /** Cell values by combination key ("0.2"), as typed. */
  prices: Record<string, string>;
  compare: Record<string, string>;
  display: 'default' | 'small';
  paymentMethods: string[];
  couriers: string[];
  meta: string;
  tiktok: string;
  gtm: string;
}

/** Changes one field of the draft (what every section of the editor is given). */
export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** What every section of the editor's form is given. */
export interface SectionProps {
  draft: Draft;
  set: SetDraft;
  errors: EditorErrors;
}

export const EMPTY: Draft = {
  name: '', slug: '', description: '', price: '', salePrice: '', weight: '0', variations: [], prices: {}, compare: {},
  display: 'default', paymentMethods: [], couriers: [], meta: '', tiktok: '', gtm: '',
};

export const optionsOf = (variation: VariationDraft): string[] => variation.options.split(',').map((o) => o.trim()).filter((o) => o !== '');

/** Every combination of option indexes, in the order of the variations. */
export function combinations(variations: VariationDraft[]): number[][] {
  return variations.reduce<number[][]>((acc, v) => acc.flatMap((combo) => optionsOf(v).map((_, i) => [...combo, i])), [[]]).filter((c) => c.length > 0);
}

/** A combination's name as the form shows it ("Hitam / L"). */
export const combinationLabel = (variations: VariationDraft[], combo: number[]): string => combo.map((option, i) => optionsOf(variations[i]!)[option]).join(' / ');

/** The nested matrix SPEC's rules want (a flat list for one variation); an empty cell is 0, which the server refuses with its text. */
function matrixOf(variations: VariationDraft[], cells: Record<string, string>): unknown[] {
  const build = (prefix: number[]): unknown[] =>
    optionsOf(variations[prefix.length]!).map((_, i) => {
      const path = [...prefix, i];
      return path.length === variations.length ? Number(cells[path.join('.')] || 0) : build(path);
    });
  return variations.length === 0 ? [] : build([]);
}

function cellsOf(matrix: unknown, path: number[] = [], out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(matrix)) matrix.forEach((item, i) => cellsOf(item, [...path, i], out));
  else if (typeof matrix === 'number' && path.length > 0) out[path.join('.')] = String(matrix);
  return out;
}

export function draftOf(product: Product): Draft {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: String(product.price),
    salePrice: product.sale_price === null ? '' : String(product.sale_price),
    weight: String(product.weight_grams),
    variations: product.variants.map((v) => ({ dimension: v.dimension, options: v.options.join(', ') })),
    prices: cellsOf(product.variant_prices),
    compare: cellsOf(product.variant_compare_prices),
    display: product.variant_display,
    paymentMethods: product.payment_methods ?? [],
    couriers: product.couriers ?? [],
    meta: product.meta_pixel_id ?? '',
    tiktok: product.tiktok_pixel_id ?? '',
    gtm: product.gtm_id ?? '',
  };
}

const wholeNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The combinations' keys ("0.2") of the variations as they are now (cells of removed options do not count). */
const cellKeys = (draft: Draft): string[] => combinations(draft.variations).map((combo) => combo.join('.'));

/** Whether any cell of the current combinations holds something: then the whole matrix is sent. */
const anyCell = (draft: Draft, kind: 'prices' | 'compare'): boolean => cellKeys(draft).some((key) => (draft[kind][key] ?? '').trim() !== '');

export function bodyOf(draft: Draft): ProductBody {
  const anyPrice = anyCell(draft, 'prices');
  const anyCompare = anyCell(draft, 'compare');
  return {
    name: draft.name,
    ...(draft.slug.trim() !== '' ? { slug: draft.slug } : {}),
    description: draft.description,
    price: wholeNumber(draft.price),
    sale_price: draft.salePrice.trim() === '' ? null : wholeNumber(draft.salePrice),
    weight_grams: wholeNumber(draft.weight),
    variants: draft.variations.map((v) => ({ dimension: v.dimension.trim(), options: optionsOf(v) })),
    variant_prices: anyPrice ? (matrixOf(draft.variations, draft.prices) as ProductBody['variant_prices']) : [],
    variant_compare_prices: anyCompare ? (matrixOf(draft.variations, draft.compare) as ProductBody['variant_compare_prices']) : [],
    variant_display: draft.display,
    payment_methods: draft.paymentMethods.length > 0 ? draft.paymentMethods : null,
    couriers: draft.couriers.length > 0 ? draft.couriers : null,
    meta_pixel_id: draft.meta.trim() || null,
    tiktok_pixel_id: draft.tiktok.trim() || null,
    gtm_id: draft.gtm.trim() || null,
  } as ProductBody;
}

/** A cell the server would refuse: a price must be more than 0; a compare price, when given, at least 0. */
const badCell = (value: string | undefined, kind: 'price' | 'compare'): boolean => {
  const n = Number(value ?? '');
  return kind === 'price' ? !(value ?? '').trim() || !(n > 0) : (value ?? '').trim() !== '' && !(n >= 0);
};

/**
 * The cells the server would refuse, found by the page itself (SPEC's text for them is written
 * for integrators): once one price is filled, every combination needs a price above 0; a
 * compare price, when given, is 0 or more.
 */
export function badCells(draft: Draft): { price: Set<string>; compare: Set<string> } {
  const keys = cellKeys(draft);
  const price = anyCell(draft, 'prices') ? keys.filter((key) => badCell(draft.prices[key], 'price')) : [];
  return { price: new Set(price), compare: new Set(keys.filter((key) => badCell(draft.compare[key], 'compare'))) };
}
