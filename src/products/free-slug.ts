// The one search for a free slug, shared by a new product (create, duplicate) and a rename:
// base, base-2, base-3, ... The unique (tenant_id, slug) constraint decides; the pre-read of
// taken slugs only skips known ones (and the former slugs, which only it knows about:
// docs/decisions.md).
import type { Db } from '../lib/db/db.js';
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
 * Tries the candidates of `baseSlug` in order, skipping those `skip` names, until `place` puts
 * the product under one: `place` answers null when the slug turned out to be taken (the next
 * candidate), anything else ends the search and is returned.
 */
export async function placeUnderFreeSlug<T>(baseSlug: string, skip: (slug: string) => boolean, place: (slug: string) => Promise<T | null>): Promise<T> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const slug = slugCandidate(baseSlug, attempt);
    if (skip(slug)) continue;
    const placed = await place(slug);
    if (placed !== null) return placed;
  }
  throw new Error(`no free slug for "${baseSlug}" after ${MAX_ATTEMPTS} attempts`);
}
