// REDIS_URL set but Redis not answering: the rate-limit windows cannot be counted, so every
// limited endpoint refuses with 503 in its own error family (never serves with the limits
// lapsed), nothing is written, /readyz says which dependency is down and /healthz stays up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './server-ready.js';
import { json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from './helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let orderId: number;
let productId: number;

beforeAll(async () => {
  const closed = await freePort();
  t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${closed}` } });
  store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 30000 })).id;
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '' })).id;
}, 30_000);
afterAll(() => t.drop());

const key = () => ({ 'x-api-key': store.keys.all!, 'content-type': 'application/json' });

it('order status endpoint: 503 service_unavailable with request_id and Retry-After; the PATCH changes nothing', async () => {
  const patch = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...key(), 'idempotency-key': 'redis-down-1' }, payload: { id: orderId, status: 'closing' } });
  expect(patch.statusCode).toBe(503);
  expect(json(patch)).toEqual({ error: expect.any(String), code: 'service_unavailable', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
  expect(patch.headers['retry-after']).toBe('5');
  const get = await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}`, headers: key() });
  expect(get.statusCode).toBe(503);
  expect(json(get).code).toBe('service_unavailable');

  const order = await t.ctx.db.selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', orderId).executeTakeFirstOrThrow();
  expect(order.status).toBe('pending');
  const records = await t.ctx.db.selectFrom('idempotency_records').select('idempotency_key').where('tenant_id', '=', store.tenantId).execute();
  expect(records).toHaveLength(0);
});

it('products path and customer lookup: 503 in their own families', async () => {
  const products = await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${productId}`, headers: key() });
  expect(products.statusCode).toBe(503);
  expect(json(products)).toEqual({ error: 'Service unavailable' });
  const lookup = await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: key(), payload: { phone: '081234567890' } });
  expect(lookup.statusCode).toBe(503);
  expect(json(lookup)).toMatchObject({ code: 'service_unavailable' });
});

it('/readyz is 503 naming Redis; /healthz still answers', async () => {
  const ready = await t.request({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(json(ready)).toMatchObject({ ok: false, database: 'ok', redis: 'down' });
  expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});
