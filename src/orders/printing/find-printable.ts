// The orders a print names, within the member's scope: all of them or none (issue 44 §1): an id
// the member does not see, of this store or another, makes the whole request 404
// `order_not_found`, naming the first such id.
import type { Db } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import { inScope, type OrderScope } from '../core/order-scope.js';

/** The ids all found, or the first one missing. */
export async function findPrintable(db: Db, tenantId: number, scope: OrderScope, ids: readonly number[]): Promise<Outcome<readonly number[], 'order_not_found'>> {
  const found = await inScope(db.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', tenantId).where('orders.id', 'in', ids), scope).execute();
  const seen = new Set(found.map((row) => Number(row.id)));
  const missing = ids.find((id) => !seen.has(id));
  return missing === undefined ? succeed(ids) : refuse('order_not_found', `order ${missing} not found`);
}
