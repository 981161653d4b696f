// The plain-number request series read exactly as prom-client's own Counter and Histogram
// would print the same observations: same lines, same labels, same values.
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { requestMetrics } from './request-metrics.js';

const OBSERVATIONS: Array<[string, string, number, number]> = [
  ['/api/order_status.php', 'GET', 200, 0.0004],
  ['/api/order_status.php', 'GET', 200, 0.001], // on a bound: counted in le="0.001"
  ['/api/order_status.php', 'GET', 429, 0.003],
  ['/api/order_status.php', 'PATCH', 200, 0.02],
  ['/healthz', 'GET', 200, 7], // above every bound: +Inf only
  ['unmatched', 'GET', 404, 0.0001],
];

function withPromClient(registry: Registry) {
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
  return (route: string, method: string, statusCode: number, seconds: number) => {
    requests.inc({ route, method, status_code: String(statusCode) });
    duration.observe({ route, method }, seconds);
  };
}

/** Two registries fed the same requests: ours, and prom-client's own metrics. */
function fedRegistries(): { ours: Registry; theirs: Registry } {
  const ours = new Registry();
  const theirs = new Registry();
  const observe = requestMetrics(ours);
  const reference = withPromClient(theirs);
  for (const o of OBSERVATIONS) {
    observe(...o);
    reference(...o);
  }
  return { ours, theirs };
}

const sortedLines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('request metrics', () => {
  it('print what prom-client prints for the same requests', async () => {
    const { ours, theirs } = fedRegistries();
    const text = await ours.metrics();
    expect(text).toContain('lapak_http_requests_total{route="/api/order_status.php",method="GET",status_code="200"} 2');
    expect(text).toContain('lapak_http_request_duration_seconds_bucket{le="0.001",route="/api/order_status.php",method="GET"} 2');
    expect(text).toContain('lapak_http_request_duration_seconds_bucket{le="+Inf",route="/healthz",method="GET"} 1');
    expect(text).toContain('lapak_http_request_duration_seconds_bucket{le="5",route="/healthz",method="GET"} 0');
    expect(sortedLines(text)).toEqual(sortedLines(await theirs.metrics()));
  });

  it('give the cluster aggregator the JSON of prom-client', async () => {
    const { ours, theirs } = fedRegistries();
    // Each value with its keys and labels in a fixed order, so that the lists compare as sets.
    const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
    const canonical = (v: { labels: Record<string, unknown> }) => JSON.stringify(sorted({ ...v, labels: sorted(v.labels) }));
    const byName = (list: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      Object.fromEntries(list.map((m) => [m.name, { type: m.type, aggregator: m.aggregator, values: m.values.map(canonical).sort() }]));
    expect(byName(await ours.getMetricsAsJSON())).toEqual(byName(await theirs.getMetricsAsJSON()));
  });
});
