// Orders in bulk (issue 33 §1; docs/dashboard.md, "Orders"): the status move of many orders at
// once. The orders are named by their ids or by a view of the list (its query: "all in this
// view", however many pages it holds); chosen-orders.ts reads either, and the assignment
// (dashboard-routes.ts) takes its orders the same way.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../../dashboard/contract.js';
import { dashboardRoute, invalid } from '../../../dashboard/route.js';
import { DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import { bulkMoveStatus } from './bulk-status.js';
import { JOB_ANSWER, startBulkJob, SYNC_MAX_ORDERS } from './bulk-jobs.js';
import { JobStartedBody } from './job-schemas.js';
import { checkResi } from '../order/edit-order.js';
import { BulkStatusBody, BulkStatusResultBody } from './bulk-schemas.js';
import { CHOSEN_ORDERS, CHOSEN_ORDERS_CODES, chosenOrders } from './chosen-orders.js';
import { memberActor } from '../../core/member-actor.js';
import { moverOf, orderScopeOf } from '../../core/order-scope.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];

const TAGS = ['Orders'];

export function orderBulkDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/bulk-status',
    access: 'member',
    contract: {
      operationId: 'bulkMoveOrderStatus',
      summary: 'Move the status of many orders, each as its own move',
      description:
        `Any member, on the orders they see (owners and admins every order of the store, a CS their own). ${CHOSEN_ORDERS} ` +
        "Each order is moved as `POST /dashboard/api/orders/{id}/status` moves it, in a transaction of its own (its event, its history entries, the resi and reason sent along); one order refused does not stop the others. " +
        'Each is answered in `results`: `changed`; `unchanged` (already in `status`: nothing written); or `refused` with the code its own move would answer: `order_not_found` (not in the store, or not the member\'s), `status_move_not_allowed`, `status_conflict` (`expected_status` other than its status, or moved meanwhile), `resi_required`, `reason_required`. ' +
        'A resi that is not one line of at most 60 characters: 422 `invalid_request` with `fields.resi`, nothing changed. ' +
        `${JOB_ANSWER}`,
      tags: TAGS,
      security: SESSION,
      body: BulkStatusBody,
      response: {
        200: jsonResponse('What happened to each order, and how many of each.', BulkStatusResultBody),
        202: jsonResponse('More than 500 orders: the job that moves them, queued.', JobStartedBody),
        ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, ...WRITE_CODES, ...CHOSEN_ORDERS_CODES]),
      },
    },
    handler: async ({ session, body }) => {
      const { ids: _ids, query: _query, ...move } = body;
      const chosen = await chosenOrders(ctx, session, body);
      if (!chosen.ok) return chosen.failure;
      const actor = await memberActor(ctx.db, session.userId);
      if (chosen.ids.length > SYNC_MAX_ORDERS) {
        // The same resi for every order: judged before the job is queued, as the request would.
        if (!checkResi(move.resi).ok) return invalid({ resi: DASHBOARD_FIELD_TEXT.resi });
        const job = await startBulkJob(ctx.db, ctx.clock, session.tenantId, session.userId, { kind: 'bulk_status', move, actor }, chosen.ids);
        return { status: 202, body: { job } };
      }
      const who = { scope: orderScopeOf(session), mover: moverOf(session), actor };
      const moved = await bulkMoveStatus(ctx, session.tenantId, chosen.ids, who, move);
      return moved.ok ? { status: 200, body: moved.value } : invalid({ resi: DASHBOARD_FIELD_TEXT.resi });
    },
  });
}
