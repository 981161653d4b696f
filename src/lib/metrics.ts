// Prometheus metrics (GET /metrics). Labels carry route patterns, methods, status codes and
// window names only: never a URL, a key, an IP address or an id, so neither secrets nor
// personal data reach a label, and the number of series stays fixed.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Limiter, Limiters, WindowName } from './limits.js';
import { requestMetrics } from './request-metrics.js';

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

/** How far each consumer of the change feed is behind (feed/consumer-lag.ts), passed in by app.ts. */
export type FeedLag = () => Promise<ReadonlyArray<{ name: string; running: boolean; rows: number | null; seconds: number }>>;

export function createMetrics(outboxDepth: OutboxDepth, onCollectError: (message: string) => void, feedLag: FeedLag = async () => []): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lapak_' });

  const observeRequest = requestMetrics(registry);
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

  // Labelled by consumer name only (a fixed list); shared by every process, so taken once (max).
  // The three gauges of a scrape share one reading.
  let reading: ReturnType<FeedLag> | null = null;
  const lags = () => {
    reading ??= feedLag().finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  const consumerGauge = (name: string, help: string, value: (lag: Awaited<ReturnType<FeedLag>>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['consumer'] as const,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        try {
          for (const lag of await lags()) this.set({ consumer: lag.name }, value(lag));
        } catch (error) {
          onCollectError((error as Error).message);
        }
      },
    });
  consumerGauge('lapak_feed_consumer_lag_rows', 'Changes of the feed a consumer has not folded yet', (lag) => lag.rows ?? 0);
  consumerGauge('lapak_feed_consumer_lag_seconds', 'Age of the oldest change of the feed a consumer has not folded yet', (lag) => lag.seconds);
  consumerGauge('lapak_feed_consumer_running', '1 when some process ran the consumer within the last 30 seconds', (lag) => (lag.running ? 1 : 0));

  return {
    registry,
    observeRequest,
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
        refund: (key, points) => limiter.refund(key, points),
      });
      const entries = (Object.entries(limiters) as Array<[WindowName, Limiter]>).map(([name, limiter]) => [name, wrap(name, limiter)]);
      return Object.fromEntries(entries) as Limiters;
    },
  };
}
