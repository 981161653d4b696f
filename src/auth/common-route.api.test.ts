// One shared suite for every API-key endpoint (SPEC "Authentication" and the auth table of
// "Errors"): key presence and shape, unknown/revoked/expired keys, inactive tenants, scopes,
// tenant isolation and last_used_at. Each endpoint is one row of ENDPOINTS.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, json, seedOrder, seedProduct, startTestApp } from '../../test/helpers.js';
import { issueKey } from '../api-keys/issue-key.js';
import { revokeKey } from '../api-keys/revoke-key.js';
import { valueOf } from '../lib/outcome.js';
import { createTenant } from '../tenants/create-tenant.js';
import { setTenantActive } from '../tenants/set-tenant-active.js';
import { hashKey, keyMarker } from './api-key.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** The data an endpoint acts on inside one store. */
interface Target {
  tenantId: number;
  productId: number;
  orderId: number;
  phone: string;
}

interface Endpoint {
  name: string;
  scope: string;
  okStatus: number;
  /** The request; `query` is extra query-string text (already URL-encoded). */
  request(target: Target, headers: Record<string, string>, query?: string): InjectOptions;
  /** What a key of another store gets for this store's ids. */
  notFound(res: LightMyRequestResponse): void;
}

const REQUEST_ID = expect.stringMatching(/^[0-9a-f]{8}$/);
const withQuery = (path: string, query?: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);
const jsonBody = (value: unknown) => ({ 'content-type': 'application/json', payload: JSON.stringify(value) });

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/products.php?action=embed',
    scope: 'products:read',
    okStatus: 200,
    request: (target, headers, query) => ({ method: 'GET', url: withQuery(`/api/products.php?action=embed&id=${target.productId}`, query), headers }),
    notFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: 'Product not found' });
    },
  },
  {
    name: 'POST /api/products.php?action=duplicate',
    scope: 'products:write',
    okStatus: 201,
    request: (target, headers, query) => ({
      method: 'POST',
      url: withQuery(`/api/products.php?action=duplicate&id=${target.productId}`, query),
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ name: 'X' }),
    }),
    notFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: 'Source product not found' });
    },
  },
  {
    name: 'GET /api/order_status.php',
    scope: 'orders:read',
    okStatus: 200,
    request: (target, headers, query) => ({ method: 'GET', url: withQuery(`/api/order_status.php?id=${target.orderId}`, query), headers }),
    notFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: expect.any(String), code: 'order_not_found', request_id: REQUEST_ID });
    },
  },
  {
    name: 'PATCH /api/order_status.php',
    scope: 'orders.status:write',
    okStatus: 200,
    request: (target, headers, query) => {
      const body = jsonBody({ id: target.orderId, status: 'pending' });
      return { method: 'PATCH', url: withQuery('/api/order_status.php', query), headers: { 'content-type': body['content-type'], ...headers }, payload: body.payload };
    },
    notFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: expect.any(String), code: 'order_not_found', request_id: REQUEST_ID });
    },
  },
  {
    name: 'POST /api/customer_lookup.php',
    scope: 'customers:read',
    okStatus: 200,
    request: (target, headers, query) => {
      const body = jsonBody({ phone: target.phone });
      return { method: 'POST', url: withQuery('/api/customer_lookup.php', query), headers: { 'content-type': body['content-type'], ...headers }, payload: body.payload };
    },
    notFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: expect.any(String), code: 'customer_not_found', request_id: REQUEST_ID });
    },
  },
];

const ALL_ACTIVE = ['products:read', 'products:write', 'customers:read', 'orders:read', 'orders.status:write'];
const RESERVED = ['products:delete', 'orders:write', 'customers:write', 'team:read', 'team:write'];
const HEX48 = '0123456789abcdef'.repeat(3);

let t: App;
let storeA: Target;
let storeB: Target;
let storeC: Target; // toggled inactive
let keyCounter = 0;

async function makeStore(name: string, phone: string, orderStatus: string): Promise<Target> {
  const { id: tenantId } = valueOf(await createTenant(t.ctx.db, t.clock, { name }));
  const product = await seedProduct(t.ctx, tenantId, {
    name: `Kaos ${name}`,
    price: 50000,
    sale_price: 65000,
    variants: [{ dimension: 'Ukuran', options: ['M', 'L'] }],
    variant_prices: [50000, 55000],
  });
  const order = await seedOrder(t.ctx, tenantId, { product_id: product.id, variant: 'L', status: orderStatus, customer: { ...CUSTOMER, phone } });
  return { tenantId, productId: product.id, orderId: order.id, phone };
}

async function issue(tenantId: number, scopes: string[], expiresAt: number | null = null): Promise<{ key: string; id: number }> {
  const issued = await issueKey(t.ctx.db, t.clock, tenantId, { name: `connector-${++keyCounter}`, scopes, expiresAt });
  if (!issued.ok) throw new Error(issued.message);
  return { key: issued.value.key, id: issued.value.id };
}

