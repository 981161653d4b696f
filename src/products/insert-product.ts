import type { Insertable } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { ProductTable } from '../lib/db/schema.js';
import { placeUnderFreeSlug, takenSlugs } from './free-slug.js';
import { toProduct, type Product } from './product-record.js';

/** Inserts a product under the first free slug among base, base-2, base-3, ... */
export async function insertProductWithFreeSlug(
  db: Db,
  values: Omit<Insertable<ProductTable>, 'slug'>,
  baseSlug: string,
): Promise<Product> {
  const taken = await takenSlugs(db, values.tenant_id, baseSlug);
  return placeUnderFreeSlug(baseSlug, (slug) => taken.has(slug), async (slug) => {
    const row = await db
      .insertInto('products')
      .values({ ...values, slug })
      .onConflict((oc) => oc.columns(['tenant_id', 'slug']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toProduct(row) : null;
  });
}
