import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { setStatusBySeller } from '../core/set-status-by-seller.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {
    writer: { scopes: ['orders.status:write'] },
    reader: { scopes: ['orders:read'] },
    readerPii: { scopes: ['orders:read', 'customers:read'] },
    all: { scopes: ['*'] },
    ordersWrite: { scopes: ['orders:write'] },
  });
  productId = (await seedProduct(t.ctx, store.tenantId, {
    name: 'Kaos Polos',
    price: 50000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L'] }],
    variant_prices: [[50000, 55000], [52000, 57000]],
  })).id;
});
afterAll(() => t.drop());

const order = (input: Record<string, unknown> = {}) => seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', ...input });
const patch = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = (key: string, id: number | string) => t.request({ method: 'GET', url: `/api/order_status.php?id=${id}`, headers: { 'x-api-key': key } });
const events = (orderId: number) =>
  t.ctx.db.selectFrom('events').selectAll().where('tenant_id', '=', store.tenantId).where('order_id', '=', orderId).orderBy('id').execute();
const history = (orderId: number) =>
  t.ctx.db.selectFrom('order_history').selectAll().where('tenant_id', '=', store.tenantId).where('order_id', '=', orderId).where('field', '=', 'status').orderBy('id').execute();

describe('GET /api/order_status.php', () => {
  it('returns the fixed order record without customer data for orders:read', async () => {
    const { id } = await order({ quantity: 2 });
    const res = await get(store.keys.reader!, id);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(Object.keys(body)).toEqual(['success', 'order', 'request_id']);
    expect(body.success).toBe(true);
    expect(body.request_id).toMatch(/^[0-9a-f]{8}$/);
    expect(Object.keys(body.order)).toEqual([
      'id', 'status', 'product', 'variant', 'quantity', 'total', 'shipping_fee', 'payment_method', 'courier', 'resi', 'created_at',
    ]);
    expect(body.order).toMatchObject({
      id, status: 'pending', product: 'Kaos Polos', variant: 'Hitam / L', quantity: 2,
      total: 55000 * 2 + 10000, shipping_fee: 10000, payment_method: 'bank_transfer', courier: 'JNE', resi: null,
    });
    expect(body.order.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('adds the customer block with customers:read or *', async () => {
    const { id } = await order();
    for (const key of [store.keys.readerPii!, store.keys.all!]) {
      const body = json(await get(key, id));
      expect(body.order.customer).toEqual({ ...CUSTOMER, phone: '6281234567890' });
      expect(Object.keys(body.order).at(-1)).toBe('created_at');
    }
  });

  it('answers 400 invalid_request for a missing or non-positive id, 404 order_not_found for an unknown one', async () => {
    for (const id of ['', '0', '-3', 'abc', '1.5']) {
      const res = await get(store.keys.reader!, id);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: expect.any(String), code: 'invalid_request', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
    }
    const res = await get(store.keys.reader!, 999999);
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('order_not_found');
  });

  it('refuses a key without orders:read', async () => {
    const { id } = await order();
    const res = await get(store.keys.writer!, id);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: 'Missing scope: orders:read' });
  });
});

describe('PATCH /api/order_status.php: the state table', () => {
  it('pending -> closing: changed, event with PATCH fields, history with source api and key name', async () => {
    const { id } = await order();
    const res = await patch(store.keys.writer!, { id, status: 'closing', external_reference: 'crm-77' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(Object.keys(body)).toEqual(['order_id', 'previous_status', 'status', 'updated_at', 'request_id', 'changed']);
    expect(body).toMatchObject({ order_id: id, previous_status: 'pending', status: 'closing', changed: true });
    expect(body.updated_at).toMatch(/\+07:00$/);
    expect(body.request_id).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(body)).not.toContain(CUSTOMER.name);

    const [event, ...more] = await events(id);
    expect(more).toHaveLength(0);
    expect(event!.type).toBe('order.status_changed');
    expect(JSON.parse(event!.payload)).toEqual({
      store_id: store.tenantId, order_id: id, previous_status: 'pending', status: 'closing', changed_at: body.updated_at,
      source: 'api', changed_by: 'integration', integration: 'writer', external_reference: 'crm-77',
    });
    const [entry] = await history(id);
    expect(entry).toMatchObject({ source: 'api', actor: 'writer', field: 'status', old_value: 'pending', new_value: 'closing' });
    expect(json(await get(store.keys.reader!, id)).order.status).toBe('closing');
  });

  it('closing -> pending is allowed too', async () => {
    const { id } = await order({ status: 'closing' });
    const body = json(await patch(store.keys.writer!, { id, status: 'pending', expected_previous_status: 'closing' }));
    expect(body).toMatchObject({ previous_status: 'closing', status: 'pending', changed: true });
  });

  it('same status: changed=false, updated_at=null, no event, no history', async () => {
    for (const status of ['pending', 'closing']) {
      const { id } = await order({ status });
      const res = await patch(store.keys.writer!, { id, status });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ order_id: id, previous_status: status, status, updated_at: null, changed: false });
      expect(await events(id)).toHaveLength(0);
      expect(await history(id)).toHaveLength(0);
    }
  });

  it('every terminal state refuses any PATCH with 409 order_terminal', async () => {
    for (const status of ['paid', 'cancelled', 'shipped', 'completed', 'invalid_no_hp']) {
      const { id } = await order({ status });
      for (const target of ['pending', 'closing']) {
        const res = await patch(store.keys.writer!, { id, status: target, expected_previous_status: 'pending' });
        expect(res.statusCode).toBe(409);
        expect(json(res).code).toBe('order_terminal');
      }
      expect(json(await get(store.keys.reader!, id)).order.status).toBe(status);
    }
  });

  it('expected_previous_status mismatch: 409 status_conflict, nothing changes', async () => {
    const { id } = await order();
    const res = await patch(store.keys.writer!, { id, status: 'closing', expected_previous_status: 'closing' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'status_conflict', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
    expect(json(await get(store.keys.reader!, id)).order.status).toBe('pending');
    expect(await events(id)).toHaveLength(0);
  });

  it('seller changes also queue events and history, without the PATCH-only fields; the CLI is the source of both', async () => {
    const { id } = await order();
    const result = await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'paid', { source: 'cli', actor: 'cli' }));
    expect(result.ok).toBe(true);
    const [event] = await events(id);
    const payload = JSON.parse(event!.payload);
    expect(payload).toMatchObject({ previous_status: 'pending', status: 'paid', source: 'cli' });
    expect(payload).not.toHaveProperty('changed_by');
    expect(payload).not.toHaveProperty('integration');
    expect(payload).not.toHaveProperty('external_reference');
    expect((await history(id))[0]).toMatchObject({ source: 'cli', actor: 'cli', actor_user_id: null });
  });
});

