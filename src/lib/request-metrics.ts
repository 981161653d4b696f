// The two per-request series of GET /metrics: requests answered (a counter by route pattern,
// method and status code) and their durations (a histogram by route pattern and method).
// Kept as plain numbers per series, because prom-client's inc() and observe() validate and
// hash their labels on every call: 2 us a request, on every route. At each scrape the
// registry reads them in prom-client's own shape (the text format, and the JSON the cluster
// aggregator sums across workers).
import type { Metric, Registry } from 'prom-client';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  route: string;
  method: string;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
  byStatus: Map<number, number>;
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string; exemplar?: null };

/** What a prom-client Registry reads of a metric: its description and, at each scrape, its values. */
function readOnlyMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]): Metric {
  const describe = () => ({ name, help, type, aggregator: 'sum' as const, values: values() });
  return { name, help, type, aggregator: 'sum', get: async () => describe(), reset: () => undefined } as unknown as Metric;
}

export function requestMetrics(registry: Registry): (route: string, method: string, statusCode: number, seconds: number) => void {
  const series = new Map<string, Map<string, Series>>();

  function seriesOf(route: string, method: string): Series {
    let methods = series.get(route);
    if (!methods) series.set(route, (methods = new Map()));
    let found = methods.get(method);
    if (!found) {
      found = { route, method, buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0), sum: 0, count: 0, byStatus: new Map() };
      methods.set(method, found);
    }
    return found;
  }
  const all = () => [...series.values()].flatMap((methods) => [...methods.values()]);

  registry.registerMetric(
    readOnlyMetric('lapak_http_requests_total', 'HTTP requests answered, by route pattern, method and status code', 'counter', () =>
      all().flatMap((s) =>
        [...s.byStatus].map(([status, value]) => ({ labels: { route: s.route, method: s.method, status_code: String(status) }, value })),
      ),
    ),
  );
  const bucketName = 'lapak_http_request_duration_seconds';
  registry.registerMetric(
    readOnlyMetric(bucketName, 'Time from receiving a request to sending its answer, by route pattern and method', 'histogram', () =>
      all().flatMap((s) => {
        let cumulative = 0;
        const buckets = [...DURATION_BUCKETS, '+Inf' as const].map((le, i) => {
          cumulative += s.buckets[i]!;
          return { labels: { le, route: s.route, method: s.method }, value: cumulative, metricName: `${bucketName}_bucket`, exemplar: null };
        });
        const labels = { route: s.route, method: s.method };
        return [...buckets, { labels, value: s.sum, metricName: `${bucketName}_sum` }, { labels, value: s.count, metricName: `${bucketName}_count` }];
      }),
    ),
  );

  return (route, method, statusCode, seconds) => {
    const s = seriesOf(route, method);
    s.byStatus.set(statusCode, (s.byStatus.get(statusCode) ?? 0) + 1);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    s.buckets[i]! += 1;
    s.sum += seconds;
    s.count += 1;
  };
}
