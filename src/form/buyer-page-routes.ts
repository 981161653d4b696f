// GET /p/{token}: the buyer's own order page (issue 44 §2, docs/buyer-page.md). Public, found by
// the token alone (orders/buyer-page/buyer-links.ts); an unknown, regenerated or expired token is a
// plain 404 page. Never indexed, never sends a referrer, never cached; 60 requests a minute per
// IP (the 61st: 429 with Retry-After, as the form's submit). The token never reaches a log line:
// app.ts's redactPath writes the path as /p/:token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { setRetryAfter } from '../lib/http/rate-limit-headers.js';
import { findBuyerOrder } from '../orders/buyer-page/buyer-links.js';
import { chargeGateways, ensureCharge } from '../payments/ensure-charge.js';
import { loadStoreSettings } from '../tenants/store-settings.js';
import { buyerNotFoundPage, renderBuyerPage } from './buyer-page.js';
import { messagePage } from './layout.js';
import { FORM_TEXT } from './messages.js';
import { orderCs } from './order-cs.js';
import { sendPage } from './routes.js';
import { needsPaymentLink } from './thank-you.js';

/** Every answer of the page, the 404 and the 429 too: not for search engines. */
export function sendBuyerPage(request: FastifyRequest, reply: FastifyReply, status: number, body: string): FastifyReply {
  reply.header('x-robots-tag', 'noindex');
  return sendPage(request, reply, status, body);
}

export function buyerPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const gateways = chargeGateways(ctx.config);
  const config = { family: 'form' as const };

  app.get<{ Params: { token: string } }>('/p/:token', { config }, async (request, reply) => {
    const limited = await ctx.limiters.buyerPagePerIp.consume(request.ip);
    if (!limited.ok) {
      setRetryAfter(reply, limited.retryAfter);
      return sendBuyerPage(request, reply, 429, messagePage(FORM_TEXT.tooMany));
    }
    const order = await findBuyerOrder(ctx, request.params.token);
    const settings = order ? await loadStoreSettings(ctx.db, order.tenant_id) : null;
    if (!order || !settings || !settings.active) return sendBuyerPage(request, reply, 404, buyerNotFoundPage());
    const paymentUrl = needsPaymentLink(order) ? await ensureCharge(ctx, gateways, settings, order, request.log) : null;
    const cs = await orderCs(ctx.db, order.tenant_id, order, settings.storeName);
    return sendBuyerPage(request, reply, 200, renderBuyerPage(settings, order, paymentUrl, cs));
  });
}
