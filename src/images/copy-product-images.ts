// Duplicate's part (SPEC action=duplicate copies the product): the copy gets its own image
// rows and served names, referencing the same stored bytes (nothing is decoded or encoded
// again, and nothing is written to the store).
import { randomBytes } from 'node:crypto';
import type { Tx } from '../lib/db/db.js';

/** In the duplicate's transaction, beside the copy's insert. */
export async function copyProductImages(tx: Tx, tenantId: number, fromProductId: number, toProductId: number, now: number): Promise<void> {
  const images = await tx
    .selectFrom('product_images')
    .select(['id', 'position'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', fromProductId)
    .orderBy('position')
    .execute();
  for (const image of images) {
    const row = await tx
      .insertInto('product_images')
      .values({ tenant_id: tenantId, product_id: toProductId, token: randomBytes(16).toString('base64url'), position: image.position, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const variants = await tx.selectFrom('product_image_variants').select(['width', 'height', 'hash', 'size']).where('image_id', '=', image.id).execute();
    if (variants.length > 0) await tx.insertInto('product_image_variants').values(variants.map((v) => ({ ...v, image_id: Number(row.id) }))).execute();
  }
}
