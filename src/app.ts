// Builds the HTTP application: every route is registered here, top to bottom.
import { METHODS } from 'node:http';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './lib/clock.js';
import type { Config } from './lib/config.js';
import type { AppContext } from './context.js';
import type { DbHandle } from './lib/db/db.js';
import { chooseLimiterStore, createLimiters, type Limiters } from './lib/limits.js';
import { createMetrics } from './lib/metrics.js';
import { openRedis, redisReady } from './lib/redis.js';
import { requestIds } from './lib/http/request-id.js';
import { createInFlight } from './idempotency/in-flight.js';
import { createKeyCache } from './auth/key-cache.js';
import { createPasswordHasher } from './accounts/passwords.js';
import type { PasswordHasher } from './lib/password-hasher.js';
import { permissionsOf } from './team/roles.js';
import { errorHandler, familyOf, frameworkErrorHandler, notFoundHandler } from './error-handler.js';
import { outboxDepth } from './ops/outbox-depth.js';
import { opsRoutes } from './ops/routes.js';
import { consumerLags } from './feed/consumer-lag.js';
import { FEED_CONSUMER_NAMES } from './workers.js';
import { customerRoutes } from './customers/routes.js';
import { orderRoutes } from './orders/api/routes.js';
import { productRoutes } from './products/routes.js';
import { formRoutes } from './form/routes.js';
import { createFormViews } from './insights/form-views/form-views.js';
import { formViewRoutes } from './insights/form-views/view-routes.js';
import { buyerPageRoutes } from './form/buyer-page-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { openapiOptions } from './openapi.js';
import { dashboardOpenapiOptions } from './dashboard/openapi.js';
import { crossSiteHook } from './dashboard/cross-site.js';
import { accountRoutes } from './accounts/dashboard-routes.js';
import { teamRoutes } from './team/dashboard-routes.js';
import { apiKeyDashboardRoutes } from './api-keys/dashboard-routes.js';
import { webhookDashboardRoutes } from './webhooks/dashboard-routes.js';
import { homeDashboardRoutes } from './home/dashboard-routes.js';
import { rotationDashboardRoutes } from './rotation/dashboard-routes.js';
import { transferDashboardRoutes } from './transfers/dashboard-routes.js';
import { orderDashboardRoutes } from './orders/workspace/order/dashboard-routes.js';
import { orderListDashboardRoutes } from './orders/workspace/list/dashboard-list-routes.js';
import { orderFileDashboardRoutes } from './orders/workspace/files/dashboard-file-routes.js';
import { liveDashboardRoutes } from './live/dashboard-routes.js';
import { createLiveFeed } from './live/live-feed.js';
import { wakeOnNotify } from './live/wake-on-notify.js';
import { createSessionSignals } from './sessions/session-signals.js';
import { orderBulkDashboardRoutes } from './orders/workspace/bulk/dashboard-bulk-routes.js';
import { riskDashboardRoutes } from './orders/risk/dashboard-routes.js';
import { printingDashboardRoutes } from './orders/printing/dashboard-routes.js';
import { insightsDashboardRoutes } from './insights/dashboard-routes.js';
import { autoCancelDashboardRoutes } from './orders/auto-cancel/dashboard-routes.js';
import { buyerLinkDashboardRoutes } from './orders/buyer-page/dashboard-routes.js';
import { bulkJobDashboardRoutes } from './orders/workspace/bulk/dashboard-job-routes.js';
import { formDashboardRoutes } from './form/dashboard-routes.js';
import { settingsDashboardRoutes } from './settings/dashboard-routes.js';
import { messagingDashboardRoutes } from './messaging/dashboard-routes.js';
import { providerWebhookRoutes } from './messaging/webhook-routes.js';
import { templateDashboardRoutes } from './templates/dashboard-routes.js';
import { productDashboardRoutes } from './products/dashboard-routes.js';
import { referenceRoutes } from './reference/routes.js';
import { IMAGE_TYPES, IMAGE_UPLOAD_LIMIT, imageDashboardRoutes } from './images/dashboard-routes.js';
import { imageFileRoutes } from './images/routes.js';
import { chooseImageStore } from './images/image-store.js';
import { createResizeQueue, type ResizeQueue } from './images/resize-queue.js';
import { webAppRoutes } from './dashboard/web-app.js';

import { resolveSealer } from './lib/secrets/key-source.js';
import type { Sealer } from './lib/secrets/sealer.js';

