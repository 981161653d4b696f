// One onRequest hook for cookie-era writes (docs/dashboard.md, "Cross-site rule"): every
// unsafe method under /dashboard/api/ (login, sign-up and invitation accept included, with or
// without a cookie) and every session write on /api/products.php.
//   Sec-Fetch-Site present -> only `same-origin` passes;
//   absent, Origin present -> Origin must equal PUBLIC_URL's origin;
//   both absent (a script, not a browser) -> passes.
// Then dashboard writes that carry a body must send it as application/json (415 otherwise):
// a cross-site form can only send text/plain, urlencoded or multipart without a preflight.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure, productFailure, sendFailure, type Failure } from '../lib/http/failures.js';
import { CROSS_SITE_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';
import { readSessionCookie } from '../sessions/session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameSite(headers: FastifyRequest['headers'], publicOrigin: string): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  return true;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

const isMediaType = (contentType: string | undefined, type: string | readonly string[]): boolean =>
  contentType !== undefined && (typeof type === 'string' ? [type] : type).includes(contentType.split(';')[0]!.trim().toLowerCase());
const isJson = (contentType: string | undefined): boolean => isMediaType(contentType, 'application/json');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A dashboard route whose body is not JSON: its media type and the code refusing others (route.ts `rawBody`). */
    bodyMediaType?: { type: string | readonly string[]; refusal: DashboardErrorCode };
  }
}

export function crossSiteHook(app: FastifyInstance, ctx: AppContext): void {
  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  // Callback style, not async: no promise per request on the API's hot paths, where reads pass
  // at once. A refusal answers without calling done (Fastify's early response from a hook).
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const refusal = SAFE_METHODS.has(request.method) ? null : crossSiteRefusal(request, publicOrigin, ctx.config.publicUrl);
    if (refusal) sendFailure(reply, refusal);
    else done();
  });
}

function crossSiteRefusal(request: FastifyRequest, publicOrigin: string, publicUrl: string): Failure | null {
  // The route that will answer decides, not the raw path: the router decodes percent-escapes
  // (`/dashboard/%61pi/keys` reaches /dashboard/api/keys), so a prefix test alone is bypassed.
  // The raw prefix still covers paths no route takes (their answer is the family's 404).
  const family = request.routeOptions.config?.family;
  const path = request.url.split('?')[0]!;
  if (family === 'dashboard' || path.startsWith('/dashboard/api/')) {
    if (!isSameSite(request.headers, publicOrigin)) return dashboardFailure('cross_site_request');
    // A route that takes another media type (a bank statement's text/csv) names it; none of
    // those a cross-site form can send without a preflight (text/plain, urlencoded, multipart).
    const other = request.routeOptions.config?.bodyMediaType;
    if (other) return hasBody(request) && !isMediaType(request.headers['content-type'], other.type) ? dashboardFailure(other.refusal) : null;
    return hasBody(request) && !isJson(request.headers['content-type']) ? dashboardFailure('unsupported_media_type') : null;
  }
  // The products path answers session writes in SPEC's {error} family; API-key requests
  // carry no session cookie and are untouched.
  if ((family === 'product' || path === '/api/products.php') && readSessionCookie(request.headers.cookie, publicUrl) !== null) {
    if (!isSameSite(request.headers, publicOrigin)) return productFailure(403, CROSS_SITE_TEXT);
  }
  return null;
}
