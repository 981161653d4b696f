import type { Insertable } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { ProductTable } from '../lib/db/schema.js';
import { toProduct, type Product } from './product-record.js';
import { slugCandidate } from './slug.js';

const MAX_ATTEMPTS = 1000;

/**
 * The slugs of the store that start like `base` and are taken: by a product (deleted ones
 * included: their slug stays reserved) or by a product's former slug (its form URL redirects).
 */
export async function takenSlugs(db: Db, tenantId: number, baseSlug: string): Promise<Set<string>> {
  const like = `${baseSlug}-%`;
  const [products, redirects] = await Promise.all([
    db.selectFrom('products').select('slug').where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('slug', '=', baseSlug), eb('slug', 'like', like)])).execute(),
    db.selectFrom('product_slug_redirects').select('slug').where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('slug', '=', baseSlug), eb('slug', 'like', like)])).execute(),
  ]);
  return new Set([...products, ...redirects].map((r) => r.slug));
}

/**
 * Inserts a product under the first free slug among base, base-2, base-3, ...
 * The unique (tenant_id, slug) constraint decides; the pre-read only skips known taken ones
 * (and the former slugs, which only it knows about: docs/decisions.md).
 */
export async function insertProductWithFreeSlug(
  db: Db,
  values: Omit<Insertable<ProductTable>, 'slug'>,
  baseSlug: string,
): Promise<Product> {
  const taken = await takenSlugs(db, values.tenant_id, baseSlug);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const slug = slugCandidate(baseSlug, attempt);
    if (taken.has(slug)) continue;
    const row = await db
      .insertInto('products')
      .values({ ...values, slug })
      .onConflict((oc) => oc.columns(['tenant_id', 'slug']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toProduct(row);
  }
  throw new Error(`no free slug for "${baseSlug}" after ${MAX_ATTEMPTS} attempts`);
}
