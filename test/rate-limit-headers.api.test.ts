// The IETF RateLimit fields on every endpoint and window (src/lib/http/rate-limit-headers.ts):
// RateLimit-Policy lists SPEC's windows with the quota after RATE_LIMIT_SCALE, RateLimit the
// windows the request consumed with the limiter's own remaining count, and a 429 shows the
// refusing window with r=0 while SPEC's Retry-After and body stay as they were.
// Runs with the backend's own limiter store (memory on SQLite, PostgreSQL on PostgreSQL) and,
// with TEST_REDIS_URL, with the Redis store.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiters, createMemoryLimiters, limiterFrom, type Limiters, type WindowName } from '../src/lib/limits.js';
import { openRedis, redisReady, type Redis } from '../src/lib/redis.js';
import { backend, seedOrder, seedProduct, seedStore, startTestApp, testRedisUrl, type Store } from './helpers.js';
import { deleteKeysByPrefix, uniqueRedisPrefix } from './redis-scratch.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

// Quotas at scale 0.1: products ip 6, order status 12, lookup ip 120, key 3 / 60 / 400, key+IP 12.
const SCALE = '0.1';
const TOO_MANY = { error: 'Terlalu banyak permintaan. Coba lagi nanti.' };
const PRODUCTS_POLICY = '"ip";q=6;w=60';
const ORDER_POLICY = '"key-minute";q=12;w=60';
const LOOKUP_POLICY = '"ip";q=120;w=60, "key-minute";q=3;w=60, "key-hour";q=60;w=3600, "key-day";q=400;w=86400, "key-ip";q=12;w=60';

/** The RateLimit items as [name, r, t]. */
function state(res: LightMyRequestResponse): Array<[string, number, number]> {
  const value = res.headers.ratelimit;
  if (value === undefined) return [];
  return String(value)
    .split(', ')
    .map((item) => {
      const match = /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(item);
      if (!match) throw new Error(`malformed RateLimit item: ${item}`);
      return [match[1]!, Number(match[2]), Number(match[3])];
    });
}

