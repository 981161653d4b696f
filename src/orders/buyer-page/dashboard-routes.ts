// The buyer's page link from the dashboard (issue 44 §2; docs/buyer-page.md): any member who sees
// the order makes a new one (a CS only on the orders assigned to them; any other order, of this
// store or another, is 404 `order_not_found`, as on the order's page). The old link stops at once.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../dashboard/contract.js';
import { dashboardRoute } from '../../dashboard/route.js';
import { dashboardFailure } from '../../lib/http/failures.js';
import { memberActor } from '../core/member-actor.js';
import { orderScopeOf } from '../core/order-scope.js';
import { OrderIdParams } from '../workspace/order/dashboard-schemas.js';
import { BUYER_LINK_DAYS, buyerPageUrl, regenerateBuyerLink } from './buyer-links.js';

const BuyerLinkBody = Type.Object(
  { url: Type.String({ description: 'The new link of the buyer\u2019s page, /p/{token} under the public URL.' }) },
  { additionalProperties: false },
);

export function buyerLinkDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/buyer-link',
    access: 'member',
    contract: {
      operationId: 'regenerateBuyerLink',
      summary: 'Make a new link of the buyer\u2019s own order page; the old one stops at once',
      description:
        'Any member: owners and admins on every order of the store, a CS on the orders assigned to them; any other order, of this store or another, is 404 `order_not_found`. ' +
        `The answer holds the new link (/p/{token}); the old one is a 404 page from now on. A history entry \`buyer_link\` names the member. A link works until ${BUYER_LINK_DAYS} days after the order last became completed, cancelled or invalid_no_hp, and again once it is reopened.`,
      tags: ['Orders'],
      security: [{ [SESSION_SCHEME]: [] }],
      params: OrderIdParams,
      response: { 200: jsonResponse('The new link.', BuyerLinkBody), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, ...WRITE_CODES, 'order_not_found', 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const made = await ctx.writeTransaction((tx) => regenerateBuyerLink(tx, ctx.sealer, session.tenantId, params.id, { scope: orderScopeOf(session), actor }, ctx.clock.now()));
      return made.ok ? { status: 200, body: { url: buyerPageUrl(ctx.config.publicUrl, made.value.token) } } : dashboardFailure(made.code);
    },
  });
}
