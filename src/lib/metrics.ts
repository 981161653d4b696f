// Prometheus metrics (GET /metrics). Labels carry route patterns, methods, status codes and
// window names only: never a URL, a key, an IP address or an id, so neither secrets nor
// personal data reach a label, and the number of series stays fixed.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Limiter, Limiters, WindowName } from './limits.js';

export interface Metrics {
  registry: Registry;
  /** route: the route's pattern (e.g. /api/order_status.php), or "unmatched". */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** Counts one 429 of a window (a SPEC window, or the lookup's database brake). */
  countRejection(window: WindowName | 'lookupBrake'): void;
  /** Every window counts its 429s under its own name. */
  instrumentLimiters(limiters: Limiters): Limiters;
}

/**
 * The work waiting in the outbox: events not yet fanned out, webhook deliveries pending.
 * Those tables are features', so lib/ asks and app.ts passes the counting in (ops/outbox-depth.ts).
 */
export type OutboxDepth = () => Promise<{ events: number; deliveries: number }>;

export function createMetrics(outboxDepth: OutboxDepth, onCollectError: (message: string) => void): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lapak_' });

  const requests = new Counter({
    name: 'lapak_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'lapak_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'lapak_rate_limit_rejections_total',
    help: 'Requests refused with 429, by the SPEC window that refused them',
    labelNames: ['window'] as const,
    registers: [registry],
  });
  // The outbox is shared by every process, so across cluster workers the value is taken
  // once (max), not summed. Operator-level, so it counts every store.
  new Gauge({
    name: 'lapak_outbox_depth',
    help: 'Work waiting in the outbox: events not yet fanned out, webhook deliveries pending',
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      try {
        const { events, deliveries } = await outboxDepth();
        this.set({ kind: 'events' }, events);
        this.set({ kind: 'deliveries' }, deliveries);
      } catch (error) {
        // A scrape while the database is down still answers, with the last values; /readyz tells.
        onCollectError((error as Error).message);
      }
    },
  });

  return {
    registry,
    observeRequest(route, method, statusCode, seconds) {
      requests.inc({ route, method, status_code: String(statusCode) });
      duration.observe({ route, method }, seconds);
    },
    countRejection(window) {
      rejections.inc({ window });
    },
    instrumentLimiters(limiters) {
      const wrap = (window: WindowName, limiter: Limiter): Limiter => ({
        async consume(key, points) {
          const result = await limiter.consume(key, points);
          if (!result.ok) rejections.inc({ window });
          return result;
        },
      });
      const entries = (Object.entries(limiters) as Array<[WindowName, Limiter]>).map(([name, limiter]) => [name, wrap(name, limiter)]);
      return Object.fromEntries(entries) as Limiters;
    },
  };
}
