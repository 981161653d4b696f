// Puts a product's images in the order given: the list must name each of its images once.
import { DASHBOARD_FIELD_TEXT, DASHBOARD_ERRORS } from '../lib/http/messages.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { Deps } from './add-product-image.js';
import { productExists } from './product-images.js';

export async function reorderProductImages(deps: Deps, tenantId: number, productId: number, order: readonly number[]): Promise<Outcome<null, 'not_found' | 'order_mismatch'>> {
  return deps.writeTransaction(async (tx) => {
    if (!(await productExists(tx, tenantId, productId))) return refuse('not_found', DASHBOARD_ERRORS.not_found.error);
    const rows = await tx.selectFrom('product_images').select('id').where('tenant_id', '=', tenantId).where('product_id', '=', productId).execute();
    const ids = new Set(rows.map((r) => Number(r.id)));
    if (order.length !== ids.size || new Set(order).size !== order.length || !order.every((id) => ids.has(id))) {
      return refuse('order_mismatch', DASHBOARD_FIELD_TEXT.imageOrder);
    }
    for (const [position, id] of order.entries()) {
      await tx.updateTable('product_images').set({ position }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    }
    return succeed(null);
  });
}
