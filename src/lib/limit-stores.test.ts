// The shared stores make every SPEC window global: two limiter sets on one Redis or one
// PostgreSQL database (as two API processes would have) admit exactly the quota in total,
// at the real quotas. A store that does not answer refuses (ServiceUnavailable), fast.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testPostgresUrl, testRedisUrl } from '../../test/helpers.js';
import { deleteKeysByPrefix, uniqueRedisPrefix } from '../../test/redis-scratch.js';
import { freePort } from '../../test/server-ready.js';
import { createLimiters, WINDOWS, type Limiters, type WindowName } from './limits.js';
import { openRedis, redisReady, type Redis } from './redis.js';
import { ServiceUnavailable } from './unavailable.js';

type Pair = { a: Limiters; b: Limiters };

/** Consumes quota + extra on one key, alternating between the two sets, many at once. */
async function admitted(pair: Pair, name: WindowName, key: string, total: number): Promise<{ passed: number; retryAfter: Set<number> }> {
  const retryAfter = new Set<number>();
  let passed = 0;
  const CONCURRENCY = 25;
  for (let start = 0; start < total; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, total - start) }, (_, i) => ((start + i) % 2 ? pair.a : pair.b)[name].consume(key));
    for (const result of await Promise.all(batch)) {
      if (result.ok) passed++;
      else retryAfter.add(result.retryAfter);
    }
  }
  return { passed, retryAfter };
}

function windowSuite(label: string, makePair: () => Pair) {
  describe(`${label}: every window is global`, () => {
    it.each(Object.entries(WINDOWS) as Array<[WindowName, (typeof WINDOWS)[WindowName]]>)(
      '%s admits exactly its quota over two processes',
      async (name, rule) => {
        const pair = makePair();
        const { passed, retryAfter } = await admitted(pair, name, `k-${name}`, rule.points + 6);
        expect(passed).toBe(rule.points);
        expect([...retryAfter]).toEqual([rule.durationSec]);
        // Another key has its own window.
        expect((await pair.b[name].consume(`other-${name}`)).ok).toBe(true);
      },
      30_000,
    );

    it('the products block set by one process holds in the other, with the remaining seconds', async () => {
      const pair = makePair();
      await admitted(pair, 'productsPerIp', '203.0.113.9', 61);
      const blocked = await pair.b.productsPerIp.consume('203.0.113.9');
      expect(blocked.ok).toBe(false);
      if (!blocked.ok) expect(blocked.retryAfter).toBeGreaterThanOrEqual(59);
      expect((await pair.a.productsPerIp.consume('203.0.113.9')).ok).toBe(false);
    });

    it('a point given back by one process is there for the other (a right password costs no guess)', async () => {
      const pair = makePair();
      const key = 'rina@example.test|203.0.113.10';
      await admitted(pair, 'loginFailuresPerEmailAndIp', key, 10);
      await pair.a.loginFailuresPerEmailAndIp.refund(key);
      expect(await pair.b.loginFailuresPerEmailAndIp.consume(key)).toMatchObject({ ok: true, remaining: 0 });
      expect((await pair.b.loginFailuresPerEmailAndIp.consume(key)).ok).toBe(false);
    });
  });
}

describe.skipIf(!testRedisUrl)('Redis store', () => {
  const prefix = uniqueRedisPrefix();
  const clients: Redis[] = [];
  const client = (url = testRedisUrl!) => {
    const c = openRedis(url, () => undefined);
    clients.push(c);
    return c;
  };
  let shared: { a: Redis; b: Redis };
  beforeAll(async () => {
    shared = { a: client(), b: client() };
    expect(await redisReady(shared.a, 5_000)).toBe(true);
    expect(await redisReady(shared.b, 5_000)).toBe(true);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await deleteKeysByPrefix(testRedisUrl!, prefix);
  });
  let run = 0;
  // Each test gets fresh windows: its own prefix under the run's prefix.
  windowSuite('Redis', () => {
    const keyPrefix = `${prefix}${++run}:`;
    return { a: createLimiters(1, { kind: 'redis', client: shared.a, keyPrefix }), b: createLimiters(1, { kind: 'redis', client: shared.b, keyPrefix }) };
  });

  it('Redis down: consume refuses with ServiceUnavailable at once, never passes uncounted', async () => {
    const closed = await freePort();
    const limiters = createLimiters(1, { kind: 'redis', client: client(`redis://127.0.0.1:${closed}`), keyPrefix: prefix });
    const started = Date.now();
    const thrown = await limiters.orderStatusPerKey.consume('1').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ServiceUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe.skipIf(!testPostgresUrl)('PostgreSQL store', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  // Two pools, one per "process", shared by every test: a pair of pools per test held
  // 10 connections per window until the end and ran the server out of connections once the
  // dashboard's windows were added.
  let pools: [pg.Pool, pg.Pool] | undefined;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all((pools ?? []).map((p) => p.end()));
    await database.drop();
  });
  const processPools = () => (pools ??= [new pg.Pool({ connectionString: database.url, max: 5 }), new pg.Pool({ connectionString: database.url, max: 5 })]);
  // Every test uses keys of its own, so the windows start empty.
  windowSuite('PostgreSQL', () => {
    const [a, b] = processPools();
    return { a: createLimiters(1, { kind: 'postgres', pool: a }), b: createLimiters(1, { kind: 'postgres', pool: b }) };
  });
});
