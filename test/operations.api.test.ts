// /readyz and /metrics, outside /api/. Metrics label routes by pattern, never by URL, so no
// key, IP, order id or personal data can reach them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { foldOnce } from '../src/feed/consumer.js';
import { CUSTOMER, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from './helpers.js';
import { addTestEndpoint } from './webhook-receiver.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let orderId: number;
let productId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '0.05' } }); // order status: 6 a minute per key
  store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 30000 });
  productId = product.id;
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' })).id;
});
afterAll(() => t.drop());

it('/readyz: 200 when the database answers (no Redis configured: not reported), with each consumer of the change feed', async () => {
  const res = await t.request({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(200);
  // No process runs the consumers here: the detail says so (they have not started: no lag yet), and the process is still ready.
  expect(json(res)).toEqual({
    ok: true,
    database: 'ok',
    consumers: {
      counts: { running: false, lag_rows: null, lag_seconds: 0 },
      live: { running: false, lag_rows: null, lag_seconds: 0 },
      // The messaging planner's position is set by its migration (it plans every change from then
      // on): the order seeded above is its lag.
      planner: { running: false, lag_rows: 1, lag_seconds: expect.any(Number) },
      insights: { running: false, lag_rows: null, lag_seconds: 0 },
    },
  });
  // Once it has run: its lag, and that it runs; a change it has not folded yet is lag.
  await foldOnce(t.ctx, countsConsumer, t.clock);
  await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '' });
  const after = json(await t.request({ method: 'GET', url: '/readyz' }));
  expect(after.consumers.counts).toMatchObject({ running: true, lag_rows: 1 });
  expect(after.consumers.live.running).toBe(false);
  const metrics = (await t.request({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toContain('lapak_feed_consumer_lag_rows{consumer="counts"} 1');
  expect(metrics).toContain('lapak_feed_consumer_running{consumer="counts"} 1');
  expect(metrics).toContain('lapak_feed_consumer_running{consumer="live"} 0');
  expect(metrics).toMatch(/lapak_feed_consumer_lag_seconds\{consumer="counts"\} [\d.]+/);
});

it('/metrics: requests by route pattern and status, latency histogram, limiter rejections, outbox depth', async () => {
  const headers = { 'x-api-key': store.keys.all!, 'content-type': 'application/json' };
  // An endpoint, so that the PATCH's event waits for the fan-out (a store without one writes it fanned out).
  await addTestEndpoint(t.ctx, t.clock, store.tenantId, 'http://127.0.0.1:9/hook', 'metrics');
  await t.request({ method: 'PATCH', url: '/api/order_status.php', headers, payload: { id: orderId, status: 'closing' } });
  for (let i = 0; i < 7; i++) await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}&api_key=${store.keys.all}`, headers });
  await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers, payload: { phone: CUSTOMER.phone } });
  await t.request({ method: 'GET', url: '/no/such/path/6281234567890' });

  const res = await t.request({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const text = res.body;
  expect(text).toContain('lapak_http_requests_total{route="/api/order_status.php",method="PATCH",status_code="200"} 1');
  expect(text).toContain('lapak_http_requests_total{route="/api/order_status.php",method="GET",status_code="200"} 5');
  expect(text).toContain('lapak_http_requests_total{route="/api/order_status.php",method="GET",status_code="429"} 2');
  expect(text).toContain('lapak_http_requests_total{route="unmatched",method="GET",status_code="404"} 1');
  expect(text).toMatch(/lapak_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/order_status\.php",method="GET"\} \d+/);
  expect(text).toContain('lapak_rate_limit_rejections_total{window="orderStatusPerKey"} 2');
  // The PATCH queued one event, not yet fanned out (no dispatcher runs here).
  expect(text).toContain('lapak_outbox_depth{kind="events"} 1');
  expect(text).toContain('lapak_outbox_depth{kind="deliveries"} 0');
  for (const secret of [store.keys.all!, store.keys.all!.slice(0, 12), `id=${orderId}`, '6281234567890', CUSTOMER.name, '127.0.0.1']) {
    expect(text, secret).not.toContain(secret);
  }
});
