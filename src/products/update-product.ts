// The dashboard's PATCH /api/products.php?id=N: changes the fields sent, checked as on create.
// A new slug gets a numeric suffix when taken; the old one is kept as a redirect to the
// product, so the form URL in snippets already pasted keeps working (docs/products.md).
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { fail, ok, productFailure, type ProductFailure, type Result } from '../lib/http/failures.js';
import { PRODUCT_TEXT } from '../lib/http/messages.js';
import { findProduct } from './find-product.js';
import { placeUnderFreeSlug, takenSlugs } from './free-slug.js';
import { readProductFields } from './product-fields.js';
import { problemFailure } from './product-problems.js';
import { toProduct, type Product } from './product-record.js';
import { isUniqueViolation } from '../lib/db/unique-violation.js';

export async function updateProduct(
  db: Db,
  writeTransaction: WriteTransaction,
  clock: Clock,
  tenantId: number,
  productId: number,
  input: Record<string, unknown>,
): Promise<Result<Product, ProductFailure>> {
  const current = await findProduct(db, tenantId, productId);
  if (!current) return fail(productFailure(404, PRODUCT_TEXT.productNotFound));
  const fields = await readProductFields(db, tenantId, input, current);
  if (!fields.ok) return fail(problemFailure(fields.problem));

  // The product's own former slugs are free for it again (renaming back).
  const own = fields.slug === null ? new Set<string>() : new Set(
    (await db.selectFrom('product_slug_redirects').select('slug').where('tenant_id', '=', tenantId).where('product_id', '=', productId).execute()).map((r) => r.slug),
  );
  const taken = fields.slug === null ? new Set<string>() : await takenSlugs(db, tenantId, fields.slug);
  const now = clock.now();
  // One attempt with `slug`: the row (undefined: no such product any more), or null when
  // another product has the slug.
  const saveWith = (slug: string) =>
    writeTransaction(async (tx) => {
      if (slug !== current.slug) {
        // The slug must still be free of other products (the unique index is the last word).
        const clash = await tx.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('slug', '=', slug).executeTakeFirst();
        if (clash) return null;
        await tx.deleteFrom('product_slug_redirects').where('tenant_id', '=', tenantId).where('slug', '=', slug).where('product_id', '=', productId).execute();
        await tx.insertInto('product_slug_redirects')
          .values({ tenant_id: tenantId, slug: current.slug, product_id: productId, created_at: now })
          .onConflict((oc) => oc.columns(['tenant_id', 'slug']).doNothing())
          .execute();
      }
      return tx.updateTable('products')
        .set({ ...fields.values, slug, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', productId)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    });
  // Without a new slug the one candidate is the current slug, which saveWith never finds taken.
  const row = await placeUnderFreeSlug(
    fields.slug ?? current.slug,
    // A candidate equal to the current slug (wanted `a`, taken; the product is `a-2`) keeps it.
    (slug) => slug !== current.slug && taken.has(slug) && !own.has(slug),
    async (slug) => {
      try {
        return await saveWith(slug);
      } catch (error) {
        // PostgreSQL: another write committed this slug after the check (SQLite, one writer at a
        // time, never gets here): the next candidate, as when the check sees it.
        if (slug !== current.slug && isUniqueViolation(error, 'products_tenant_slug')) return null;
        throw error;
      }
    },
  );
  return row ? ok(toProduct(row)) : fail(productFailure(404, PRODUCT_TEXT.productNotFound));
}
