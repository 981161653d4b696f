// Builds the HTTP application: every route is registered here, top to bottom.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './lib/clock.js';
import type { Config } from './lib/config.js';
import type { AppContext } from './context.js';
import type { DbHandle } from './lib/db/db.js';
import { apiFailure, productFailure, sendFailure, type Failure } from './lib/http/failures.js';
import { chooseLimiterStore, createLimiters, type Limiters } from './lib/limits.js';
import { createMetrics } from './lib/metrics.js';
import { checkReadiness } from './lib/readiness.js';
import { openRedis, redisReady } from './lib/redis.js';
import { isUnavailable } from './lib/unavailable.js';
import { createWriteTransaction } from './lib/db/write-transaction.js';
import { createInFlight } from './idempotency/in-flight.js';
import { createKeyCache } from './auth/key-cache.js';
import { PRODUCT_TEXT } from './lib/http/messages.js';
import { customerRoutes } from './customers/routes.js';
import { orderRoutes } from './orders/routes.js';
import { productRoutes } from './products/routes.js';
import { messagePage } from './form/layout.js';
import { FORM_TEXT } from './form/messages.js';
import { formRoutes, sendPage } from './form/routes.js';
import { paymentRoutes } from './payments/routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which SPEC error family this route answers in. */
    family?: 'product' | 'api' | 'form';
  }
}

/** Retry-After of a 503: Redis or PostgreSQL did not answer; a client retries shortly. */
const UNAVAILABLE_RETRY_AFTER_SEC = 5;
const REDIS_START_WAIT_MS = 3_000;

export interface AppOptions {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  limiters?: Limiters;
  /** false silences logs (tests); a stream captures them; default stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** The text of GET /metrics; default this process's registry (cluster workers ask the primary). */
  metricsText?: () => Promise<string>;
}

function buildContext(options: AppOptions, log: FastifyInstance['log']): AppContext {
  const { config, database } = options;
  const redis = config.redisUrl ? openRedis(config.redisUrl, (message) => log.warn({ redis: message }, 'redis connection error')) : null;
  const metrics = createMetrics(database.db, (message) => log.warn({ err: { message } }, 'outbox depth not collected'));
  const store = chooseLimiterStore(redis && { client: redis, keyPrefix: config.redisKeyPrefix }, database.pool);
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    clock: options.clock ?? systemClock,
    limiters: metrics.instrumentLimiters(options.limiters ?? createLimiters(config.rateLimitScale, store)),
    inFlight: createInFlight(),
    keyCache: createKeyCache(database.changeToken),
    writeTransaction: createWriteTransaction(database.db, database.dialect),
    redis,
    metrics,
  };
}

export function buildApp(options: AppOptions): { app: FastifyInstance; ctx: AppContext } {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.config.logLevel,
            ...(options.logger ? { stream: options.logger.stream } : {}),
            // Only method, path and request id: query strings, headers and bodies may hold
            // keys or personal data and never reach the log.
            serializers: {
              // The thank-you page's token opens a buyer's order: it is not logged either.
              req: (req) => ({ method: req.method, path: req.url.split('?')[0]!.replace(/\/terima-kasih\/[^/]+/, '/terima-kasih/:token'), request_id: req.id }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    genReqId: () => randomBytes(4).toString('hex'),
    trustProxy: options.config.trustProxy,
    bodyLimit: options.config.bodyLimit,
    return503OnClosing: true,
  });
  const ctx = buildContext(options, app.log);
  // A normal start waits for Redis so that the first requests are not refused. When Redis
  // is down the server starts anyway: /readyz says so, requests get 503 until it is back.
  app.addHook('onReady', async () => {
    if (ctx.redis && !(await redisReady(ctx.redis, REDIS_START_WAIT_MS))) app.log.warn('redis not reachable at start');
  });
  app.addHook('onClose', async () => {
    await ctx.redis?.quit().catch(() => ctx.redis?.disconnect());
  });
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  // Bodies stay raw strings; each endpoint parses them and answers in its own error family.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      ? (['body_too_large', 413, PRODUCT_TEXT.bodyTooLarge] as const)
      : unavailable
        ? (['service_unavailable', 503, PRODUCT_TEXT.serviceUnavailable] as const)
        : (['internal_error', 500, PRODUCT_TEXT.internalError] as const);
    if (family === 'form') {
      const page = tooLarge ? FORM_TEXT.tooLarge : FORM_TEXT.failed;
      return sendPage(request, reply, status, messagePage(page));
    }
    const failure: Failure = family === 'api' ? apiFailure(code) : productFailure(status, text);
    return sendFailure(reply, failure);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));

  // Operations, outside /api/: alive; ready (database and Redis answer); metrics.
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    return reply.code(readiness.ok ? 200 : 503).send(readiness);
  });
  const metricsText = options.metricsText ?? (() => ctx.metrics.registry.metrics());
  app.get('/metrics', async (_request, reply) => reply.type(ctx.metrics.registry.contentType).send(await metricsText()));
  productRoutes(app, ctx);
  orderRoutes(app, ctx);
  customerRoutes(app, ctx);
  formRoutes(app, ctx);
  paymentRoutes(app, ctx);

  return { app, ctx };
}
