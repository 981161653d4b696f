// Printing in the dashboard (issue 44 §1; docs/printing.md): what the print page prints, and the
// print recorded when its dialog opens. Any member, on the orders they see.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../dashboard/contract.js';
import { dashboardRoute } from '../../dashboard/route.js';
import { dashboardFailure } from '../../lib/http/failures.js';
import { memberActor } from '../core/member-actor.js';
import { orderScopeOf } from '../core/order-scope.js';
import { idsOf } from './print-kinds.js';
import { PrintedAnswer, PrintedBody, PrintQuery, PrintSheetsBody } from './print-schemas.js';
import { readPrintSheets } from './read-print-sheets.js';
import { recordPrinted } from './record-printed.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SCOPE =
  'Any member: owners and admins on every order of the store, a CS on the orders assigned to them. Any id the member does not see, of this store or another: 404 `order_not_found` for the whole request (nothing read or recorded).';

export function printingDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/print',
    access: 'member',
    contract: {
      operationId: 'readPrintSheets',
      summary: 'What the labels or invoices of some orders print',
      description: `${SCOPE} Reading records nothing: \`POST /dashboard/api/orders/printed\` does, when the print dialog opens. The page \`/dashboard/orders/print?kind=…&ids=…\` renders them for the browser's print dialog.`,
      tags: TAGS,
      security: SESSION,
      querystring: PrintQuery,
      response: { 200: jsonResponse('The store, its sender address, and each order in the order asked.', PrintSheetsBody), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, 'order_not_found', 'invalid_request']) },
    },
    handler: async ({ session, query }) => {
      const read = await readPrintSheets(ctx.db, session.tenantId, orderScopeOf(session), query.kind, idsOf(query.ids), ctx.config.timeZone);
      return read.ok ? { status: 200, body: read.value } : dashboardFailure(read.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/printed',
    access: 'member',
    contract: {
      operationId: 'recordPrinted',
      summary: 'Record that labels or invoices were printed',
      description: `${SCOPE} Each order gets a history entry \`printed\` (value \`label\` or \`invoice\`: "label dicetak", "invoice dicetak") naming the member; labels also set the order's label as printed (the list's filter \`printed\`). Printed again: another entry. An id given twice counts once.`,
      tags: TAGS,
      security: SESSION,
      body: PrintedBody,
      response: { 200: jsonResponse('How many orders were recorded.', PrintedAnswer), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, ...WRITE_CODES, 'order_not_found', 'invalid_request']) },
    },
    handler: async ({ session, body }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const ids = [...new Set(body.ids)];
      const done = await ctx.writeTransaction((tx) => recordPrinted(tx, session.tenantId, body.kind, ids, { scope: orderScopeOf(session), actor }, ctx.clock.now()));
      return done.ok ? { status: 200, body: done.value } : dashboardFailure(done.code);
    },
  });
}