/** Names and remaining counts; the seconds checked to lie within the window. */
function remaining(res: LightMyRequestResponse, widths: Record<string, number>): Array<[string, number]> {
  return state(res).map(([name, r, t]) => {
    const width = widths[name]!;
    expect(t, `${name} t`).toBeGreaterThanOrEqual(width - 2);
    expect(t, `${name} t`).toBeLessThanOrEqual(width);
    return [name, r];
  });
}

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function headerSuite(label: string, makeLimiters: () => Limiters | undefined) {
  describe(`RateLimit headers (${label})`, () => {
    let t: App;
    let store: Store;
    let product: number;
    let order: number;

    beforeAll(async () => {
      t = await startTestApp({ env: { RATE_LIMIT_SCALE: SCALE }, limiters: makeLimiters() });
      store = await seedStore(t.ctx, {
        products: { scopes: ['products:read'] },
        orders: { scopes: ['orders:read', 'orders.status:write'] },
        orders2: { scopes: ['orders:read'] },
        lookup: { scopes: ['customers:read'] },
        lookup2: { scopes: ['customers:read'] },
        nolookup: { scopes: ['orders:read'] },
      });
      product = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 })).id;
      order = (await seedOrder(t.ctx, store.tenantId, { product_id: product })).id;
    });
    afterAll(() => t.drop());

    const send = (options: InjectOptions) => t.request(options);

    it('products: the IP window on every answer, counted down, and r=0 on the 429 with SPEC\'s Retry-After', async () => {
      const ip = freshIp();
      const embed = (key?: string) =>
        send({ method: 'GET', url: `/api/products.php?action=embed&id=${product}`, headers: key ? { 'x-api-key': key } : {}, remoteAddress: ip });
      const first = await embed(store.keys.products);
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-policy']).toBe(PRODUCTS_POLICY);
      expect(remaining(first, { ip: 60 })).toEqual([['ip', 5]]);
      // A 401 consumed the IP window too (it is checked first, with or without a key).
      const noKey = await embed();
      expect(noKey.statusCode).toBe(401);
      expect(noKey.headers['ratelimit-policy']).toBe(PRODUCTS_POLICY);
      expect(remaining(noKey, { ip: 60 })).toEqual([['ip', 4]]);
      for (let i = 0; i < 4; i++) await embed(store.keys.products);
      const refused = await embed(store.keys.products);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.headers['ratelimit-policy']).toBe(PRODUCTS_POLICY);
      expect(remaining(refused, { ip: 60 })).toEqual([['ip', 0]]);
      // Blocked: t is the block's remaining seconds, like Retry-After.
      const blocked = await embed(store.keys.products);
      expect(blocked.statusCode).toBe(429);
      expect(state(blocked)).toEqual([['ip', 0, Number(blocked.headers['retry-after'])]]);
    });

    it('order status: the key\'s window on GET and PATCH together; none consumed on a 401', async () => {
      const noKey = await send({ method: 'GET', url: `/api/order_status.php?id=${order}` });
      expect(noKey.statusCode).toBe(401);
      expect(noKey.headers['ratelimit-policy']).toBe(ORDER_POLICY);
      expect(noKey.headers.ratelimit).toBeUndefined();

      const get = () => send({ method: 'GET', url: `/api/order_status.php?id=${order}`, headers: { 'x-api-key': store.keys.orders! } });
      const read = await get();
      expect(read.statusCode).toBe(200);
      expect(read.headers['ratelimit-policy']).toBe(ORDER_POLICY);
      expect(remaining(read, { 'key-minute': 60 })).toEqual([['key-minute', 11]]);
      const patch = await send({
        method: 'PATCH',
        url: '/api/order_status.php',
        headers: { 'x-api-key': store.keys.orders!, 'content-type': 'application/json' },
        payload: { id: order, status: 'closing', expected_previous_status: 'pending' },
      });
      expect(patch.headers['ratelimit-policy']).toBe(ORDER_POLICY);
      expect(remaining(patch, { 'key-minute': 60 })).toEqual([['key-minute', 10]]);
      for (let i = 0; i < 10; i++) await get();
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(refused.headers['retry-after']).toBe('60');
      expect(remaining(refused, { 'key-minute': 60 })).toEqual([['key-minute', 0]]);
      // Another key counts on its own.
      const other = await send({ method: 'GET', url: `/api/order_status.php?id=${order}`, headers: { 'x-api-key': store.keys.orders2! } });
      expect(remaining(other, { 'key-minute': 60 })).toEqual([['key-minute', 11]]);
    });

    const LOOKUP_WIDTHS = { ip: 60, 'key-minute': 60, 'key-hour': 3600, 'key-day': 86400, 'key-ip': 60 };
    const lookup = (key: string | undefined, ip: string) =>
      send({
        method: 'POST',
        url: '/api/customer_lookup.php',
        headers: { ...(key ? { 'x-api-key': key } : {}), 'content-type': 'application/json' },
        payload: { phone: '081234567890' },
        remoteAddress: ip,
      });

    it('customer lookup: the IP window before the key, then the key\'s three windows and key+IP; never the brake', async () => {
      const ip = freshIp();
      const noKey = await lookup(undefined, ip);
      expect(noKey.statusCode).toBe(401);
      expect(noKey.headers['ratelimit-policy']).toBe(LOOKUP_POLICY);
      expect(remaining(noKey, LOOKUP_WIDTHS)).toEqual([['ip', 119]]);

      const found = await lookup(store.keys.lookup, ip);
      expect(found.headers['ratelimit-policy']).toBe(LOOKUP_POLICY);
      expect(remaining(found, LOOKUP_WIDTHS)).toEqual([
        ['ip', 118],
        ['key-minute', 2],
        ['key-hour', 59],
        ['key-day', 399],
        ['key-ip', 11],
      ]);
      // A key without the scope still consumed its windows (they come before the scope).
      const forbidden = await lookup(store.keys.nolookup, ip);
      expect(forbidden.statusCode).toBe(403);
      expect(state(forbidden).map(([name]) => name)).toEqual(['ip', 'key-minute', 'key-hour', 'key-day', 'key-ip']);

      await lookup(store.keys.lookup, ip);
      await lookup(store.keys.lookup, ip);
      const refused = await lookup(store.keys.lookup, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(refused.headers['retry-after']).toBe('60');
      // The minute window refused; the windows after it were not consumed.
      expect(remaining(refused, LOOKUP_WIDTHS)).toEqual([
        ['ip', 114],
        ['key-minute', 0],
      ]);
      expect(String(refused.headers['ratelimit-policy'])).not.toContain('brake');
    });

    it('customer lookup: a full IP window refuses before the key, with r=0 and nothing else', async () => {
      const ip = freshIp();
      // 120 at scale 0.1: use up the IP window without a key (each a 401, fast).
      for (let i = 0; i < 120; i++) await t.app.inject({ method: 'POST', url: '/api/customer_lookup.php', remoteAddress: ip });
      const refused = await lookup(store.keys.lookup2, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(remaining(refused, LOOKUP_WIDTHS)).toEqual([['ip', 0]]);
    });
  });
}