describe('PATCH /api/order_status.php: request errors', () => {
  let id: number;
  beforeEach(async () => {
    id = (await order()).id;
  });
  const expectCode = async (res: Awaited<ReturnType<typeof patch>>, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(json(res)).toMatchObject({ error: expect.any(String), code, request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
  };

  it('400 invalid_json when the body is not a JSON object', async () => {
    for (const body of ['', 'not json', '[1,2]', '"text"', '42', 'null']) {
      await expectCode(await patch(store.keys.writer!, body), 400, 'invalid_json');
    }
  });

  it('400 invalid_request when id or status is empty or id is not a positive number', async () => {
    for (const body of [{ status: 'closing' }, { id, status: '' }, { id }, { id: 0, status: 'closing' }, { id: -1, status: 'closing' }, { id: 'x', status: 'closing' }, { id: 1.5, status: 'closing' }, { id, status: 5 }]) {
      await expectCode(await patch(store.keys.writer!, body), 400, 'invalid_request');
    }
  });

  it('404 order_not_found for an order outside the tenant', async () => {
    await expectCode(await patch(store.keys.writer!, { id: 987654, status: 'closing' }), 404, 'order_not_found');
  });

  it('422 status_not_allowed, expected_status_not_allowed, external_reference_too_long', async () => {
    for (const status of ['paid', 'shipped', 'completed', 'cancelled', 'invalid_no_hp', 'bogus']) {
      await expectCode(await patch(store.keys.writer!, { id, status }), 422, 'status_not_allowed');
    }
    await expectCode(await patch(store.keys.writer!, { id, status: 'closing', expected_previous_status: 'paid' }), 422, 'expected_status_not_allowed');
    await expectCode(await patch(store.keys.writer!, { id, status: 'closing', external_reference: 'x'.repeat(121) }), 422, 'external_reference_too_long');
    const ok = await patch(store.keys.writer!, { id, status: 'closing', external_reference: 'x'.repeat(120) });
    expect(ok.statusCode).toBe(200);
  });

  it('405 method_not_allowed for every other method, with request_id', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      const res = await t.request({ method, url: '/api/order_status.php', headers: { 'x-api-key': store.keys.writer! } });
      expect(res.statusCode).toBe(405);
      if (method !== 'HEAD') expect(json(res)).toMatchObject({ code: 'method_not_allowed', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
    }
  });

  it('orders:write does not cover orders.status:write', async () => {
    const res = await patch(store.keys.ordersWrite!, { id, status: 'closing' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: 'Missing scope: orders.status:write' });
  });
});

describe('closing_incomplete', () => {
  it('lists the missing fields when the store uses a fulfilment integration', async () => {
    const strict = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] } }, { name: 'Toko Ketat', shippingIntegration: 'aggregator' });
    const p = await seedProduct(t.ctx, strict.tenantId, { name: 'Buku', price: 30000 });
    const incomplete = await seedOrder(t.ctx, strict.tenantId, { product_id: p.id, variant: '', courier: '', customer: { ...CUSTOMER, address: '', postal_code: '' } });
    const res = await patch(strict.keys.w!, { id: incomplete.id, status: 'closing' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'closing_incomplete', missing_fields: ['customer.address', 'customer.postal_code', 'courier'] });
    const complete = await seedOrder(t.ctx, strict.tenantId, { product_id: p.id, variant: '' });
    expect((await patch(strict.keys.w!, { id: complete.id, status: 'closing' })).statusCode).toBe(200);
    // Moving back to pending is never blocked.
    expect((await patch(strict.keys.w!, { id: complete.id, status: 'pending' })).statusCode).toBe(200);
  });
});