/** A key row written directly, for scopes that issuance refuses (globs, near misses). */
async function insertRawKey(tenantId: number, scopes: string[]): Promise<string> {
  const key = `lpk_${randomHex48()}`;
  await t.ctx.db
    .insertInto('api_keys')
    .values({
      tenant_id: tenantId,
      key_hash: hashKey(key),
      marker: keyMarker(key),
      name: `raw-${++keyCounter}`,
      scopes: JSON.stringify(scopes),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
      created_at: t.clock.now(),
    })
    .execute();
  return key;
}

function randomHex48(): string {
  let out = '';
  for (let i = 0; i < 48; i++) out += '0123456789abcdef'[Math.floor(Math.random() * 16)];
  return out;
}

const lastUsed = async (keyId: number) =>
  (await t.ctx.db.selectFrom('api_keys').select('last_used_at').where('id', '=', keyId).executeTakeFirstOrThrow()).last_used_at;

function expectAuthError(res: LightMyRequestResponse, status: number, error: string): void {
  expect({ status: res.statusCode, body: json(res) }).toEqual({ status, body: { error } });
  expect(res.headers['content-type']).toContain('application/json');
}

beforeAll(async () => {
  t = await startTestApp();
  storeA = await makeStore('Toko A', '081234567890', 'pending');
  storeB = await makeStore('Toko B', '081298765432', 'closing');
  storeC = await makeStore('Toko C', '081311112222', 'pending');
});
afterAll(() => t.drop());

it('issuance refuses glob scopes, so a glob can only come from stored data', async () => {
  const issued = await issueKey(t.ctx.db, t.clock, storeA.tenantId, { name: 'globber', scopes: ['products:*'], expiresAt: null });
  expect(issued).toMatchObject({ ok: false, code: 'invalid_scope' });
});

