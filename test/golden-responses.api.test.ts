// Golden responses: one request for every error row of SPEC (and of docs/decisions.md and
// docs/customer-lookup.md) and every success shape of the five API-key operations, compared
// byte for byte with test/golden/. They were recorded from the code before the routes
// carried schemas (issue 9), so a change anywhere that alters a status, a header or a byte
// of a body fails here. Both backends compare against the same files.
//
// Rewrite the files (only when a change of the API is intended):
//   UPDATE_GOLDEN=1 npx vitest run --project api-sqlite test/golden-responses.api.test.ts
// and, for the one PostgreSQL-only case (update_conflict), the same with --project
// api-postgres and TEST_DATABASE_URL set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.js';
import { createMemoryLimiters, type Limiters, type WindowName } from '../src/lib/limits.js';
import { idempotencyLockName } from '../src/idempotency/idempotency-key.js';
import { freePort } from './server-ready.js';
import { CUSTOMER, backend, seedOrder, seedProduct, seedStore, startTestApp, type Store } from './helpers.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

// Only what differs per run is masked, keeping its length (so content-length still holds):
// the 8-hex request id. The Date header is left out. In the RateLimit header the seconds to
// reset and the non-zero remaining counts depend on the clock and on how many requests ran
// before (the header tests pin them); the window names and a refusal's r=0 stay compared.
// Everything else is compared as sent.
const REQUEST_ID = /"request_id":"[0-9a-f]{8}"/g;
const MASKED_REQUEST_ID = '"request_id":"xxxxxxxx"';
const maskRateLimit = (value: string) => value.replace(/;r=[1-9][0-9]*/g, ';r=N').replace(/;t=[0-9]+/g, ';t=N');

function render(res: LightMyRequestResponse): string {
  const headers = Object.entries(res.headers)
    .filter(([name]) => name !== 'date')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)] as const)
    .map(([name, value]) => `${name}: ${name === 'ratelimit' ? maskRateLimit(value) : value}`);
  return `${res.statusCode} ${res.statusMessage}\n${headers.join('\n')}\n\n${res.body.replace(REQUEST_ID, MASKED_REQUEST_ID)}`;
}