headerSuite(`${backend}, its own limiter store`, () => undefined);

// The hour, day and key+IP windows refuse after the minute window passed: each made the only
// tight one in turn (quota 1), so the 429 names it with r=0 and omits the windows after it.
describe('RateLimit headers: the refusing lookup window is the one with r=0', () => {
  const cases: Array<[WindowName, string, number, string[]]> = [
    ['lookupPerKeyHour', 'key-hour', 3600, ['ip', 'key-minute', 'key-hour']],
    ['lookupPerKeyDay', 'key-day', 86400, ['ip', 'key-minute', 'key-hour', 'key-day']],
    ['lookupPerKeyAndIp', 'key-ip', 60, ['ip', 'key-minute', 'key-hour', 'key-day', 'key-ip']],
  ];
  it.each(cases)('%s', async (window, name, width, names) => {
    const limiters = createMemoryLimiters(1000);
    limiters[window] = limiterFrom({ points: 1, durationSec: width }, new RateLimiterMemory({ points: 1, duration: width, keyPrefix: `tight-${window}` }));
    const t = await startTestApp({ limiters });
    try {
      const store = await seedStore(t.ctx, { lookup: { scopes: ['customers:read'] } });
      const post = () =>
        t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: { 'x-api-key': store.keys.lookup!, 'content-type': 'application/json' }, payload: { phone: '081234567890' } });
      expect((await post()).statusCode).toBe(404);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(width));
      const items = state(refused);
      expect(items.map(([n]) => n)).toEqual(names);
      expect(items.at(-1)).toEqual([name, 0, expect.any(Number)]);
      expect(items.at(-1)![2]).toBeGreaterThan(width - 3);
      expect(items.slice(0, -1).every(([, r]) => r > 0)).toBe(true);
    } finally {
      await t.drop();
    }
  });
});

describe.skipIf(!testRedisUrl)('RateLimit headers with the Redis store', () => {
  const prefix = uniqueRedisPrefix();
  let client: Redis;
  beforeAll(async () => {
    client = openRedis(testRedisUrl!, () => undefined);
    expect(await redisReady(client, 5_000)).toBe(true);
  });
  afterAll(async () => {
    client.disconnect();
    await deleteKeysByPrefix(testRedisUrl!, prefix);
  });
  headerSuite('Redis', () => createLimiters(Number(SCALE), { kind: 'redis', client, keyPrefix: `${prefix}${backend}:` }));
});
if (!testRedisUrl) console.warn('\n*** TEST_REDIS_URL is not set: the RateLimit header tests on the Redis store are SKIPPED. ***\n');
