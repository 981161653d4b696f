import type { Insertable } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { ProductTable } from '../lib/db/schema.js';
import { toProduct, type Product } from './product-record.js';
import { slugCandidate } from './slug.js';

const MAX_ATTEMPTS = 1000;

/**
 * Inserts a product under the first free slug among base, base-2, base-3, ...
 * The unique (tenant_id, slug) constraint decides; the pre-read only skips known taken ones.
 */
export async function insertProductWithFreeSlug(
  db: Db,
  values: Omit<Insertable<ProductTable>, 'slug'>,
  baseSlug: string,
): Promise<Product> {
  const taken = new Set(
    (
      await db
        .selectFrom('products')
        .select('slug')
        .where('tenant_id', '=', values.tenant_id)
        .where((eb) => eb.or([eb('slug', '=', baseSlug), eb('slug', 'like', `${baseSlug}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
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
