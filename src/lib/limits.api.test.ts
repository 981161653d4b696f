// SPEC "Limits" at RATE_LIMIT_SCALE=1: the products path's per-IP window with its block, and
// the order status endpoint's per-key window. (Customer lookup windows: src/customers/.)
// rate-limiter-flexible's memory store reads Date.now(), so Date is faked and moved together
// with the app's ManualClock; no real waiting.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const TOO_MANY = { error: 'Terlalu banyak permintaan. Coba lagi nanti.' };

let t: App;
let store: Store;
let productId: number;
let orderId: number;
let ipCounter = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  store = await seedStore(t.ctx, {
    productsA: { scopes: ['products:read'] },
    productsB: { scopes: ['*'] },
    orders1: { scopes: ['orders:read', 'orders.status:write'] },
    orders2: { scopes: ['orders:read'] },
  });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 })).id;
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '' })).id;
});
afterAll(() => t.drop());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t.clock.now());
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the limiter's time (Date) and the app's clock together. */
function advance(ms: number): void {
  t.clock.advance(ms);
  vi.setSystemTime(t.clock.now());
}

/** A client address no other test has used. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function expectLimited(res: LightMyRequestResponse, retryAfter: number): void {
  expect(res.statusCode).toBe(429);
  expect(json(res)).toEqual(TOO_MANY);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
}

const all = (requests: InjectOptions[]) => Promise.all(requests.map((r) => t.request(r)));

describe('/api/products.php: 60 requests / 60 s per IP, then a 60 s block', () => {
  const embed = (ip: string, key?: string): InjectOptions => ({
    method: 'GET',
    url: `/api/products.php?action=embed&id=${productId}`,
    headers: key ? { 'x-api-key': key } : {},
    remoteAddress: ip,
  });
  const dashboard = (ip: string, method: 'GET' | 'POST' = 'GET'): InjectOptions => ({ method, url: '/api/products.php', remoteAddress: ip });

  /** 60 requests of every kind from one IP: keyless, bad key, dashboard, two different keys. */
  const mixedTraffic = (ip: string): InjectOptions[] => [
    ...Array.from({ length: 10 }, () => embed(ip)),
    ...Array.from({ length: 5 }, () => embed(ip, `lpk_${'0'.repeat(48)}`)),
    ...Array.from({ length: 10 }, () => dashboard(ip)),
    ...Array.from({ length: 5 }, () => dashboard(ip, 'POST')),
    ...Array.from({ length: 15 }, () => embed(ip, store.keys.productsA)),
    ...Array.from({ length: 15 }, () => embed(ip, store.keys.productsB)),
  ];

  it('counts all traffic from the IP; the 61st request gets 429 with Retry-After 60', async () => {
    const ip = freshIp();
    const first = await all(mixedTraffic(ip));
    expect(first).toHaveLength(60);
    expect(first.filter((r) => r.statusCode === 429)).toHaveLength(0);
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(30);

    expectLimited(await t.request(embed(ip, store.keys.productsA)), 60);
    // Blocked for every kind of request from that IP, whichever key it carries.
    for (const request of [embed(ip, store.keys.productsB), embed(ip), dashboard(ip)]) expectLimited(await t.request(request), 60);
    // Another IP is not affected, with the same keys.
    const elsewhere = freshIp();
    expect((await t.request(embed(elsewhere, store.keys.productsA))).statusCode).toBe(200);
    expect((await t.request(embed(elsewhere, store.keys.productsB))).statusCode).toBe(200);
  });

  it('exactly 60 pass even when they all arrive at once', async () => {
    const ip = freshIp();
    const results = await all(Array.from({ length: 61 }, () => embed(ip, store.keys.productsA)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
  });

  it('while blocked, Retry-After is the remaining block seconds; after the block requests pass again', async () => {
    const ip = freshIp();
    await all(Array.from({ length: 60 }, () => embed(ip, store.keys.productsA)));
    advance(10_000); // the 61st comes 10 s into the window: the block runs 60 s from here
    expectLimited(await t.request(embed(ip, store.keys.productsA)), 60);

    advance(25_000);
    expectLimited(await t.request(embed(ip, store.keys.productsA)), 35);
    advance(34_500);
    expectLimited(await t.request(dashboard(ip)), 1); // 0.5 s left, rounded up
    // Requests while blocked do not extend the block.
    advance(400);
    expectLimited(await t.request(embed(ip)), 1);
    advance(100); // 60 s after the 61st request

    // A new window with the full quota again.
    const again = await all(Array.from({ length: 60 }, () => embed(ip, store.keys.productsB)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    expectLimited(await t.request(embed(ip, store.keys.productsB)), 60);
  });

  it('a window that is not exceeded simply resets after 60 s', async () => {
    const ip = freshIp();
    await all(Array.from({ length: 59 }, () => embed(ip, store.keys.productsA)));
    advance(60_000);
    const next = await all(Array.from({ length: 60 }, () => embed(ip, store.keys.productsA)));
    expect(next.every((r) => r.statusCode === 200)).toBe(true);
  });
});

describe('/api/order_status.php: 120 requests / minute per API key', () => {
  const get = (key: string, ip: string): InjectOptions => ({
    method: 'GET',
    url: `/api/order_status.php?id=${orderId}`,
    headers: { 'x-api-key': key },
    remoteAddress: ip,
  });
  const patch = (key: string, ip: string): InjectOptions => ({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ id: orderId, status: 'pending' }),
    remoteAddress: ip,
  });

  it('GET and PATCH share the key\'s window from any IP; the 121st gets 429 with Retry-After 60', async () => {
    const ips = [freshIp(), freshIp(), freshIp()];
    const requests = Array.from({ length: 120 }, (_, i) => (i % 2 ? get : patch)(store.keys.orders1!, ips[i % 3]!));
    const results = await all(requests);
    expect(results.map((r) => r.statusCode)).toEqual(Array(120).fill(200));

    for (const request of [get(store.keys.orders1!, freshIp()), patch(store.keys.orders1!, ips[0]!)]) {
      const res = await t.request(request);
      expectLimited(res, 60);
      expect(res.json()).not.toHaveProperty('request_id');
    }
    // Another key of the same store, from the same IPs, is unaffected.
    expect((await t.request(get(store.keys.orders2!, ips[0]!))).statusCode).toBe(200);
    // The per-key window is not the products path's per-IP window.
    expect((await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${productId}`, headers: { 'x-api-key': store.keys.productsB! }, remoteAddress: ips[0] })).statusCode).toBe(200);

    // Retry-After stays the window width; the next minute starts afresh.
    advance(30_000);
    expectLimited(await t.request(get(store.keys.orders1!, ips[1]!)), 60);
    advance(30_000);
    const next = await all(Array.from({ length: 120 }, () => get(store.keys.orders1!, ips[2]!)));
    expect(next.map((r) => r.statusCode)).toEqual(Array(120).fill(200));
    expectLimited(await t.request(get(store.keys.orders1!, ips[2]!)), 60);
  });
});
