// Auto-cancel in the dashboard (issue 44 §3; docs/auto-cancel.md): the older pending orders'
// count, and their inclusion with the count confirmed. The setting itself is an ordinary setting
// (PATCH /dashboard/api/settings `auto_cancel_days`). Owners and admins (settings:manage).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../dashboard/contract.js';
import { dashboardRoute } from '../../dashboard/route.js';
import { dashboardFailure } from '../../lib/http/failures.js';
import { includeOlderPending, readAutoCancelState } from './older-pending.js';
import { AutoCancelBody, IncludedBody, IncludeOlderBody } from './auto-cancel-schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Settings'];
const MANAGE = 'Owner or admin (settings:manage); a CS: 403 `forbidden`.';
const READ = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;

export function autoCancelDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const zone = ctx.config.timeZone;

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/auto-cancel',
    access: 'settings:manage',
    contract: {
      operationId: 'readAutoCancel',
      summary: 'Auto-cancel: its days, since when, and how many older pending orders it leaves alone',
      description: `${MANAGE} The setting is saved with PATCH /dashboard/api/settings (\`auto_cancel_days\`). Off: every field null and \`older_pending\` 0.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The state.', AutoCancelBody), ...dashboardErrors(READ) },
    },
    handler: async ({ session }) => ({ status: 200, body: await readAutoCancelState(ctx.db, session.tenantId, zone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/auto-cancel/include-older',
    access: 'settings:manage',
    contract: {
      operationId: 'includeOlderPending',
      summary: 'Make the older pending orders subject to auto-cancel too',
      description:
        `${MANAGE} The body carries the count and the cut-off the page showed: when either is no longer true (an order paid, cancelled or reopened meanwhile, the setting turned off and on again), 409 \`older_count_changed\` and nothing changes; read the count again and confirm it. ` +
        'Auto-cancel off: 409 `auto_cancel_off`. Included, they are cancelled N days after they were placed, like the others: those placed longer ago at the next round of the worker.',
      tags: TAGS,
      security: SESSION,
      body: IncludeOlderBody,
      response: { 200: jsonResponse('Included.', IncludedBody), ...dashboardErrors([...READ, ...WRITE_CODES, 'invalid_request', 'auto_cancel_off', 'older_count_changed']) },
    },
    handler: async ({ session, body }) => {
      const done = await ctx.writeTransaction((tx) => includeOlderPending(tx, session.tenantId, body, zone));
      return done.ok ? { status: 200, body: { included: done.value.included, auto_cancel: done.value.state } } : dashboardFailure(done.code);
    },
  });
}
