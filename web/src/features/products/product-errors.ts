// Where the editor shows a refusal of SPEC's products path. Its answer is `{error}`: the text's
// first word names the field it is about (`gtm_id must ...`, `variant_prices ...`; the slug's
// is "cannot derive slug from name", the variations' "setiap ..."); an answer that carries
// `fields` (the dashboard's own family) names them itself. The price matrix's bad cells the
// page finds itself and names in a seller's words, beside each: SPEC's text for them stays the
// API's.
import type { ApiError } from '../../api/client';
import { T } from '../../text/id';
import { badCells, type Draft } from './product-draft';

/** The fields shown beside their input (the product's names for them); any other refusal shows under the form. */
const INLINE = new Set([
  'name', 'slug', 'description', 'price', 'sale_price', 'weight_grams', 'variants', 'variant_display',
  'variant_prices', 'variant_compare_prices', 'payment_methods', 'couriers', 'meta_pixel_id', 'tiktok_pixel_id', 'gtm_id',
]);

/** The first words of SPEC's texts that are not the field's name. */
const FIELD_OF_WORD: Record<string, string> = { cannot: 'slug', setiap: 'variants' };

function fieldOfText(text: string): string | null {
  const word = /^([a-z_]+)\b/.exec(text)?.[1];
  return word ? (FIELD_OF_WORD[word] ?? word) : null;
}

export interface EditorErrors {
  /** The text beside a field (the product's name for it: `slug`, `gtm_id`, ...). */
  field(name: string): string | undefined;
  /** The sentence beside a bad cell of the price matrix, once a save was tried (or the matrix refused). */
  cell(kind: 'price' | 'compare', key: string): string | undefined;
  /** A refusal of the matrix the page finds no bad cell for (its shape), above the cells. */
  matrix: string | undefined;
  /** A refusal of the variations (too many, an option named twice). */
  variants: string | undefined;
  /** The refusal no field shows, under the form. */
  general: ApiError | null;
}

/** `checkCells`: a save was tried, so the matrix's bad cells are named (each goes away as it is fixed). */
export function editorErrors(error: ApiError | null, draft: Draft, checkCells: boolean): EditorErrors {
  const text = error?.body.error ?? '';
  const fields: Record<string, string> = error ? (error.body.fields ?? (fieldOfText(text) ? { [fieldOfText(text)!]: text } : {})) : {};
  const matrixText = fields.variant_prices ?? fields.variant_compare_prices;
  // A refusal of the matrix is told at its cells when the page finds bad ones, else above the matrix.
  const bad = checkCells || matrixText !== undefined ? badCells(draft) : null;
  const badCellsFound = bad !== null && bad.price.size + bad.compare.size > 0;
  return {
    field: (name) => fields[name],
    cell: (kind, key) => {
      if (!bad?.[kind].has(key)) return undefined;
      return kind === 'price' ? T.products.cellPriceMissing : T.products.cellCompareBad;
    },
    matrix: badCellsFound ? undefined : matrixText,
    variants: fields.variants,
    general: error && !Object.keys(fields).some((name) => INLINE.has(name)) ? error : null,
  };
}
