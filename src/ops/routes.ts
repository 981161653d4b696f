// Operations, outside /api/: alive (/healthz); ready, when the database and Redis answer
// (/readyz); Prometheus metrics (/metrics).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { ConsumerLag } from '../feed/consumer-lag.js';
import { checkReadiness } from './readiness.js';

/** metricsText: the text of GET /metrics (a cluster worker asks the primary for every worker's). */
export function opsRoutes(app: FastifyInstance, ctx: AppContext, metricsText: () => Promise<string>, feedLag: () => Promise<ConsumerLag[]>): void {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(ctx, feedLag);
    return reply.code(readiness.ok ? 200 : 503).send(readiness);
  });
  app.get('/metrics', async (_request, reply) => reply.type(ctx.metrics.registry.contentType).send(await metricsText()));
}
