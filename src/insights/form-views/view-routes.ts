// POST /form/{tenant_id}/{slug}/view: the form page's beacon (form.js sends one a page run in a
// browser; docs/insights.md "Form views"). 204 when counted; otherwise the form's own pages
// (error family `form`): 404 for an unknown store, product or slug, 410 for a deleted product,
// 429 with Retry-After over the window per IP and store, 400 for a body holding U+0000, 415
// for a body of another type than urlencoded (what form.js sends) or text/plain (read the same
// way: sendBeacon's type for a string), 413 over 4 KB. Nothing is counted unless it is a 204.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { setRetryAfter } from '../../lib/http/rate-limit-headers.js';
import { parsePathId } from '../../lib/http/request.js';
import { messagePage } from '../../form/layout.js';
import { FORM_TEXT } from '../../form/messages.js';
import { sendPage } from '../../form/routes.js';
import { recordView, type ViewOutcome } from './record-view.js';

/** Two UTM values of at most 500 characters each, percent-encoded, fit with room to spare. */
const BEACON_BODY_LIMIT = 4 * 1024;
const BEACON_TYPES = new Set(['application/x-www-form-urlencoded', 'text/plain']);

const PAGES: Record<Exclude<ViewOutcome['kind'], 'counted' | 'limited'>, [number, string]> = {
  refused: [400, FORM_TEXT.refused],
  not_found: [404, FORM_TEXT.notFound],
  gone: [410, FORM_TEXT.unavailable],
};

export function formViewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const page = (request: FastifyRequest, reply: FastifyReply, [status, text]: [number, string]) => sendPage(request, reply, status, messagePage(text));

  app.post<{ Params: { tenantId: string; slug: string } }>('/form/:tenantId/:slug/view', { config: { family: 'form' }, bodyLimit: BEACON_BODY_LIMIT }, async (request, reply) => {
    const tenantId = parsePathId(request.params.tenantId);
    if (tenantId === null) return page(request, reply, PAGES.not_found);
    const type = request.mediaType;
    if (type !== undefined && !BEACON_TYPES.has(type)) return page(request, reply, [415, FORM_TEXT.unsupportedMediaType]);
    const body = typeof request.body === 'string' ? request.body : '';
    const outcome = await recordView(ctx, { tenantId, slug: request.params.slug, ip: request.ip, body });
    if (outcome.kind === 'counted') return reply.code(204).header('cache-control', 'no-store').send();
    if (outcome.kind === 'limited') {
      setRetryAfter(reply, outcome.retryAfter);
      return page(request, reply, [429, FORM_TEXT.tooMany]);
    }
    return page(request, reply, PAGES[outcome.kind]);
  });
}
