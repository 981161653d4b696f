// The orders list of the dashboard and its tab counts (issue 32 §1, §5; docs/dashboard.md,
// "Orders"). Any member: owners and admins list and count every order of the store, a CS only
// the orders assigned to them (order-scope.ts). One order's routes are dashboard-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, dashboardErrors, jsonResponse } from '../../../dashboard/contract.js';
import { invalid, dashboardRoute } from '../../../dashboard/route.js';
import { decodeCursor } from '../../../lib/db/keyset.js';
import { DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import { storeTimeZone } from '../../../tenants/store-time-zone.js';
import { countOrders } from './count-orders.js';
import { filterRefusal } from './filter-refusal.js';
import { listOrders } from './list-orders.js';
import { CountsQuery, DEFAULT_LIMIT, ListQuery, OrderCountsBody, OrderListBody } from './list-schemas.js';
import { readOrderFilters, type FilterQuery } from './order-filters.js';
import { orderScopeOf } from '../../core/order-scope.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SCOPE = 'Any member: owners and admins see every order of the store, a CS only the orders assigned to them.';
const FILTERS =
  'Filters: `q` (search), `from`/`to` (days in the store\'s time zone, inclusive), `product_id`, `cs` (a user id or `none`), `payment_method`, `courier`, `province`, `utm_source`, `utm_campaign`, `followed_up=none`, `printed=false|true` (labels), `stale_hours`, `reply=new` ("balasan baru"); all of them together. A parameter of the wrong form, an impossible date or `from` after `to`: 422 `invalid_request` naming it in `fields`; a search that could only be a name, shorter than 3 characters: 422 `query_too_short`.';
const CODES = [...SESSION_CODES, ...COMMON_CODES, 'invalid_request', 'query_too_short'] as const;

export function orderListDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The days of from/to are the store's; timestamps are written with the server's offset, as
  // every timestamp of the dashboard's JSON (the web app shows them in the store's zone).
  const filtersOf = async (tenantId: number, query: FilterQuery) => readOrderFilters(query, await storeTimeZone(ctx.db, tenantId, ctx.config.timeZone), ctx.clock.now());

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders',
    access: 'member',
    contract: {
      operationId: 'listOrders',
      summary: 'The orders, newest first, a page at a time, under a tab, a search and filters',
      description: `${SCOPE} ${FILTERS} \`status\` picks a tab. Pages follow \`next_cursor\` (keyset: no order is repeated or skipped between pages, whatever is added meanwhile); \`limit\` from 1 to 200, default ${DEFAULT_LIMIT}. Times with the server's UTC offset, as everywhere in the dashboard's JSON.`,
      tags: TAGS,
      security: SESSION,
      querystring: ListQuery,
      response: { 200: jsonResponse('A page of orders.', OrderListBody), ...dashboardErrors(CODES) },
    },
    handler: async ({ session, query }) => {
      const filters = await filtersOf(session.tenantId, query);
      if (!filters.ok) return filterRefusal(filters);
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && after === null) return invalid({ cursor: DASHBOARD_FIELD_TEXT.cursor });
      const page = await listOrders(
        ctx.db,
        session.tenantId,
        orderScopeOf(session),
        { status: query.status ?? null, filters: filters.value, after, limit: query.limit ?? DEFAULT_LIMIT },
        ctx.config.timeZone,
      );
      return { status: 200, body: page };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/counts',
    access: 'member',
    contract: {
      operationId: 'countOrders',
      summary: 'How many orders each tab holds under the same search and filters',
      description: `${SCOPE} ${FILTERS} The list's tabs ask this apart, so that the list shows before the counts arrive.`,
      tags: TAGS,
      security: SESSION,
      querystring: CountsQuery,
      response: { 200: jsonResponse('The count of each status, and of all.', OrderCountsBody), ...dashboardErrors(CODES) },
    },
    handler: async ({ session, query }) => {
      const filters = await filtersOf(session.tenantId, query);
      if (!filters.ok) return filterRefusal(filters);
      return { status: 200, body: await countOrders(ctx.db, session.tenantId, orderScopeOf(session), filters.value) };
    },
  });
}
