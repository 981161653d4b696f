// "All in this view" (issue 33 §1): the ids of the orders a view of the list holds (a tab and the
// list's filters, within the member's scope), newest first as the list shows them, for a bulk
// action that names the view instead of its ids. One capped select through the keyset helper
// (the list's own order and indexes, never OFFSET): one row more than the cap tells that the view
// is too large, and nothing is done.
import type { Db } from '../../../lib/db/db.js';
import { keysetPage } from '../../../lib/db/keyset.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { filteredOrders, searchPlanFor, type OrderFilters } from '../list/order-filters.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';

/** The most orders one bulk action over a view changes (issue 33 §1). */
export const MAX_VIEW_ORDERS = 10_000;

export interface OrderView {
  status: OrderStatus | null;
  filters: OrderFilters;
}

export async function viewOrderIds(
  db: Db,
  tenantId: number,
  scope: OrderScope,
  view: OrderView,
  max: number = MAX_VIEW_ORDERS,
): Promise<Outcome<number[], 'too_many_orders'>> {
  const filtered = filteredOrders(db, tenantId, scope, view.filters, await searchPlanFor(db, view.filters));
  const query = view.status === null ? filtered : filtered.where('orders.status', '=', view.status);
  const rows = await keysetPage(query, { key: 'orders.created_at', id: 'orders.id' }, null, max).select('orders.id').execute();
  if (rows.length > max) return refuse('too_many_orders', `the view holds more than ${max} orders`);
  return succeed(rows.map((row) => Number(row.id)));
}
