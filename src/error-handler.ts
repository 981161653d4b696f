// What a request that failed outside its handler's own answers gets, each in the error family
// of the route (its `family` config; by path where no route took it):
//   a client error Fastify or a library raised: a body too large (413), a Content-Type that
//   names no media type on the dashboard or the form (415; elsewhere app.ts takes it as
//   absent), a body that cannot be read, text PostgreSQL cannot store (U+0000), a stack
//   overflow (only a body built for it can cause one: 4xx, like a body too deep), a path that
//   cannot be decoded or whose parameter is over 100 characters (404: it names nothing);
//   a dependency that did not answer (503);
//   anything else thrown (500, the one answer that logs a stack trace);
// and a 404 for a path no route matches.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiFailure, dashboardFailure, isDashboardApi, productFailure, sendFailure, type DashboardFailure, type ProductFailure } from './lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, PRODUCT_TEXT, TRANSPORT_TEXT, type ApiErrorCode } from './lib/http/messages.js';
import { setRetryAfter } from './lib/http/rate-limit-headers.js';
import { isUnavailable } from './lib/unavailable.js';
import { messagePage } from './form/layout.js';
import { FORM_TEXT } from './form/messages.js';
import { sendPage } from './form/routes.js';
import { buyerNotFoundPage } from './form/buyer-page.js';
import { sendBuyerPage } from './form/buyer-page-routes.js';

type Family = 'product' | 'api' | 'form' | 'dashboard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which SPEC error family this route answers in. */
    family?: Family;
  }
}

/** Retry-After of a 503: Redis or PostgreSQL did not answer; a client retries shortly. */
const UNAVAILABLE_RETRY_AFTER_SEC = 5;

// The form's pages and the buyer's own order page (/p/{token}) answer in HTML.
const isFormPath = (url: string): boolean => url.startsWith('/form/') || url.startsWith('/p/');

/** The route's family; where no route took the request, the family its path belongs to. */
export function familyOf(request: FastifyRequest): Family | undefined {
  return request.routeOptions.config?.family ?? (isDashboardApi(request.url) ? 'dashboard' : isFormPath(request.url) ? 'form' : undefined);
}

type Kind = 'too_large' | 'media_type' | 'too_deep' | 'unreadable' | 'unavailable' | 'failed';

function kindOf(error: FastifyError): Kind {
  if (error.statusCode === 413) return 'too_large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'media_type';
  // A stack overflow in a request's work: bodies deeper than MAX_JSON_DEPTH never reach
  // the work that recurses, so this is the caller's input, answered like a body too deep.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'too_deep';
  // Fastify's own 4xx (a body shorter than its Content-Length, a request aborted mid-body).
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 && error.code?.startsWith('FST_')) return 'unreadable';
  // PostgreSQL refusing text it cannot store (U+0000: SQLSTATE 22021 in text, 22P05 in
  // jsonb), which only a caller's input brings; JSON bodies and form fields are refused before.
  if (error.code === '22021' || error.code === '22P05') return 'unreadable';
  return isUnavailable(error) ? 'unavailable' : 'failed';
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const family = familyOf(request);
  const kind = kindOf(error);
  if (kind === 'unavailable') {
    // The cause (a connection error) says why; it stays out of the response.
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    request.log.warn({ err: { message: error.message, code: error.code, cause } }, 'dependency unavailable');
    setRetryAfter(reply, UNAVAILABLE_RETRY_AFTER_SEC);
  } else if (kind === 'failed') {
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
  } else if (kind !== 'too_large') {
    // The caller's mistake: one line without a stack (and without the message, which may
    // quote the request).
    request.log.info({ err: { code: error.code ?? error.name } }, 'request refused');
  }
  if (family === 'form') return sendPage(request, reply, FORM_PAGES[kind][0], messagePage(FORM_PAGES[kind][1]));
  return sendFailure(reply, family === 'api' ? apiFailure(API_CODES[kind]) : family === 'dashboard' ? DASHBOARD_FAILURES[kind] : PRODUCT_FAILURES[kind]);
}

// Each kind's answer in each family: the {error, code, request_id} family of the order and
// lookup endpoints has only SPEC's "not a JSON object" for a body it cannot read.
const API_CODES: Record<Kind, ApiErrorCode> = {
  too_large: 'body_too_large',
  media_type: 'invalid_json',
  too_deep: 'invalid_json',
  unreadable: 'invalid_json',
  unavailable: 'service_unavailable',
  failed: 'internal_error',
};

const DASHBOARD_FAILURES: Record<Kind, DashboardFailure> = {
  too_large: dashboardFailure('body_too_large'),
  media_type: dashboardFailure('unsupported_media_type'),
  too_deep: dashboardFailure('invalid_request', { fields: { body: DASHBOARD_FIELD_TEXT.tooDeep } }),
  unreadable: dashboardFailure('invalid_request', { fields: { body: DASHBOARD_FIELD_TEXT.notJson } }),
  unavailable: dashboardFailure('service_unavailable'),
  failed: dashboardFailure('internal_error'),
};

/**
 * The products path, the payment callbacks and every path of no family: {error}. (app.ts takes
 * a Content-Type that names no media type as absent outside the dashboard and the form, so
 * media_type is a fallback here; the products path's own 415 to an API key says the same.)
 */
const PRODUCT_FAILURES: Record<Kind, ProductFailure> = {
  too_large: productFailure(413, TRANSPORT_TEXT.bodyTooLarge),
  media_type: productFailure(415, TRANSPORT_TEXT.unsupportedMediaType),
  too_deep: productFailure(400, PRODUCT_TEXT.invalidJson),
  unreadable: productFailure(400, PRODUCT_TEXT.invalidJson),
  unavailable: productFailure(503, TRANSPORT_TEXT.serviceUnavailable),
  failed: productFailure(500, TRANSPORT_TEXT.internalError),
};

const FORM_PAGES: Record<Kind, [number, string]> = {
  too_large: [413, FORM_TEXT.tooLarge],
  media_type: [415, FORM_TEXT.unsupportedMediaType],
  too_deep: [400, FORM_TEXT.refused],
  unreadable: [400, FORM_TEXT.refused],
  unavailable: [503, FORM_TEXT.failed],
  failed: [500, FORM_TEXT.failed],
};

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isDashboardApi(request.url)) return sendFailure(reply, dashboardFailure('not_found'));
  if (request.url.startsWith('/p/')) return sendBuyerPage(request, reply, 404, buyerNotFoundPage());
  if (isFormPath(request.url)) return sendPage(request, reply, 404, messagePage(FORM_TEXT.notFound));
  return reply.code(404).send({ error: TRANSPORT_TEXT.notFound });
}

/**
 * Fastify's `frameworkErrors`: the router could not read the path (a bad percent-escape,
 * FST_ERR_BAD_URL) or one of its parameters is over 100 characters (FST_ERR_MAX_PARAM_LENGTH).
 * Such a path names no product, order or id: the family's 404, never Fastify's text. The
 * error's message quotes the path (a thank-you token, say), so only its code is logged.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.info({ err: { code: error.code } }, 'unreadable path');
  return notFoundHandler(request, reply);
}
