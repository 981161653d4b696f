// Deletes one image of a product: its rows go in one transaction (the later images move up
// one place), then the bytes no other image references (a duplicate's copy keeps them).
import { DASHBOARD_ERRORS } from '../lib/http/messages.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { Deps } from './add-product-image.js';
import { productExists } from './product-images.js';

export async function deleteProductImage(deps: Deps, tenantId: number, productId: number, imageId: number): Promise<Outcome<null, 'not_found'>> {
  const hashes = await deps.writeTransaction(async (tx) => {
    if (!(await productExists(tx, tenantId, productId))) return null;
    const image = await tx
      .selectFrom('product_images')
      .select(['id', 'position'])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('id', '=', imageId)
      .executeTakeFirst();
    if (!image) return null;
    const variants = await tx.selectFrom('product_image_variants').select('hash').where('image_id', '=', imageId).execute();
    await tx.deleteFrom('product_image_variants').where('image_id', '=', imageId).execute();
    await tx.deleteFrom('product_images').where('tenant_id', '=', tenantId).where('id', '=', imageId).execute();
    await tx
      .updateTable('product_images')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('position', '>', image.position)
      .execute();
    return variants.map((v) => v.hash);
  });
  if (hashes === null) return refuse('not_found', DASHBOARD_ERRORS.not_found.error);
  await deps.store.release(deps.db, hashes);
  return succeed(null);
}