const REDIS_START_WAIT_MS = 3_000;

/** Fastify's methods without a body: it never reads their Content-Type. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The Content-Type named no media type and is taken as absent (the onRequest hook below); the products path refuses it. */
    contentTypeUnreadable: boolean;
  }
}

export interface AppOptions {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  limiters?: Limiters;
  /** false silences logs (tests); a stream captures them; default stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** The text of GET /metrics; default this process's registry (cluster workers ask the primary). */
  metricsText?: () => Promise<string>;
  /** Default: argon2id, 2 at once, 2 s wait (tests fill the line with a held one). */
  passwordHasher?: PasswordHasher;
  /** Seals and opens stored secrets; default resolveSealer (LAPAK_SECRET_KEY or the SQLite key file). */
  sealer?: Sealer;
  /** The image resize line; default one job per core and eight waiting per core (tests hold its slot). */
  resizeQueue?: ResizeQueue;
}

/** Each consumer of the change feed, how far behind (for /readyz and /metrics). */
const feedLagOf = (db: AppContext['db'], clock: AppContext['clock']) => () => consumerLags(db, FEED_CONSUMER_NAMES, clock.now());

function buildContext(options: AppOptions, log: FastifyInstance['log']): AppContext {
  const { config, database } = options;
  const redis = config.redisUrl ? openRedis(config.redisUrl, (message) => log.warn({ redis: message }, 'redis connection error')) : null;
  const metrics = createMetrics(outboxDepth(database.db), (message) => log.warn({ err: { message } }, 'a metric not collected'), feedLagOf(database.db, options.clock ?? systemClock));
  const store = chooseLimiterStore(redis && { client: redis, keyPrefix: config.redisKeyPrefix }, database.pool);
  // The live list's reader of the change feed, one a process; on PostgreSQL woken by the live consumer's NOTIFY.
  const warnLive = (error: Error) => log.warn({ err: { message: error.message } }, 'live orders feed');
  const wakeup = database.dialect === 'postgres' ? (wake: () => void) => wakeOnNotify(config.databaseUrl, wake, warnLive) : null;
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    clock: options.clock ?? systemClock,
    limiters: metrics.instrumentLimiters(options.limiters ?? createLimiters(config.rateLimitScale, store)),
    inFlight: createInFlight(),
    keyCache: createKeyCache(database.keyChangeToken),
    writeTransaction: database.writeTransaction,
    redis,
    metrics,
    passwordHasher: options.passwordHasher ?? createPasswordHasher(),
    sealer: options.sealer ?? resolveSealer(config, (line) => log.warn(line)),
    permissionsOf,
    liveFeed: createLiveFeed(database.db, config.orderStream.pollMs, warnLive, wakeup),
    sessionSignals: createSessionSignals(),
    formViews: createFormViews(database.db, {
      flushMs: config.formViewsFlushMs,
      rateLimitScale: config.rateLimitScale,
      warn: (message, detail) => log.warn(detail, message),
    }),
  };
}