describe.each(ENDPOINTS)('$name', (ep) => {
  const call = (target: Target, key: string | undefined, query?: string) =>
    t.request(ep.request(target, key === undefined ? {} : { 'x-api-key': key }, query));

  it(`works with a key holding exactly ${ep.scope}, and with *`, async () => {
    for (const scopes of [[ep.scope], ['*']]) {
      const { key } = await issue(storeA.tenantId, scopes);
      const res = await call(storeA, key);
      expect(res.statusCode, `${scopes.join(',')}: ${res.body}`).toBe(ep.okStatus);
    }
  });

  it('401 API key required when the header is missing, empty or blank', async () => {
    const results = await Promise.all([call(storeA, undefined), call(storeA, ''), call(storeA, '   ')]);
    for (const res of results) expectAuthError(res, 401, 'API key required (X-API-Key header)');
  });

  it('401 API key required when a valid key is only in the query string', async () => {
    const { key } = await issue(storeA.tenantId, ['*']);
    const results = await Promise.all(
      ['api_key', 'key', 'x-api-key', 'X-API-Key'].map((name) => call(storeA, undefined, `${name}=${key}`)),
    );
    for (const res of results) expectAuthError(res, 401, 'API key required (X-API-Key header)');
    // The same key in the header works: the refusal was about where it was sent.
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
  });

  it('401 Malformed API key for anything but lpk_ + 48 lowercase hex, before storage is read', async () => {
    const { key } = await issue(storeA.tenantId, ['*']);
    const hex = key.slice(4);
    const malformed = [
      `lpx_${hex}`,
      `LPK_${hex}`,
      `lpk-${hex}`,
      `lpk_${hex.toUpperCase()}`,
      `lpk_${hex.slice(0, 47)}`,
      `lpk_${hex}0`,
      `lpk_${'g'.repeat(48)}`,
      `Bearer ${key}`,
      hex,
    ];
    const results = await Promise.all(malformed.map((k) => call(storeA, k)));
    results.forEach((res) => expectAuthError(res, 401, 'Malformed API key'));

    // A stored row matching the hash of a malformed value is never consulted.
    const upper = `lpk_${randomHex48().toUpperCase().replace(/[0-9]/g, 'A')}`;
    await t.ctx.db
      .insertInto('api_keys')
      .values({
        tenant_id: storeA.tenantId, key_hash: hashKey(upper), marker: keyMarker(upper), name: `upper-${++keyCounter}`,
        scopes: JSON.stringify(['*']), expires_at: null, revoked_at: null, last_used_at: null, created_at: t.clock.now(),
      })
      .execute();
    expectAuthError(await call(storeA, upper), 401, 'Malformed API key');
  });

  it('401 Invalid API key for a well-formed unknown key', async () => {
    const results = await Promise.all([call(storeA, `lpk_${HEX48}`), call(storeA, `lpk_${randomHex48()}`)]);
    for (const res of results) expectAuthError(res, 401, 'Invalid API key');
  });

  it('401 API key revoked, from the very next request on', async () => {
    const { key, id } = await issue(storeA.tenantId, ['*']);
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    expect((await revokeKey(t.ctx.db, t.clock, storeA.tenantId, id)).ok).toBe(true);
    expectAuthError(await call(storeA, key), 401, 'API key revoked');
  });

  it('401 API key expired when the expiry date is in the past or is now', async () => {
    const past = await issue(storeA.tenantId, ['*'], t.clock.now() - 86_400_000);
    const now = await issue(storeA.tenantId, ['*'], t.clock.now());
    for (const { key } of [past, now]) expectAuthError(await call(storeA, key), 401, 'API key expired');
  });

  it('401 API key expired once the clock passes the expiry date', async () => {
    const { key } = await issue(storeA.tenantId, ['*'], t.clock.now() + 1000);
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    t.clock.advance(999);
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    t.clock.advance(1);
    expectAuthError(await call(storeA, key), 401, 'API key expired');
  });

  it('403 Tenant inactive while the store is inactive, working again after activation', async () => {
    const { key } = await issue(storeC.tenantId, ['*']);
    expect((await call(storeC, key)).statusCode).toBe(ep.okStatus);
    await setTenantActive(t.ctx.db, storeC.tenantId, false);
    try {
      expectAuthError(await call(storeC, key), 403, 'Tenant inactive');
    } finally {
      await setTenantActive(t.ctx.db, storeC.tenantId, true);
    }
    expect((await call(storeC, key)).statusCode).toBe(ep.okStatus);
  });

  it(`403 Missing scope: ${ep.scope} for every other active scope combined`, async () => {
    const { key } = await issue(storeA.tenantId, ALL_ACTIVE.filter((s) => s !== ep.scope));
    expectAuthError(await call(storeA, key), 403, `Missing scope: ${ep.scope}`);
  });

  it('reserved scopes grant nothing', async () => {
    const keys = await Promise.all([issue(storeA.tenantId, RESERVED), ...RESERVED.map((s) => issue(storeA.tenantId, [s]))]);
    const results = await Promise.all(keys.map(({ key }) => call(storeA, key)));
    for (const res of results) expectAuthError(res, 403, `Missing scope: ${ep.scope}`);
  });

  it('globs and near-miss spellings match nothing (exact string equality)', async () => {
    const key = await insertRawKey(storeA.tenantId, [
      'products:*', 'orders:*', 'orders.status:*', 'customers:*', '*:read', '*:write', '**', ' *', '* ',
      ep.scope.toUpperCase(), ` ${ep.scope}`, `${ep.scope} `,
    ]);
    expectAuthError(await call(storeA, key), 403, `Missing scope: ${ep.scope}`);
  });

  it("a key of store A gets 404 for store B's ids, and changes nothing there", async () => {
    const { key } = await issue(storeA.tenantId, ['*']);
    const productsBefore = await t.ctx.db.selectFrom('products').select(['id', 'tenant_id']).orderBy('id').execute();
    ep.notFound(await call(storeB, key));
    expect(await t.ctx.db.selectFrom('products').select(['id', 'tenant_id']).orderBy('id').execute()).toEqual(productsBefore);
    const orderB = await t.ctx.db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', storeB.orderId).executeTakeFirstOrThrow();
    expect(orderB.status).toBe('closing');
    // B's own key reaches the same ids.
    const { key: keyB } = await issue(storeB.tenantId, ['*']);
    expect((await call(storeB, keyB)).statusCode).toBe(ep.okStatus);
    // (The PATCH row just moved B's order to pending; put it back for the next rows.)
    await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('id', '=', storeB.orderId).execute();
  });

  it('sets last_used_at on use and does not rewrite it within a minute', async () => {
    const { key, id } = await issue(storeA.tenantId, [ep.scope]);
    expect(await lastUsed(id)).toBeNull();
    const first = t.clock.now();
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    expect(await lastUsed(id)).toBe(first);
    t.clock.advance(59_999);
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    expect(await lastUsed(id)).toBe(first);
    t.clock.advance(1);
    expect((await call(storeA, key)).statusCode).toBe(ep.okStatus);
    expect(await lastUsed(id)).toBe(first + 60_000);
  });
});

it('duplicate with a key of store A cannot copy a product of store B into either store', async () => {
  const { key } = await issue(storeA.tenantId, ['products:write', 'products:read']);
  const countOf = async (tenantId: number) =>
    (await t.ctx.db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).execute()).length;
  const before = [await countOf(storeA.tenantId), await countOf(storeB.tenantId)];
  const res = await t.request({
    method: 'POST',
    url: `/api/products.php?action=duplicate&id=${storeB.productId}`,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Curian', slug: 'curian' }),
  });
  expect(res.statusCode).toBe(404);
  expect(json(res)).toEqual({ error: 'Source product not found' });
  expect([await countOf(storeA.tenantId), await countOf(storeB.tenantId)]).toEqual(before);
  const stolen = await t.ctx.db.selectFrom('products').select('id').where('slug', '=', 'curian').execute();
  expect(stolen).toEqual([]);
});
