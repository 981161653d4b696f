// Manual transfers matched from the bank statement (docs/transfers.md): upload a statement
// for a proposal, confirm the ticked matches. Owners and admins (transfers:manage).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { memberActor } from '../orders/core/member-actor.js';
import { moverOf } from '../orders/core/order-scope.js';
import { confirmTransfers } from './confirm-transfers.js';
import { matchStatement } from './match-statement.js';
import { ConfirmBody, ConfirmResultBody, DEFAULT_DAYS, ProposalBody, STATEMENT_BODY_LIMIT, StatementBody, StatementQuery } from './schemas.js';
import { PRESETS, genericColumns, type ColumnMap } from './statement-formats.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Transfers'];
const CODES = [...SESSION_CODES, 'forbidden', ...COMMON_CODES, ...WRITE_CODES, 'invalid_request'] as const;

export function transferDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/transfers/statements',
    access: 'transfers:manage',
    rawBody: { contentType: 'text/csv', limit: STATEMENT_BODY_LIMIT, refusal: 'csv_required' },
    contract: {
      operationId: 'matchStatement',
      summary: "Read a bank statement and propose which open transfer orders its credits pay; nothing is written",
      description:
        'The body is the CSV export as `text/csv` (up to 2 MiB on this route; 415 `csv_required` for another type). `bank` picks a preset (`bca`, `mandiri`, `bri`, `bni`) or `generic`, which needs `date`, `description` and `amount` or `credit` (422 `invalid_request` naming the missing one). A line that cannot be read is listed in `errors` and then nothing is proposed. The file is not kept. Owners and admins (403 `forbidden` otherwise).',
      tags: TAGS,
      security: SESSION,
      querystring: StatementQuery,
      consumes: ['text/csv'],
      body: StatementBody,
      response: { 200: jsonResponse('The proposal.', ProposalBody), ...dashboardErrors([...CODES, 'csv_required']) },
    },
    handler: async ({ session, query, body }) => {
      let columns: ColumnMap;
      if (query.bank === 'generic') {
        const missing: Record<string, string> = {};
        if (!query.date) missing.date = DASHBOARD_FIELD_TEXT.required;
        if (!query.description) missing.description = DASHBOARD_FIELD_TEXT.required;
        if (!query.amount && !query.credit) missing.amount = DASHBOARD_FIELD_TEXT.required;
        if (Object.keys(missing).length > 0) return invalid(missing);
        columns = genericColumns({ ...query, date: query.date!, description: query.description! });
      } else columns = PRESETS[query.bank];
      const proposal = await matchStatement(ctx.db, session.tenantId, {
        text: body,
        bank: query.bank,
        columns,
        days: query.days ?? DEFAULT_DAYS,
        timeZone: ctx.config.timeZone,
      });
      return { status: 200, body: proposal };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/transfers/confirm',
    access: 'transfers:manage',
    contract: {
      operationId: 'confirmTransfers',
      summary: 'Mark the ticked matches paid: each order only if it is still in the status the proposal saw',
      description:
        "One transaction. Per item: the credit line is recorded under its unique key (store, bank, date, amount, description, balance), and the order moves to `paid` (a move of the status moves table) with its `order.status_changed` event and a history entry naming the member. Skipped, and nothing written for it: an order no longer in `status` (`status_changed`), a line applied before (`already_applied`), a total that is not the amount (`amount_differs`), no such transfer order in the store (`not_found`). Owners and admins.",
      tags: TAGS,
      security: SESSION,
      body: ConfirmBody,
      response: { 200: jsonResponse('What happened to each item, in order.', ConfirmResultBody), ...dashboardErrors(CODES) },
    },
    handler: async ({ session, body }) => {
      const by = { actor: await memberActor(ctx.db, session.userId), mover: moverOf(session) };
      const results = await ctx.writeTransaction((tx) => confirmTransfers(tx, ctx, session.tenantId, by, body.bank, body.items));
      return { status: 200, body: { results } };
    },
  });
}