/** A request's path as the log shows it: without the thank-you token, the buyer's page token or the Fonnte webhook secret. */
export const redactPath = (path: string): string =>
  path
    .replace(/\/terima-kasih\/[^/]+/, '/terima-kasih/:token')
    .replace(/^\/+p\/+[^/]+/i, '/p/:token')
    .replace(/\/webhooks\/+fonnte\/+[^/]+/gi, '/webhooks/fonnte/:secret');

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
              // The thank-you page's token and the buyer's page token (/p/) open a buyer's order,
              // and a store's Fonnte webhook secret lets anyone post to it: none is logged (any
              // case, doubled slashes too).
              req: (req) => ({ method: req.method, path: redactPath(req.url.split('?')[0]!), request_id: req.id }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    genReqId: requestIds(),
    trustProxy: options.config.trustProxy,
    bodyLimit: options.config.bodyLimit,
    return503OnClosing: true,
    // A path the router cannot read (bad percent-escape, a parameter over 100 characters): the family's 404.
    frameworkErrors: frameworkErrorHandler,
  });
  // Every method Node's parser reads is routed (Fastify routes nine by default), so that SPEC's
  // "any other method" answers hold for PROPFIND or SEARCH too instead of a 404.
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  const ctx = buildContext(options, app.log);
  // A normal start waits for Redis so that the first requests are not refused. When Redis
  // is down the server starts anyway: /readyz says so, requests get 503 until it is back.
  app.addHook('onReady', async () => {
    ctx.formViews.counter.start();
    if (ctx.redis && !(await redisReady(ctx.redis, REDIS_START_WAIT_MS))) app.log.warn('redis not reachable at start');
  });
  // Open streams would hold the server's close open: they end first (their clients reconnect
  // to another process, or to this one once it is back), then the feed's source stops.
  app.addHook('preClose', (done) => {
    ctx.liveFeed.closeAll();
    done();
  });
  app.addHook('onClose', async () => {
    // After the last request (in-flight ones finish first), before server.ts closes the database.
    await ctx.formViews.counter.close();
    await ctx.liveFeed.stop();
    await ctx.redis?.quit().catch(() => ctx.redis?.disconnect());
  });
  // Callback style, not async: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Bodies stay raw strings; each endpoint parses them and answers in its own error family.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // A Content-Type that names no media type (empty, `;`, `nonsense`) is Fastify's own 415
  // before any route runs, on every method that may carry a body. The dashboard and the form
  // keep it: the error handler answers it in their family (415). SPEC's paths and the payment
  // callbacks answer in their own order of checks after the key (docs/decisions.md): there it
  // counts as absent, and is noted so that the products path can refuse it (415) and the order
  // status and lookup paths answer invalid_json (requestJsonObject) once the key is checked;
  // the payment callbacks read the notification all the same.
  app.decorateRequest('contentTypeUnreadable', false);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!BODYLESS_METHODS.has(request.method) && request.headers['content-type'] !== undefined && request.mediaType === undefined) {
      const family = familyOf(request);
      if (family !== 'dashboard' && family !== 'form') {
        delete request.raw.headers['content-type'];
        request.contentTypeUnreadable = true;
      }
    }
    done();
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // Cross-site and JSON-only rule of cookie-authenticated writes (before any route runs).
  crossSiteHook(app, ctx);

  opsRoutes(app, ctx, options.metricsText ?? (() => ctx.metrics.registry.metrics()), feedLagOf(ctx.db, ctx.clock));

  // @fastify/swagger learns the routes and their contracts (openapi/lapak.json) from an
  // onRoute hook, so the routes are declared once it has loaded. It answers no request.
  app.register(swagger, openapiOptions);
  // The second document, openapi/dashboard.json: the session routes (src/dashboard/openapi.ts).
  app.register(swagger, dashboardOpenapiOptions);
  app.after(() => {
    productRoutes(app, ctx);
    orderRoutes(app, ctx);
    customerRoutes(app, ctx);
    formRoutes(app, ctx);
    formViewRoutes(app, ctx);
    buyerPageRoutes(app, ctx);
    paymentRoutes(app, ctx);
    providerWebhookRoutes(app, ctx);
    accountRoutes(app, ctx);
    teamRoutes(app, ctx);
    apiKeyDashboardRoutes(app, ctx);
    webhookDashboardRoutes(app, ctx);
    homeDashboardRoutes(app, ctx);
    rotationDashboardRoutes(app, ctx);
    transferDashboardRoutes(app, ctx);
    settingsDashboardRoutes(app, ctx);
    messagingDashboardRoutes(app, ctx);
    templateDashboardRoutes(app, ctx);
    productDashboardRoutes(app, ctx);
    orderListDashboardRoutes(app, ctx);
    orderFileDashboardRoutes(app, ctx);
    liveDashboardRoutes(app, ctx);
    orderDashboardRoutes(app, ctx);
    orderBulkDashboardRoutes(app, ctx);
    riskDashboardRoutes(app, ctx);
    printingDashboardRoutes(app, ctx);
    insightsDashboardRoutes(app, ctx);
    autoCancelDashboardRoutes(app, ctx);
    buyerLinkDashboardRoutes(app, ctx);
    bulkJobDashboardRoutes(app, ctx);
    formDashboardRoutes(app, ctx);
    const images = { store: chooseImageStore(ctx.config, ctx.dialect), queue: options.resizeQueue ?? createResizeQueue() };
    // Uploads are raw image bytes: parsed as buffers in this scope only (every other route keeps strings).
    app.register(async (instance) => {
      instance.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD_LIMIT }, (_request, body, done) => done(null, body));
      imageDashboardRoutes(instance, ctx, images);
    });
    imageFileRoutes(app, ctx, images.store);
    app.register(referenceRoutes);
    app.register((instance) => webAppRoutes(instance, ctx));
  });

  return { app, ctx };
}
