// The accounts routes of the dashboard's interface (docs/dashboard.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute } from '../dashboard/route.js';
import { readMe } from './read-me.js';
import { MeBody } from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/me',
    access: 'member',
    contract: {
      operationId: 'getMe',
      summary: 'The current user, the selected store, the role and permissions there, and every store of the user',
      description: 'Any member. 401 `login_required` without a valid session.',
      tags: ['Accounts'],
      security: SESSION,
      response: { 200: jsonResponse('The session.', MeBody), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ session }) => {
      const me = await readMe(ctx.db, session.tenantId, session.userId);
      if (!me.ok) return dashboardFailure('login_required');
      return { status: 200, body: { user: me.value.user, store: me.value.store, role: session.role, permissions: session.permissions, stores: me.value.stores } };
    },
  });
}