/** Compares (or, with UPDATE_GOLDEN=1, writes) test/golden/<name>.http. */
function golden(name: string, res: LightMyRequestResponse): void {
  const file = path.join(GOLDEN_DIR, `${name}.http`);
  const actual = render(res);
  if (UPDATE) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, actual);
    return;
  }
  expect(fs.existsSync(file), `${file} is missing: record it with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual, name).toBe(fs.readFileSync(file, 'utf8'));
}

/** Memory limiters (roomy) with a switch per window that makes it refuse with a given Retry-After. */
function gatedLimiters(): { limiters: Limiters; refuse(name: WindowName, retryAfter: number): void; reset(): void } {
  const real = createMemoryLimiters(1000);
  const refused = new Map<WindowName, number>();
  const limiters = Object.fromEntries(
    (Object.keys(real) as WindowName[]).map((name) => [
      name,
      {
        consume: async (key: string) => {
          const retryAfter = refused.get(name);
          return retryAfter === undefined ? real[name].consume(key) : { ok: false as const, retryAfter, resetSec: retryAfter };
        },
      },
    ]),
  ) as Limiters;
  return { limiters, refuse: (name, retryAfter) => refused.set(name, retryAfter), reset: () => refused.clear() };
}

const HEX48 = '0123456789abcdef'.repeat(3);
const jsonHeaders = (key?: string, extra: Record<string, string> = {}) => ({
  ...(key === undefined ? {} : { 'x-api-key': key }),
  'content-type': 'application/json',
  ...extra,
});

/** The five operations, each as one valid request for the given key. */
interface Operation {
  name: string;
  request(key: string | undefined): InjectOptions;
}

describe('golden responses', () => {
  const gate = gatedLimiters();
  let t: App;
  let store: Store;
  let strict: Store; // a store with a fulfilment integration (closing_incomplete)
  let inactive: Store;
  let kaos: number; // two variations, compare prices, pixel, sale price
  let topi: number; // one variation
  let mug: number; // no variations
  let orders: Record<'pending' | 'closing' | 'paid' | 'shipped' | 'resi' | 'incomplete' | 'forConflict' | 'forProgress', number>;

  const send = (options: InjectOptions) => t.request(options);

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock(), limiters: gate.limiters });
    store = await seedStore(
      t.ctx,
      {
        all: { scopes: ['*'] },
        productsRead: { scopes: ['products:read'] },
        productsWrite: { scopes: ['products:write'] },
        ordersRead: { scopes: ['orders:read'] },
        ordersReadPii: { scopes: ['orders:read', 'customers:read'] },
        statusWrite: { scopes: ['orders.status:write'] },
        lookup: { scopes: ['customers:read'] },
        reservedOnly: { scopes: ['orders:write'] },
        revoked: { scopes: ['*'] },
        expired: { scopes: ['*'], expiresAt: t.clock.now() - 60_000 },
      },
      { name: 'Toko Berkah' },
    );
    strict = await seedStore(t.ctx, { statusWrite: { scopes: ['orders.status:write'] } }, { name: 'Toko Ketat', shippingIntegration: 'aggregator' });
    inactive = await seedStore(t.ctx, { all: { scopes: ['*'] } }, { name: 'Toko Tutup' });
    // Written directly, before any request uses them, so no cache can hold the old state.
    await t.ctx.db.updateTable('api_keys').set({ revoked_at: t.clock.now() - 1000 }).where('id', '=', store.keyIds.revoked!).execute();
    await t.ctx.db.updateTable('tenants').set({ active: 0 }).where('id', '=', inactive.tenantId).execute();

    kaos = (await seedProduct(t.ctx, store.tenantId, {
      name: 'Kaos Polos',
      price: 50000,
      sale_price: 75000,
      variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L', 'XL'] }],
      variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]],
      variant_compare_prices: [[70000, 0, 0], [0, 0, 80000]],
      variant_display: 'small',
      meta_pixel_id: '123456789012345',
      gtm_id: 'GTM-ABC1234',
    })).id;
    topi = (await seedProduct(t.ctx, store.tenantId, {
      name: 'Topi "Anak" <Ceria> & Ibu',
      price: 40000,
      variants: [{ dimension: 'Warna', options: ['Merah', 'Biru', 'Hijau'] }],
      variant_prices: [40000, 41000, 42000],
    })).id;
    mug = (await seedProduct(t.ctx, store.tenantId, { name: 'Mug Keramik', price: 35000 })).id;

    const order = async (input: Record<string, unknown>, target: Store = store) => {
      t.clock.advance(3_600_000);
      return (await seedOrder(t.ctx, target.tenantId, { product_id: input.product_id ?? kaos, variant: 'Hitam / L', ...input })).id;
    };
    const strictProduct = (await seedProduct(t.ctx, strict.tenantId, { name: 'Buku', price: 30000 })).id;
    orders = {
      pending: await order({ quantity: 2 }),
      closing: await order({ status: 'closing', product_id: mug, variant: '' }),
      paid: await order({ status: 'paid' }),
      shipped: await order({ status: 'shipped', product_id: topi, variant: 'Biru', resi: 'JNE0012345678' }),
      resi: await order({ status: 'completed', product_id: topi, variant: 'Merah', resi: 'JNE0099', customer: { ...CUSTOMER, email: '' } }),
      incomplete: await order({ product_id: strictProduct, variant: '', courier: '', customer: { ...CUSTOMER, address: '', postal_code: '' } }, strict),
      // Another buyer, so that what these two go through does not show in the lookup.
      forConflict: await order({ customer: { ...CUSTOMER, name: 'Budi', phone: '0857-1111-2222' } }),
      forProgress: await order({ customer: { ...CUSTOMER, name: 'Budi', phone: '0857-1111-2222' } }),
    };
    t.clock.advance(3_600_000);
  }, 60_000);
  afterAll(() => t.drop());

  const operations = (): Operation[] => [
    { name: 'embed', request: (key) => ({ method: 'GET', url: `/api/products.php?action=embed&id=${kaos}`, headers: key === undefined ? {} : { 'x-api-key': key } }) },
    {
      name: 'duplicate',
      request: (key) => ({ method: 'POST', url: `/api/products.php?action=duplicate&id=${kaos}`, headers: jsonHeaders(key), payload: '{"name":"Kaos Auth"}' }),
    },
    { name: 'get-order', request: (key) => ({ method: 'GET', url: `/api/order_status.php?id=${orders.pending}`, headers: key === undefined ? {} : { 'x-api-key': key } }) },
    {
      name: 'patch-order',
      request: (key) => ({ method: 'PATCH', url: '/api/order_status.php', headers: jsonHeaders(key), payload: `{"id":${orders.pending},"status":"pending"}` }),
    },
    { name: 'customer-lookup', request: (key) => ({ method: 'POST', url: '/api/customer_lookup.php', headers: jsonHeaders(key), payload: '{"phone":"081234567890"}' }) },
  ];

  it('authentication layer: every 401, 403 and 429 of SPEC on every operation', async () => {
    for (const op of operations()) {
      golden(`auth/${op.name}-401-key-required`, await send(op.request(undefined)));
      golden(`auth/${op.name}-401-empty-key`, await send(op.request('')));
      golden(`auth/${op.name}-401-malformed`, await send(op.request(`lpk_${HEX48.toUpperCase()}`)));
      golden(`auth/${op.name}-401-invalid`, await send(op.request(`lpk_${HEX48}`)));
      golden(`auth/${op.name}-401-revoked`, await send(op.request(store.keys.revoked!)));
      golden(`auth/${op.name}-401-expired`, await send(op.request(store.keys.expired!)));
      golden(`auth/${op.name}-403-tenant-inactive`, await send(op.request(inactive.keys.all!)));
      golden(`auth/${op.name}-403-missing-scope`, await send(op.request(store.keys.reservedOnly!)));
    }
    const [embed, duplicate, getOrder, patchOrder, lookup] = operations() as [Operation, Operation, Operation, Operation, Operation];
    const refused = async (name: string, op: Operation, window: WindowName, retryAfter: number) => {
      gate.refuse(window, retryAfter);
      try {
        golden(name, await send(op.request(store.keys.all!)));
      } finally {
        gate.reset();
      }
    };
    await refused('auth/embed-429-per-ip', embed, 'productsPerIp', 60);
    await refused('auth/duplicate-429-per-ip-blocked', duplicate, 'productsPerIp', 37);
    await refused('auth/get-order-429-per-key', getOrder, 'orderStatusPerKey', 60);
    await refused('auth/patch-order-429-per-key', patchOrder, 'orderStatusPerKey', 60);
    await refused('auth/customer-lookup-429-per-ip', lookup, 'lookupPerIp', 60);
    await refused('auth/customer-lookup-429-per-key-minute', lookup, 'lookupPerKeyMinute', 60);
    await refused('auth/customer-lookup-429-per-key-hour', lookup, 'lookupPerKeyHour', 3600);
    await refused('auth/customer-lookup-429-per-key-day', lookup, 'lookupPerKeyDay', 86400);
    await refused('auth/customer-lookup-429-per-key-and-ip', lookup, 'lookupPerKeyAndIp', 60);
  });

  it('products: embed', async () => {
    const get = (query: string, key = store.keys.all!) => send({ method: 'GET', url: `/api/products.php?${query}`, headers: { 'x-api-key': key } });
    golden('products/embed-200-matrix', await get(`action=embed&id=${kaos}`, store.keys.productsRead!));
    golden('products/embed-200-flat-list', await get(`action=embed&id=${topi}`));
    golden('products/embed-200-no-variations', await get(`action=embed&id=${mug}`));
    golden('products/embed-400-id-required-missing', await get('action=embed'));
    golden('products/embed-400-id-required-zero', await get('action=embed&id=0'));
    golden('products/embed-404-product-not-found', await get('action=embed&id=999999'));
    golden('products/embed-400-unknown-action', await get(`action=list%20all&id=${kaos}`));
    golden('products/embed-401-unknown-action-without-key', await send({ method: 'GET', url: '/api/products.php?action=list' }));
    golden('products/dashboard-401-login-required', await get(`id=${kaos}`));
    golden('products/dashboard-401-login-required-empty-action', await send({ method: 'DELETE', url: '/api/products.php?action=' }));
    golden('products/embed-405-wrong-method', await send({ method: 'POST', url: `/api/products.php?action=embed&id=${kaos}`, headers: jsonHeaders(store.keys.all!), payload: '{}' }));
    golden('products/embed-405-wrong-method-without-key', await send({ method: 'PUT', url: `/api/products.php?action=embed&id=${kaos}` }));
    golden('products/embed-405-head', await send({ method: 'HEAD', url: `/api/products.php?action=embed&id=${kaos}`, headers: { 'x-api-key': store.keys.all! } }));
  });

  it('products: duplicate', async () => {
    const post = (id: number | string, payload: string, key = store.keys.productsWrite!) =>
      send({ method: 'POST', url: `/api/products.php?action=duplicate&id=${id}`, headers: jsonHeaders(key), payload });
    golden('products/duplicate-201-matrix', await post(kaos, '{"name":"Kaos Lebaran"}'));
    golden('products/duplicate-201-slug-and-prices', await post(kaos, '{"name":"!!!","slug":"Promo Ramadhan!","variant_prices":[[1,2,3],[4,5,6]],"variant_compare_prices":[[0,0,0],[9,0,0]]}'));
    golden('products/duplicate-201-flat-list', await post(topi, '{"name":"Topi Murah","variant_prices":[1000,2000,3000]}'));
    golden('products/duplicate-201-no-variations', await post(mug, '{"name":"Mug Keramik"}'));
    golden('products/duplicate-400-id-required', await post('abc', '{"name":"X"}'));
    golden('products/duplicate-400-name-required', await post(kaos, '{"name":"   "}'));
    golden('products/duplicate-400-cannot-derive-slug', await post(kaos, '{"name":"!!!"}'));
    golden('products/duplicate-400-variant-prices-cell', await post(kaos, '{"name":"Kaos Sel","variant_prices":[[1,2,3],[4,0,6]]}'));
    golden('products/duplicate-400-variant-prices-shape', await post(kaos, '{"name":"Kaos Bentuk","variant_prices":[1,2,3,4,5,6]}'));
    golden('products/duplicate-400-variant-compare-prices-cell', await post(kaos, '{"name":"Kaos Coret","variant_compare_prices":[[0,0,0],[0,-1,0]]}'));
    golden('products/duplicate-400-variant-compare-prices-shape', await post(kaos, '{"name":"Kaos Coret","variant_compare_prices":[[0,0],[0,0]]}'));
    golden('products/duplicate-400-name-too-long', await post(kaos, JSON.stringify({ name: 'x'.repeat(201) })));
    golden('products/duplicate-201-long-slug-truncated', await post(kaos, JSON.stringify({ name: 'Kaos', slug: 's'.repeat(81) })));
    golden('products/duplicate-400-body-not-json', await post(kaos, '{"name":'));
    golden('products/duplicate-404-source-not-found', await post(999999, '{"name":"X"}'));
    golden('products/duplicate-405-wrong-method', await send({ method: 'GET', url: `/api/products.php?action=duplicate&id=${kaos}`, headers: { 'x-api-key': store.keys.all! } }));
  });

  it('order status: GET', async () => {
    const get = (id: number | string, key: string) => send({ method: 'GET', url: `/api/order_status.php?id=${id}`, headers: { 'x-api-key': key } });
    golden('orders/get-200-without-customer', await get(orders.pending, store.keys.ordersRead!));
    golden('orders/get-200-with-customer', await get(orders.pending, store.keys.ordersReadPii!));
    golden('orders/get-200-with-customer-star', await get(orders.shipped, store.keys.all!));
    golden('orders/get-200-resi-email-null', await get(orders.resi, store.keys.all!));
    golden('orders/get-400-invalid-request', await get('abc', store.keys.ordersRead!));
    golden('orders/get-404-order-not-found', await get(999999, store.keys.ordersRead!));
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'] as const) {
      golden(`orders/${method.toLowerCase()}-405-method-not-allowed`, await send({ method, url: '/api/order_status.php', headers: { 'x-api-key': store.keys.all! } }));
    }
  });

  it('order status: PATCH', async () => {
    const patch = (payload: string, idempotencyKey?: string, key = store.keys.statusWrite!) =>
      send({ method: 'PATCH', url: '/api/order_status.php', headers: jsonHeaders(key, idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }), payload });
    const body = (value: Record<string, unknown>) => JSON.stringify(value);

    golden('orders/patch-400-invalid-json', await patch('[1,2]'));
    golden('orders/patch-400-invalid-request', await patch(body({ id: 0, status: 'closing' })));
    golden('orders/patch-404-order-not-found', await patch(body({ id: 999999, status: 'closing' })));
    golden('orders/patch-409-status-conflict', await patch(body({ id: orders.pending, status: 'closing', expected_previous_status: 'closing' })));
    golden('orders/patch-409-order-terminal', await patch(body({ id: orders.paid, status: 'closing' })));
    golden('orders/patch-422-status-not-allowed', await patch(body({ id: orders.pending, status: 'paid' })));
    golden('orders/patch-422-expected-status-not-allowed', await patch(body({ id: orders.pending, status: 'closing', expected_previous_status: 'shipped' })));
    golden('orders/patch-422-external-reference-too-long', await patch(body({ id: orders.pending, status: 'closing', external_reference: 'r'.repeat(121) })));
    golden('orders/patch-422-closing-incomplete', await patch(body({ id: orders.incomplete, status: 'closing' }), undefined, strict.keys.statusWrite!));
    golden('orders/patch-422-idempotency-key-invalid', await patch(body({ id: orders.pending, status: 'closing' }), 'short'));

    const lock = idempotencyLockName(store.tenantId, store.keyIds.statusWrite!, 'golden-in-progress');
    expect(t.ctx.inFlight.tryAcquire(lock)).toBe(true);
    try {
      golden('orders/patch-409-request-in-progress', await patch(body({ id: orders.forProgress, status: 'closing' }), 'golden-in-progress'));
    } finally {
      t.ctx.inFlight.release(lock);
    }

    golden('orders/patch-200-changed', await patch(body({ id: orders.pending, status: 'closing', expected_previous_status: 'pending', external_reference: 'crm-ticket-981' }), 'crm-ticket-981-close'));
    t.clock.advance(5_000);
    const replay = await patch(body({ external_reference: 'crm-ticket-981', expected_previous_status: 'pending', status: 'closing', id: orders.pending }), 'crm-ticket-981-close');
    golden('orders/patch-200-replayed', replay);
    golden('orders/patch-422-idempotency-key-reused', await patch(body({ id: orders.pending, status: 'pending' }), 'crm-ticket-981-close'));
    golden('orders/patch-200-unchanged', await patch(body({ id: orders.closing, status: 'closing' })));
    golden('orders/patch-200-changed-back', await patch(body({ id: orders.pending, status: 'pending' }), undefined, store.keys.all!));
  });

  it.runIf(backend === 'postgres')('order status: PATCH 409 update_conflict (PostgreSQL only)', async () => {
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from orders where id = $1 for update', [orders.forConflict]);
      const pending = send({ method: 'PATCH', url: '/api/order_status.php', headers: jsonHeaders(store.keys.statusWrite!), payload: `{"id":${orders.forConflict},"status":"closing"}` });
      await new Promise((r) => setTimeout(r, 300)); // the PATCH has read 'pending' and waits on the row
      await other.query(`update orders set status = 'closing' where id = $1`, [orders.forConflict]);
      await other.query('commit');
      golden('orders/patch-409-update-conflict', await pending);
    } finally {
      await other.end();
    }
  });

  it('customer lookup', async () => {
    const post = (payload: string, key = store.keys.lookup!) => send({ method: 'POST', url: '/api/customer_lookup.php', headers: jsonHeaders(key), payload });
    golden('customers/lookup-200', await post('{"phone":"+62 812-3456-7890"}'));
    golden('customers/lookup-400-invalid-json', await post('"081234567890"'));
    golden('customers/lookup-400-invalid-json-no-content-type', await send({ method: 'POST', url: '/api/customer_lookup.php', headers: { 'x-api-key': store.keys.lookup! } }));
    golden('customers/lookup-400-phone-required', await post('{"telepon":"081234567890"}'));
    golden('customers/lookup-400-invalid-phone', await post('{"phone":"+60 12-345 6789"}'));
    golden('customers/lookup-404-customer-not-found', await post('{"phone":"0813-9999-0000"}'));
    golden('customers/lookup-403-missing-scope', await post('{"phone":"081234567890"}', store.keys.ordersRead!));
    for (const method of ['GET', 'PATCH', 'HEAD'] as const) {
      golden(`customers/${method.toLowerCase()}-405-method-not-allowed`, await send({ method, url: '/api/customer_lookup.php', headers: { 'x-api-key': store.keys.lookup! } }));
    }
  });
});

describe('golden responses: failures of the service', () => {
  it('413 body too large and 500 internal error, in each family', async () => {
    const t = await startTestApp({ clock: new ManualClock(), env: { BODY_LIMIT: '256' } });
    try {
      const store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
      const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 30000 });
      const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' });
      const headers = jsonHeaders(store.keys.all!);
      const big = JSON.stringify({ name: 'x'.repeat(300), id: order.id, status: 'closing', phone: '081234567890' });
      const requests = {
        embed: { method: 'GET', url: `/api/products.php?action=embed&id=${product.id}`, headers },
        duplicate: { method: 'POST', url: `/api/products.php?action=duplicate&id=${product.id}`, headers, payload: '{"name":"Kopi Dua"}' },
        'get-order': { method: 'GET', url: `/api/order_status.php?id=${order.id}`, headers },
        'patch-order': { method: 'PATCH', url: '/api/order_status.php', headers, payload: `{"id":${order.id},"status":"closing"}` },
        'customer-lookup': { method: 'POST', url: '/api/customer_lookup.php', headers, payload: '{"phone":"081234567890"}' },
      } satisfies Record<string, InjectOptions>;

      golden('failures/duplicate-413-body-too-large', await t.request({ ...requests.duplicate, payload: big }));
      golden('failures/patch-order-413-body-too-large', await t.request({ ...requests['patch-order'], payload: big }));
      golden('failures/customer-lookup-413-body-too-large', await t.request({ ...requests['customer-lookup'], payload: big }));

      // A missing table is a failure the handlers do not expect: each answers 500 in its family.
      await t.ctx.db.schema.alterTable('products').renameTo('products_gone').execute();
      golden('failures/embed-500-internal-error', await t.request(requests.embed));
      golden('failures/duplicate-500-internal-error', await t.request(requests.duplicate));
      await t.ctx.db.schema.alterTable('products_gone').renameTo('products').execute();
      await t.ctx.db.schema.alterTable('orders').renameTo('orders_gone').execute();
      golden('failures/get-order-500-internal-error', await t.request(requests['get-order']));
      golden('failures/patch-order-500-internal-error', await t.request(requests['patch-order']));
      golden('failures/customer-lookup-500-internal-error', await t.request(requests['customer-lookup']));
      await t.ctx.db.schema.alterTable('orders_gone').renameTo('orders').execute();
    } finally {
      await t.drop();
    }
  });

  it('503 when the rate-limit store does not answer, in each family', async () => {
    const closed = await freePort();
    const t = await startTestApp({ clock: new ManualClock(), env: { REDIS_URL: `redis://127.0.0.1:${closed}` } });
    try {
      const store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
      const headers = jsonHeaders(store.keys.all!);
      golden('failures/embed-503-unavailable', await t.request({ method: 'GET', url: '/api/products.php?action=embed&id=1', headers }));
      golden('failures/duplicate-503-unavailable', await t.request({ method: 'POST', url: '/api/products.php?action=duplicate&id=1', headers, payload: '{"name":"X"}' }));
      golden('failures/get-order-503-unavailable', await t.request({ method: 'GET', url: '/api/order_status.php?id=1', headers }));
      golden('failures/patch-order-503-unavailable', await t.request({ method: 'PATCH', url: '/api/order_status.php', headers, payload: '{"id":1,"status":"closing"}' }));
      golden('failures/customer-lookup-503-unavailable', await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers, payload: '{"phone":"081234567890"}' }));
    } finally {
      await t.drop();
    }
  }, 30_000);
});
