// Logs never carry keys or personal data; a 5xx leaks nothing and leaves no partial write.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from './helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let logs = '';
let orderId: number;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk));
  t = await startTestApp({ logStream: stream });
  store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Madu', price: 80000 });
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' })).id;
});
afterAll(() => t.drop());

const headers = () => ({ 'x-api-key': store.keys.all!, 'content-type': 'application/json' });

describe('logs', () => {
  it('carry the request id but never keys, secrets or buyers\' data', async () => {
    await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}`, headers: headers() });
    await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}&api_key=${store.keys.all}` });
    await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...headers(), 'idempotency-key': 'secret-idem-123' }, payload: { id: orderId, status: 'closing', external_reference: 'ref-xyz' } });
    await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: headers(), payload: { phone: CUSTOMER.phone } });
    await new Promise((r) => setTimeout(r, 50));
    expect(logs).toMatch(/"request_id":"[0-9a-f]{8}"/);
    for (const secret of [store.keys.all!, store.keys.all!.slice(0, 20), CUSTOMER.name, '6281234567890', CUSTOMER.phone, CUSTOMER.address, CUSTOMER.email, 'secret-idem-123', 'ref-xyz']) {
      expect(logs, secret).not.toContain(secret);
    }
  });
});

describe('service failure', () => {
  it('answers 500 internal_error with no internal text, and the change is rolled back whole', async () => {
    const id = (await seedOrder(t.ctx, store.tenantId, { product_id: (await seedProduct(t.ctx, store.tenantId, { name: 'Teh', price: 5000 })).id, variant: '' })).id;
    await t.ctx.db.schema.dropTable('order_history').execute(); // the history write will fail mid-transaction
    const res = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: headers(), payload: { id, status: 'closing' } });
    expect(res.statusCode).toBe(500);
    const body = json(res);
    expect(body).toEqual({ error: expect.any(String), code: 'internal_error', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
    expect(body.error).not.toMatch(/order_history|sql|table/i);
    const order = await t.ctx.db.selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    const events = await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute();
    expect(events).toHaveLength(0);
  });
});
