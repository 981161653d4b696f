// The home page's routes (docs/dashboard.md, "Home"): the getting-started checklist, and the
// web app's note that the seller copied an embed snippet.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse, noContent } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal } from '../dashboard/route.js';
import { readSendingState } from './read-sending.js';
import { readRotationStatus } from '../rotation/rotation-status.js';
import { readChecklist } from './read-checklist.js';
import { recordSnippetCopy } from './record-snippet-copy.js';
import { HomeBody } from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Home'];

export function homeDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/home',
    access: 'member',
    contract: {
      operationId: 'getHome',
      summary: "The store's getting-started checklist, each step computed from its data, the CS rotation's state and whether the store's sending stopped",
      description: 'Any member. `rotation.unassigned_pending` and `messaging` (the store\'s provider and whether it stopped sending) only for the owner and admins (null for a CS).',
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The checklist.', HomeBody), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ session }) => {
      const checklist = await readChecklist(ctx.db, ctx.clock, session.tenantId);
      if (!checklist.ok) return fromRefusal(checklist, { tenant_not_found: 'login_required' });
      const [rotation, messaging] = await Promise.all([
        readRotationStatus(ctx.db, session.tenantId, session.userId, session.permissions.includes('orders:all')),
        session.permissions.includes('settings:manage') ? readSendingState(ctx.db, session.tenantId) : Promise.resolve(null),
      ]);
      return { status: 200, body: { checklist: checklist.value, rotation, messaging } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/home/snippet-copied',
    access: 'products:manage',
    contract: {
      operationId: 'recordSnippetCopy',
      summary: 'Record that the seller copied an embed snippet (the checklist\'s snippet step)',
      description: 'Needs `products:manage` (403 `forbidden` otherwise). No body. The first copy\'s time is kept; later calls change nothing.',
      tags: TAGS,
      security: SESSION,
      response: { 204: noContent('Recorded.'), ...dashboardErrors([...SESSION_CODES, 'forbidden', ...WRITE_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ session }) => {
      const recorded = await recordSnippetCopy(ctx.db, ctx.clock, session.tenantId);
      return recorded.ok ? { status: 204 } : fromRefusal(recorded, { tenant_not_found: 'login_required' });
    },
  });
}
