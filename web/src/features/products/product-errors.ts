// Where the editor shows a refusal of SPEC's products path, whose answer is `{error}` alone:
// the text's first word names the field it is about (`gtm_id must ...`, `variant_prices ...`),
// and the slug's is "cannot derive slug from name".
import type { ApiError } from '../../api/client';
import { badCell, type Draft } from './product-draft';

/** The first words that name a field shown beside its input; any other refusal shows under the form. */
const INLINE = new Set([
  'name', 'cannot', 'description', 'price', 'sale_price', 'weight_grams', 'variants', 'setiap', 'variant_display',
  'variant_prices', 'variant_compare_prices', 'payment_methods', 'couriers', 'meta_pixel_id', 'tiktok_pixel_id', 'gtm_id',
]);

const firstWord = (error: ApiError | null): string | null => (error ? (/^([a-z_]+)\b/.exec(error.body.error)?.[1] ?? null) : null);

export interface EditorErrors {
  /** The text beside a field, named by the first word of the server's text. */
  field(word: string): string | undefined;
  /** The text beside one cell of the price matrix, when the refusal is about cells like it. */
  cell(kind: 'price' | 'compare', key: string): string | undefined;
  /** A refusal of the matrix as a whole (its shape), above the cells. */
  matrix: string | undefined;
  /** A refusal of the variations (too many, an option named twice). */
  variants: string | undefined;
  /** The refusal no field shows, under the form. */
  general: ApiError | null;
}

export function editorErrors(error: ApiError | null, draft: Draft): EditorErrors {
  const word = firstWord(error);
  const text = error?.body.error;
  const aboutCells = (word === 'variant_prices' || word === 'variant_compare_prices') && /tiap kombinasi/.test(text ?? '');
  return {
    field: (name) => (word === name ? text : undefined),
    // The server's variant price text, shown beside every cell it is about.
    cell: (kind, key) => {
      if (!aboutCells || word !== (kind === 'price' ? 'variant_prices' : 'variant_compare_prices')) return undefined;
      return badCell((kind === 'price' ? draft.prices : draft.compare)[key], kind) ? text : undefined;
    },
    matrix: (word === 'variant_prices' || word === 'variant_compare_prices') && !aboutCells ? text : undefined,
    variants: word === 'variants' || word === 'setiap' ? text : undefined,
    general: error && !INLINE.has(word ?? '') ? error : null,
  };
}
