// Where the editor shows a refusal of SPEC's products path, whose answer is `{error}` alone:
// the text's first word names the field it is about (`gtm_id must ...`, `variant_prices ...`),
// and the slug's is "cannot derive slug from name". The price matrix's bad cells the page finds
// itself and names in a seller's words, beside each: SPEC's text for them stays the API's.
import type { ApiError } from '../../api/client';
import { T } from '../../text/id';
import { badCells, type Draft } from './product-draft';

/** The first words that name a field shown beside its input; any other refusal shows under the form. */
const INLINE = new Set([
  'name', 'cannot', 'description', 'price', 'sale_price', 'weight_grams', 'variants', 'setiap', 'variant_display',
  'variant_prices', 'variant_compare_prices', 'payment_methods', 'couriers', 'meta_pixel_id', 'tiktok_pixel_id', 'gtm_id',
]);

const firstWord = (error: ApiError | null): string | null => (error ? (/^([a-z_]+)\b/.exec(error.body.error)?.[1] ?? null) : null);

export interface EditorErrors {
  /** The text beside a field, named by the first word of the server's text. */
  field(word: string): string | undefined;
  /** The sentence beside a bad cell of the price matrix, once a save was tried (or refused for such cells). */
  cell(kind: 'price' | 'compare', key: string): string | undefined;
  /** A refusal of the matrix as a whole (its shape), above the cells. */
  matrix: string | undefined;
  /** A refusal of the variations (too many, an option named twice). */
  variants: string | undefined;
  /** The refusal no field shows, under the form. */
  general: ApiError | null;
}

/** `checkCells`: a save was tried, so the matrix's bad cells are named (each goes away as it is fixed). */
export function editorErrors(error: ApiError | null, draft: Draft, checkCells: boolean): EditorErrors {
  const word = firstWord(error);
  const text = error?.body.error;
  const aboutCells = (word === 'variant_prices' || word === 'variant_compare_prices') && /tiap kombinasi/.test(text ?? '');
  const bad = checkCells || aboutCells ? badCells(draft) : null;
  return {
    field: (name) => (word === name ? text : undefined),
    cell: (kind, key) => {
      if (!bad?.[kind].has(key)) return undefined;
      return kind === 'price' ? T.products.cellPriceMissing : T.products.cellCompareBad;
    },
    matrix: (word === 'variant_prices' || word === 'variant_compare_prices') && !aboutCells ? text : undefined,
    variants: word === 'variants' || word === 'setiap' ? text : undefined,
    general: error && !INLINE.has(word ?? '') ? error : null,
  };
}
