// What a request that failed outside its handler's own answers gets: a body too large (413),
// a dependency that did not answer (503) or anything else thrown (500), each in the error
// family of the route (its `family` config), and a 404 for a path no route matches.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiFailure, dashboardFailure, isDashboardApi, productFailure, sendFailure, type Failure } from './lib/http/failures.js';
import { TRANSPORT_TEXT } from './lib/http/messages.js';
import { isUnavailable } from './lib/unavailable.js';
import { messagePage } from './form/layout.js';
import { FORM_TEXT } from './form/messages.js';
import { sendPage } from './form/routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which SPEC error family this route answers in. */
    family?: 'product' | 'api' | 'form' | 'dashboard';
  }
}

/** Retry-After of a 503: Redis or PostgreSQL did not answer; a client retries shortly. */
const UNAVAILABLE_RETRY_AFTER_SEC = 5;

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const family = request.routeOptions.config.family;
  const tooLarge = error.statusCode === 413;
  const unavailable = !tooLarge && isUnavailable(error);
  if (unavailable) {
    // The cause (a connection error) says why; it stays out of the response.
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    request.log.warn({ err: { message: error.message, code: error.code, cause } }, 'dependency unavailable');
    reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SEC));
  } else if (!tooLarge) {
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
  }
  const [code, status, text] = tooLarge
    ? (['body_too_large', 413, TRANSPORT_TEXT.bodyTooLarge] as const)
    : unavailable
      ? (['service_unavailable', 503, TRANSPORT_TEXT.serviceUnavailable] as const)
      : (['internal_error', 500, TRANSPORT_TEXT.internalError] as const);
  if (family === 'form') {
    const page = tooLarge ? FORM_TEXT.tooLarge : FORM_TEXT.failed;
    return sendPage(request, reply, status, messagePage(page));
  }
  const failure: Failure =
    family === 'api'
      ? apiFailure(code)
      : family === 'dashboard' || isDashboardApi(request.url)
        ? dashboardFailure(code)
        : productFailure(status, text);
  return sendFailure(reply, failure);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isDashboardApi(request.url)) return sendFailure(reply, dashboardFailure('not_found'));
  return reply.code(404).send({ error: TRANSPORT_TEXT.notFound });
}
