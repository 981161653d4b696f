// Builds the HTTP application: every route is registered here, top to bottom.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './lib/clock.js';
import type { Config } from './lib/config.js';
import type { AppContext } from './lib/context.js';
import type { DbHandle } from './lib/db.js';
import { apiFailure, productFailure, sendFailure, type Failure } from './lib/failures.js';
import { createMemoryLimiters, type Limiters } from './lib/limits.js';
import { createWriteTransaction } from './lib/write-transaction.js';
import { createInFlight } from './idempotency/in-flight.js';
import { createKeyCache } from './auth/key-cache.js';
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

export interface AppOptions {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  limiters?: Limiters;
  /** false silences logs (tests); a stream captures them; default stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
}

export function buildContext(options: AppOptions): AppContext {
  return {
    db: options.database.db,
    dialect: options.database.dialect,
    config: options.config,
    clock: options.clock ?? systemClock,
    limiters: options.limiters ?? createMemoryLimiters(options.config.rateLimitScale),
    inFlight: createInFlight(),
    keyCache: createKeyCache(options.database.changeToken),
    writeTransaction: createWriteTransaction(options.database.db, options.database.dialect),
  };
}

export function buildApp(options: AppOptions): { app: FastifyInstance; ctx: AppContext } {
  const ctx = buildContext(options);
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

  // Bodies stay raw strings; each endpoint parses them and answers in its own error family.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const family = request.routeOptions.config.family;
    const tooLarge = error.statusCode === 413;
    if (!tooLarge) request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
    if (family === 'form') {
      const text = tooLarge ? FORM_TEXT.tooLarge : FORM_TEXT.failed;
      return sendPage(request, reply, tooLarge ? 413 : 500, messagePage(text, text));
    }
    const failure: Failure =
      family === 'api'
        ? apiFailure(tooLarge ? 'body_too_large' : 'internal_error')
        : productFailure(tooLarge ? 413 : 500, tooLarge ? 'Request body too large' : 'Internal error');
    return sendFailure(reply, failure);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));

  app.get('/healthz', async () => ({ ok: true }));
  productRoutes(app, ctx);
  orderRoutes(app, ctx);
  customerRoutes(app, ctx);
  formRoutes(app, ctx);
  paymentRoutes(app, ctx);

  return { app, ctx };
}
