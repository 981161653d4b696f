// The orders a bulk action names: by their ids, or by a view of the list (its query: "all in
// this view", however many pages it holds). The bulk status move (dashboard-bulk-routes.ts) and
// the assignment (dashboard-routes.ts) take their orders this way.
import type { AppContext } from '../../../context.js';
import { invalid } from '../../../dashboard/route.js';
import { dashboardFailure, type DashboardFailure } from '../../../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import type { Session } from '../../../sessions/require-session.js';
import { storeTimeZone } from '../../../tenants/store-time-zone.js';
import { filterRefusal } from '../list/filter-refusal.js';
import { readOrderFilters, type FilterQuery } from '../list/order-filters.js';
import { orderScopeOf } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';
import { MAX_VIEW_ORDERS, viewOrderIds } from './view-order-ids.js';

/** How a bulk action's body names its orders (exactly one of the two). */
export interface ChosenOrders {
  ids?: number[];
  query?: FilterQuery & { status?: OrderStatus };
}

/** What a route taking `ids | query` says about them (in its description). */
export const CHOSEN_ORDERS =
  '`ids` (in the order sent) or `query`, exactly one (422 `invalid_request` with `fields.ids` otherwise). `query` is the list\'s query as a JSON object (its tab `status` and its filters, without `cursor` and `limit`), checked as the list checks it (its 422s, the fields under `query.`), and names every order of that view within the member\'s scope, newest first; ' +
  `more than ${MAX_VIEW_ORDERS.toLocaleString('en')}: 422 \`too_many_orders\` and nothing changes.`;

/** The codes of a route taking `ids | query`, beyond its own. */
export const CHOSEN_ORDERS_CODES = ['invalid_request', 'query_too_short', 'too_many_orders'] as const;

/** The ids a bulk action's body names, within the member's scope for a view; or the answer refusing them. */
export async function chosenOrders(ctx: AppContext, session: Session, body: ChosenOrders): Promise<{ ok: true; ids: number[] } | { ok: false; failure: DashboardFailure }> {
  if ((body.ids === undefined) === (body.query === undefined)) return { ok: false, failure: invalid({ ids: DASHBOARD_FIELD_TEXT.idsOrQuery }) };
  if (body.ids !== undefined) return { ok: true, ids: body.ids };
  const { status, ...query } = body.query!;
  const filters = readOrderFilters(query, await storeTimeZone(ctx.db, session.tenantId, ctx.config.timeZone), ctx.clock.now());
  if (!filters.ok) return { ok: false, failure: filterRefusal(filters, 'query.') };
  const ids = await viewOrderIds(ctx.db, session.tenantId, orderScopeOf(session), { status: status ?? null, filters: filters.value });
  return ids.ok ? { ok: true, ids: ids.value } : { ok: false, failure: dashboardFailure('too_many_orders') };
}
