import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { createMemoryLimiters, type Limiter } from '../lib/limits.js';
import { formatTimestamp } from '../lib/time.js';
import { consumeLookupBrake } from './lookup-brake.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const PATH = '/api/customer_lookup.php';
const PHONE = '6281234567890'; // CUSTOMER.phone, normalised
const REQUEST_ID = expect.stringMatching(/^[0-9a-f]{8}$/);
const TZ = 'Asia/Jakarta';

const lookup = (app: App, key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  app.request({
    method: 'POST',
    url: PATH,
    headers: { ...(key === undefined ? {} : { 'x-api-key': key }), 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function timed<T>(work: Promise<T>, started = performance.now()): Promise<{ result: T; ms: number }> {
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe('POST /api/customer_lookup.php', () => {
  let t: App;
  let store: Store;
  let other: Store;
  let orders: Array<{ id: number; at: number }>;
  let busyPhoneOrders: number[];

  beforeAll(async () => {
    t = await startTestApp();
    store = await seedStore(
      t.ctx,
      { lookup: { scopes: ['customers:read'] }, all: { scopes: ['*'] }, reader: { scopes: ['orders:read', 'orders.status:write'] } },
      { name: 'Toko Berkah' },
    );
    other = await seedStore(t.ctx, { lookup: { scopes: ['customers:read'] } }, { name: 'Toko Sebelah' });
    const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos Polos', price: 50000 });
    const mug = await seedProduct(t.ctx, store.tenantId, { name: 'Mug Keramik', price: 35000 });
    const otherProduct = await seedProduct(t.ctx, other.tenantId, { name: 'Sepatu', price: 250000 });

    orders = [];
    const add = async (input: Record<string, unknown>) => {
      t.clock.advance(3_600_000);
      const created = await seedOrder(t.ctx, store.tenantId, { variant: '', ...input });
      orders.push({ id: created.id, at: t.clock.now() });
    };
    await add({ product_id: product.id, status: 'completed' });
    // Written differently each time; all normalise to the same number.
    await add({ product_id: mug.id, quantity: 3, status: 'shipped', customer: { ...CUSTOMER, phone: '+62 812 3456 7890' } });
    await add({
      product_id: product.id,
      quantity: 2,
      customer: { ...CUSTOMER, name: 'Siti A.', phone: '6281234567890', address: 'Jl. Mawar No. 9', email: '' },
    });

    // Another customer of the same store, and the same phone in another store.
    busyPhoneOrders = [];
    for (let i = 0; i < 22; i++) {
      const created = await seedOrder(t.ctx, store.tenantId, {
        product_id: mug.id,
        variant: '',
        customer: { ...CUSTOMER, name: 'Budi', phone: '0857-1111-2222' },
      });
      busyPhoneOrders.push(created.id);
    }
    await seedOrder(t.ctx, other.tenantId, { product_id: otherProduct.id, variant: '', customer: { ...CUSTOMER, name: 'Orang Lain' } });
  });
  afterAll(() => t.drop());

  const expectedHit = () => ({
    success: true,
    customer: {
      name: 'Siti A.',
      phone: PHONE,
      email: null,
      address: 'Jl. Mawar No. 9',
      village: CUSTOMER.village,
      district: CUSTOMER.district,
      city: CUSTOMER.city,
      province: CUSTOMER.province,
      postal_code: CUSTOMER.postal_code,
    },
    orders: [
      { id: orders[2]!.id, status: 'pending', product: 'Kaos Polos', variant: '', quantity: 2, total: 110000, created_at: formatTimestamp(orders[2]!.at, TZ) },
      { id: orders[1]!.id, status: 'shipped', product: 'Mug Keramik', variant: '', quantity: 3, total: 115000, created_at: formatTimestamp(orders[1]!.at, TZ) },
      { id: orders[0]!.id, status: 'completed', product: 'Kaos Polos', variant: '', quantity: 1, total: 60000, created_at: formatTimestamp(orders[0]!.at, TZ) },
    ],
    order_count: 3,
    opening_message:
      `Halo Kak Siti A., terima kasih sudah berbelanja di Toko Berkah. ` +
      `Pesanan terakhir Kakak #${orders[2]!.id} (Kaos Polos) saat ini berstatus menunggu pembayaran.`,
    request_id: REQUEST_ID,
  });

  it('finds the customer whichever way the number is written', async () => {
    const forms = [
      '081234567890', '0812-3456-7890', '0812 3456 7890', '0812.3456.7890', '6281234567890',
      '62 812-3456-7890', '+6281234567890', '+62 812 3456 7890', '+62-812-3456-7890', ' (0812) 3456-7890 ',
    ];
    const responses = await Promise.all(forms.map((phone) => lookup(t, store.keys.lookup!, { phone })));
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const body = json(res);
      expect(body).toEqual(expectedHit());
      expect(Object.keys(body)).toEqual(['success', 'customer', 'orders', 'order_count', 'opening_message', 'request_id']);
      expect(body.orders[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    }
  });

  it("the scope '*' works too", async () => {
    const res = await lookup(t, store.keys.all!, { phone: '0812-3456-7890' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(expectedHit());
  });

  it('returns at most 20 orders, newest first, and counts them all', async () => {
    const res = await lookup(t, store.keys.lookup!, { phone: '+62 857 1111 2222' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.order_count).toBe(22);
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([...busyPhoneOrders].reverse().slice(0, 20));
    expect(body.customer).toMatchObject({ name: 'Budi', phone: '6285711112222' });
  });

  it('sees only the key’s own store', async () => {
    const res = await lookup(t, other.keys.lookup!, { phone: '081234567890' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.customer.name).toBe('Orang Lain');
    expect(body.order_count).toBe(1);
    expect(body.orders).toHaveLength(1);
    expect(body.opening_message).toContain('Toko Sebelah');
    for (const o of orders) expect(body.orders.map((x: { id: number }) => x.id)).not.toContain(o.id);

    const miss = await lookup(t, other.keys.lookup!, { phone: '0857-1111-2222' });
    expect(miss.statusCode).toBe(404);
    expect(json(miss).code).toBe('customer_not_found');
  });

  it('404 customer_not_found with request_id for a number without orders', async () => {
    const res = await lookup(t, store.keys.lookup!, { phone: '0813-9999-0000' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'No customer with this phone number.', code: 'customer_not_found', request_id: REQUEST_ID });
  });

  it('400 invalid_json when the body is not a JSON object', async () => {
    const bodies = ['', 'not json', '{"phone":', '[1,2]', '"081234567890"', '42', 'null'];
    const responses = await Promise.all(bodies.map((body) => lookup(t, store.keys.lookup!, body)));
    const noContentType = await t.request({ method: 'POST', url: PATH, headers: { 'x-api-key': store.keys.lookup! } });
    for (const res of [...responses, noContentType]) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Request body must be a JSON object.', code: 'invalid_json', request_id: REQUEST_ID });
    }
  });

  it('400 phone_required when phone is missing, empty or not a string', async () => {
    const bodies = [{}, { phone: '' }, { phone: '   ' }, { phone: null }, { phone: 81234567890 }, { phone: ['081234567890'] }, { telepon: '081234567890' }];
    const responses = await Promise.all(bodies.map((body) => lookup(t, store.keys.lookup!, body)));
    for (const res of responses) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        error: 'phone is required: send {"phone": "..."} with an Indonesian phone number.',
        code: 'phone_required',
        request_id: REQUEST_ID,
      });
    }
  });

  it('400 invalid_phone for numbers that are not Indonesian', async () => {
    const phones = ['12345', 'abc', '0812', '+60 12-345 6789', '+1 202 555 0123', '0'.repeat(41)];
    const responses = await Promise.all(phones.map((phone) => lookup(t, store.keys.lookup!, { phone })));
    for (const res of responses) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'phone must be an Indonesian phone number.', code: 'invalid_phone', request_id: REQUEST_ID });
    }
  });

  it('403 without customers:read, in the auth family body', async () => {
    const res = await lookup(t, store.keys.reader!, { phone: '081234567890' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: 'Missing scope: customers:read' });
  });

  it('401 from the key check, without customer data', async () => {
    const missing = await lookup(t, undefined, { phone: '081234567890' });
    expect(missing.statusCode).toBe(401);
    expect(json(missing)).toEqual({ error: 'API key required (X-API-Key header)' });
    const unknown = await lookup(t, `lpk_${'0'.repeat(48)}`, { phone: '081234567890' });
    expect(json(unknown)).toEqual({ error: 'Invalid API key' });
    const inQuery = await t.request({ method: 'POST', url: `${PATH}?api_key=${store.keys.lookup!}`, payload: '{"phone":"081234567890"}' });
    expect(inQuery.statusCode).toBe(401);
  });

  it('405 method_not_allowed with Allow: POST for every other method', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      const res = await t.request({ method, url: PATH, headers: { 'x-api-key': store.keys.lookup! } });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      if (method !== 'HEAD') expect(json(res)).toEqual({ error: 'Method not allowed.', code: 'method_not_allowed', request_id: REQUEST_ID });
    }
  });

  it('takes at least 150 ms once the key has authenticated: hit, miss, bad request and missing scope', async () => {
    const cases = [
      { key: store.keys.lookup!, body: { phone: '081234567890' }, status: 200 },
      { key: store.keys.lookup!, body: { phone: '0813-9999-0000' }, status: 404 },
      { key: store.keys.lookup!, body: { phone: 'abc' }, status: 400 },
      { key: store.keys.reader!, body: { phone: '081234567890' }, status: 403 },
    ];
    for (const c of cases) {
      const { result, ms } = await timed(lookup(t, c.key, c.body));
      expect(result.statusCode).toBe(c.status);
      expect(ms).toBeGreaterThanOrEqual(150);
    }
  });

  it("renders the store's own opening message template", async () => {
    await t.ctx.db
      .updateTable('tenants')
      .set({ opening_message_template: 'Hai {nama}! {toko}: pesanan #{pesanan} {produk} x{jumlah} ({total}) {status} sejak {tanggal}. Total pesanan {jumlah_pesanan}. {kupon}' })
      .where('id', '=', store.tenantId)
      .execute();
    try {
      const res = await lookup(t, store.keys.lookup!, { phone: '081234567890' });
      expect(res.statusCode).toBe(200);
      const latest = orders[2]!;
      const [y, m, d] = formatTimestamp(latest.at, TZ).slice(0, 10).split('-').map(Number);
      const months = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
      expect(json(res).opening_message).toBe(
        `Hai Siti A.! Toko Berkah: pesanan #${latest.id} Kaos Polos x2 (Rp110.000) menunggu pembayaran sejak ${d} ${months[m! - 1]} ${y}. Total pesanan 3. {kupon}`,
      );
    } finally {
      await t.ctx.db.updateTable('tenants').set({ opening_message_template: null }).where('id', '=', store.tenantId).execute();
    }
  });
});

describe('customer lookup limits at scale 1', () => {
  let t: App;
  let store: Store;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    store = await seedStore(t.ctx, { burst: { scopes: ['customers:read'] }, brake: { scopes: ['customers:read'] }, race: { scopes: ['customers:read'] } });
  });
  afterAll(() => t.drop());

  const brakeRows = (keyId: number) =>
    t.ctx.db.selectFrom('lookup_brake').selectAll().where('tenant_id', '=', store.tenantId).where('api_key_id', '=', keyId).execute();

  it('the 31st request of a key in a minute gets 429 with Retry-After 60, after the 150 ms floor', async () => {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 31 }, () => timed(lookup(t, store.keys.burst!, { phone: '081234567890' }), started)),
    );
    const limited = results.filter(({ result }) => result.statusCode === 429);
    expect(limited).toHaveLength(1);
    expect(results.filter(({ result }) => result.statusCode === 404)).toHaveLength(30);
    const [{ result, ms }] = limited as [(typeof limited)[number]];
    expect(result.headers['retry-after']).toBe('60');
    expect(json(result)).toEqual({ error: 'Terlalu banyak permintaan. Coba lagi nanti.' });
    expect(ms).toBeGreaterThanOrEqual(150);
  });

  it('the brake lets 45 requests of a key through per 60 s window, then refuses until the next window', async () => {
    const key = { id: store.keyIds.brake!, tenantId: store.tenantId };
    for (let i = 0; i < 45; i++) expect(await consumeLookupBrake(t.ctx, key)).toEqual({ ok: true, value: null });
    const refused = await consumeLookupBrake(t.ctx, key);
    expect(refused).toEqual({
      ok: false,
      failure: { family: 'auth', status: 429, error: 'Terlalu banyak permintaan. Coba lagi nanti.', retryAfter: 60 },
    });
    expect(await brakeRows(key.id)).toEqual([expect.objectContaining({ count: 46 })]);

    t.clock.advance(60_000);
    expect((await consumeLookupBrake(t.ctx, key)).ok).toBe(true);
    // The first request of the new window removed the old one.
    const rows = await brakeRows(key.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 1, window_start: Math.floor(t.clock.now() / 60_000) * 60_000 });
  });

  it('the brake counts atomically under a parallel burst', async () => {
    const key = { id: store.keyIds.race!, tenantId: store.tenantId };
    const results = await Promise.all(Array.from({ length: 60 }, () => consumeLookupBrake(t.ctx, key)));
    expect(results.filter((r) => r.ok)).toHaveLength(45);
    expect(await brakeRows(key.id)).toEqual([expect.objectContaining({ count: 60 })]);
  });
});

