// The JSON body of action=embed, kept per product while the columns it is made from are the
// same: building the record (its snippets escaped) and serialising it was about a fifth of
// the embed's CPU (issue 13). The key is those columns themselves, not updated_at, so a
// change to the product, however it is made, shows on the next request; equal columns make
// an equal body, so the body kept for them is the one that would be built.
import { embedRecord, toProduct, type ProductRow } from './product-record.js';

const PRODUCTS_KEPT = 1_000;
const bodies = new Map<number, { source: string; body: string }>();

// Every column embedRecord reads, and the public URL; each value prefixed with its length,
// so that no two different lists give the same text.
function sourceOf(row: ProductRow, publicUrl: string): string {
  const values = [publicUrl, row.tenant_id, row.name, row.slug, row.price, row.sale_price, row.variants, row.variant_prices, row.variant_display];
  let source = '';
  for (const value of values) {
    const text = String(value);
    source += `${text.length}:${text}`;
  }
  return source;
}

/** JSON.stringify(embedRecord(toProduct(row), publicUrl)), built once per version of the product. */
export function embedBody(row: ProductRow, publicUrl: string): string {
  const source = sourceOf(row, publicUrl);
  const kept = bodies.get(row.id);
  if (kept?.source === source) return kept.body;
  const body = JSON.stringify(embedRecord(toProduct(row), publicUrl));
  if (bodies.size >= PRODUCTS_KEPT) bodies.clear();
  bodies.set(row.id, { source, body });
  return body;
}
