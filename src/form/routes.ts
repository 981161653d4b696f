// The order form (GET/POST /form/{tenant_id}/{slug}), its thank-you page, the form's
// browser files (/assets/form.js, /assets/form.css) and the snippet's /embed.js.
// Pages are HTML in Indonesian; errors of these routes are HTML pages too (error-handler.ts, family form).
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { setRetryAfter } from '../lib/http/rate-limit-headers.js';
import { parsePathId } from '../lib/http/request.js';
import { chargeGateways, ensureCharge } from '../payments/ensure-charge.js';
import { formUrl } from '../products/embed-markup.js';
import { storeRates } from '../shipping/rates.js';
import { pickAdParams } from './ad-params.js';
import { ASSETS, type Asset } from './assets.js';
import { blockedPage, messagePage } from './layout.js';
import { loadFormProduct, loadOrderForm, type OrderForm } from './load-form.js';
import { FORM_TEXT } from './messages.js';
import { renderForm } from './render-form.js';
import { findSubmittedOrder, isFormToken, submitOrder } from './submit-order.js';
import { needsPaymentLink, renderThankYou } from './thank-you.js';
import { cancelAtOf, readAutoCancel } from '../orders/auto-cancel/auto-cancel-settings.js';
import { placeholdersIn } from '../templates/placeholders.js';
import { templateSource } from '../templates/render-template.js';
import { appBuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { orderCs } from './order-cs.js';
import { fieldsOf } from './validate-submission.js';

interface FormParams {
  tenantId: string;
  slug: string;
}

// Framed by any seller's page; scripts and styles only from Lapak itself; form.js's view beacon
// goes to Lapak itself (connect-src).
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors *; base-uri 'none'";

const newToken = () => randomBytes(16).toString('hex');
const formPath = (tenantId: number, slug: string) => formUrl('', tenantId, slug);
const thankYouPath = (tenantId: number, slug: string, token: string) => `${formPath(tenantId, slug)}/terima-kasih/${token}`;

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, body: string): FastifyReply {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', CSP);
  // The thank-you URL holds the form token: links out of it (wa.me, the gateway) get no referrer.
  reply.header('referrer-policy', 'no-referrer').header('vary', 'accept-encoding');
  if (body.length > 1024 && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, maxAge: number): FastifyReply {
  reply.header('content-type', asset.type).header('cache-control', `public, max-age=${maxAge}`).header('etag', `"${asset.hash}"`).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === `"${asset.hash}"`) return reply.code(304).send();
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

export function formRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rates = storeRates(ctx.db);
  const gateways = chargeGateways(ctx.config);
  const links = appBuyerLinks(ctx);
  const config = { family: 'form' as const };
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, 404, messagePage(FORM_TEXT.notFound));

  // A slug holding U+0000 names no product: PostgreSQL could not even compare it.
  const readableSlug = (slug: string) => !slug.includes('\u0000');

  async function formOf(params: FormParams) {
    const tenantId = parsePathId(params.tenantId);
    return tenantId === null || !readableSlug(params.slug) ? null : loadOrderForm(ctx.db, rates, tenantId, params.slug);
  }

  // A product's former slug redirects to its current form URL, method and body kept (308), so
  // snippets pasted before a rename keep working; a deleted product's form is gone (410).
  function elsewhere(request: FastifyRequest<{ Params: FormParams }>, reply: FastifyReply, form: OrderForm): FastifyReply | null {
    if (form.product.slug !== request.params.slug) {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.code(308).header('location', formPath(form.product.tenant_id, form.product.slug) + search).header('cache-control', 'no-store').send();
    }
    if (form.product.deleted_at !== null) return sendPage(request, reply, 410, messagePage(FORM_TEXT.unavailable));
    return null;
  }

  app.get<{ Params: FormParams }>('/form/:tenantId/:slug', { config }, async (request, reply) => {
    const form = await formOf(request.params);
    if (!form) return notFound(request, reply);
    const moved = elsewhere(request, reply, form);
    if (moved) return moved;
    const query = new URL(request.url, 'http://form.invalid').searchParams;
    const path = formPath(form.product.tenant_id, form.product.slug);
    // The view beacon (src/insights/form-views/view-routes.ts) only from a page a GET rendered: a
    // form that comes back with errors is the same visit.
    const page = renderForm({ form, action: path, token: newToken(), values: null, errors: {}, adParams: pickAdParams(query.entries()), viewBeacon: `${path}/view` });
    return sendPage(request, reply, 200, page);
  });

  app.post<{ Params: FormParams }>('/form/:tenantId/:slug', { config }, async (request, reply) => {
    const limited = await ctx.limiters.formSubmitPerIp.consume(request.ip);
    if (!limited.ok) {
      setRetryAfter(reply, limited.retryAfter);
      return sendPage(request, reply, 429, messagePage(FORM_TEXT.tooMany));
    }
    const form = await formOf(request.params);
    if (!form) return notFound(request, reply);
    const moved = elsewhere(request, reply, form);
    if (moved) return moved;
    const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    // No browser sends U+0000 (%00) in a field, and PostgreSQL cannot store it: refused whole.
    if ([...params.values()].some((value) => value.includes('\u0000'))) return sendPage(request, reply, 400, messagePage(FORM_TEXT.refused));
    const result = await submitOrder(ctx, form, params, request.ip);
    if (result.kind === 'refused') return sendPage(request, reply, 400, messagePage(FORM_TEXT.refused));
    if (result.kind === 'blocked') return sendPage(request, reply, 403, blockedPage(form.settings.whatsappNumber));
    if (result.kind === 'placed') return reply.code(303).header('location', thankYouPath(form.product.tenant_id, form.product.slug, result.token)).send();
    const path = formPath(form.product.tenant_id, form.product.slug);
    return sendPage(request, reply, 422, renderForm({
      form,
      action: path,
      token: result.token ?? newToken(),
      values: fieldsOf(params),
      errors: result.errors,
      adParams: pickAdParams(params.entries()),
      banner: result.token === null ? FORM_TEXT.expired : FORM_TEXT.errorSummary,
    }));
  });

  app.get<{ Params: FormParams & { token: string } }>('/form/:tenantId/:slug/terima-kasih/:token', { config }, async (request, reply) => {
    const { token, slug } = request.params;
    const tenantId = parsePathId(request.params.tenantId);
    if (tenantId === null || !readableSlug(slug) || !isFormToken(token)) return notFound(request, reply);
    const found = await loadFormProduct(ctx.db, tenantId, slug);
    if (!found) return notFound(request, reply);
    const order = await findSubmittedOrder(ctx.db, tenantId, token);
    if (!order) return notFound(request, reply);
    const paymentUrl = needsPaymentLink(order) ? await ensureCharge(ctx, gateways, found.settings, order, request.log) : null;
    const pixel = { meta: found.product.meta_pixel_id, tiktok: found.product.tiktok_pixel_id, gtm: found.product.gtm_id };
    // The buyer's own order page link (docs/buyer-page.md): made now, the first time the order needs it.
    const [cs, orderLink] = await Promise.all([orderCs(ctx.db, tenantId, order, found.settings.storeName), links.urlOf(tenantId, order.id)]);
    // {batas_bayar} of the buyer's message: read only when the store's template names it.
    const autoCancel = placeholdersIn(templateSource('thank_you', found.settings.thankYouTemplate)).has('batas_bayar') ? await readAutoCancel(ctx.db, tenantId) : null;
    const cancelAt = cancelAtOf(autoCancel, { status: order.status, createdAt: Number(order.created_at) });
    return sendPage(request, reply, 200, renderThankYou(found.settings, order, paymentUrl, pixel, found.settings.timeZone ?? ctx.config.timeZone, orderLink, cs, cancelAt));
  });

  app.get<{ Params: { name: string } }>('/assets/:name', { config }, async (request, reply) => {
    const { name } = request.params;
    if (name !== 'form.js' && name !== 'form.css') return reply.callNotFound();
    return sendAsset(request, reply, ASSETS[name], 31_536_000);
  });

  // The snippet's URL never changes, so it is cached briefly.
  app.get('/embed.js', async (request, reply) => sendAsset(request, reply, ASSETS['embed.js'], 300));
}