describe('customer lookup: the brake and the per-IP window over HTTP', () => {
  let t: App;
  let store: Store;
  let ipBudget = Number.POSITIVE_INFINITY;
  const ipKeys: string[] = [];
  const perIp: Limiter = {
    async consume(key) {
      ipKeys.push(key);
      if (ipBudget <= 0) return { ok: false, retryAfter: 60, resetSec: 60 };
      ipBudget -= 1;
      return { ok: true, remaining: Number.isFinite(ipBudget) ? ipBudget : 1200, resetSec: 60 };
    },
    async refund() {},
  };

  beforeAll(async () => {
    // Brake at 45 (scale 1) but roomy key windows, so the brake is what trips.
    t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' }, limiters: { ...createMemoryLimiters(1000), lookupPerIp: perIp } });
    store = await seedStore(t.ctx, { lookup: { scopes: ['customers:read'] }, none: { scopes: ['orders:read'] } });
  });
  afterAll(() => t.drop());

  it('the 46th request of a key within 60 s is braked with 429 and Retry-After 60', async () => {
    const results = await Promise.all(Array.from({ length: 46 }, () => lookup(t, store.keys.lookup!, { phone: '081234567890' })));
    const limited = results.filter((res) => res.statusCode === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.headers['retry-after']).toBe('60');
    expect(json(limited[0]!)).toEqual({ error: 'Terlalu banyak permintaan. Coba lagi nanti.' });
    t.clock.advance(60_000);
    expect((await lookup(t, store.keys.lookup!, { phone: '081234567890' })).statusCode).toBe(404);
  });

  it('a request without the scope does not use up the brake', async () => {
    const keyId = store.keyIds.none!;
    expect((await lookup(t, store.keys.none!, { phone: '081234567890' })).statusCode).toBe(403);
    const rows = await t.ctx.db.selectFrom('lookup_brake').selectAll().where('tenant_id', '=', store.tenantId).where('api_key_id', '=', keyId).execute();
    expect(rows).toHaveLength(0);
  });

  it('the per-IP window is checked before the key is read', async () => {
    ipKeys.length = 0;
    ipBudget = 0;
    try {
      const started = performance.now();
      const res = await lookup(t, undefined, { phone: '081234567890' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
      expect(json(res)).toEqual({ error: 'Terlalu banyak permintaan. Coba lagi nanti.' });
      expect(performance.now() - started).toBeLessThan(150);
      expect(ipKeys).toEqual(['127.0.0.1']);
    } finally {
      ipBudget = Number.POSITIVE_INFINITY;
    }
  });
});
