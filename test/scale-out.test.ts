// Three `lapak serve` processes on one PostgreSQL database and one Redis behave as one
// service: every window admits exactly its quota in total, one Idempotency-Key changes an
// order once, racing PATCHes never lose an event, a revocation made elsewhere is refused by
// all on the next request, and a process killed with SIGKILL mid-burst leaves nothing half
// done or stuck while the others keep answering. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.js';
import { cliHarness, type RunningCommand } from './cli-process.js';
import { TEST_SECRET_KEY, freshDatabase, seedOrder, seedProduct, seedStore, testPostgresUrl, testRedisUrl, type Store } from './helpers.js';
import { checkApiResponse } from './openapi-validator.js';
import { deleteKeysByPrefix, uniqueRedisPrefix } from './redis-scratch.js';

const PROCESSES = 3;

interface Answer {
  process: number;
  status: number | 'connection_error';
  headers: Headers | null;
  body: Record<string, any>;
}

describe.skipIf(!testPostgresUrl || !testRedisUrl)('three API processes on PostgreSQL and Redis', { timeout: 60_000 }, () => {
  const cli = cliHarness('lapak-scale-');
  const redisPrefix = uniqueRedisPrefix();
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let servers: RunningCommand[] = [];
  let store: Store;
  let other: Store;
  let productId: number;
  const db = () => database.handle.db;
  const ctx = () => ({ db: db(), clock: systemClock });

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    store = await seedStore(ctx(), {
      reader: { scopes: ['orders:read'] },
      products: { scopes: ['products:read'] },
      lookup: { scopes: ['customers:read'] },
      idempotent: { scopes: ['orders.status:write'] },
      racer: { scopes: ['orders.status:write'] },
      revoked: { scopes: ['orders:read'] },
      // The fault burst is sent twice with the same keys: four keys keep it under 120 a minute each.
      fault0: { scopes: ['orders.status:write'] },
      fault1: { scopes: ['orders.status:write'] },
      fault2: { scopes: ['orders.status:write'] },
      fault3: { scopes: ['orders.status:write'] },
    });
    other = await seedStore(ctx(), { reader: { scopes: ['orders:read'] } }, { name: 'Toko Lain' });
    productId = (await seedProduct(ctx(), store.tenantId, { name: 'Kopi', price: 30000 })).id;
    const env = {
      DATABASE_URL: database.url,
      LAPAK_SECRET_KEY: TEST_SECRET_KEY,
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: redisPrefix,
      // The test is the proxy: X-Forwarded-For from 127.0.0.1 names the client.
      TRUST_PROXY: '127.0.0.1',
      WEBHOOK_DISPATCHER: 'off',
    };
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => cli.start('unused.db', 'serve', env)));
    // A fresh migrated database and three processes started: seconds alone, more beside a busy suite.
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    await deleteKeysByPrefix(testRedisUrl!, redisPrefix);
    cli.cleanup();
  }, 60_000);

  async function call(process: number, method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
    let answer: { res: Response; text: string; body: Answer['body'] };
    try {
      const res = await fetch(`http://127.0.0.1:${servers[process]!.port}${path}`, {
        method,
        headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      answer = { res, text, body: JSON.parse(text) as Answer['body'] };
    } catch {
      return { process, status: 'connection_error', headers: null, body: {} };
    }
    // An /api/ answer must be one that openapi/lapak.json describes.
    checkApiResponse({ method, url: path }, { statusCode: answer.res.status, headers: Object.fromEntries(answer.res.headers), body: answer.text });
    return { process, status: answer.res.status, headers: answer.res.headers, body: answer.body };
  }

  /** Runs the calls with at most `limit` in flight, in order of the list. */
  async function pool<T>(tasks: Array<() => Promise<T>>, limit: number, onDone?: (done: number) => void): Promise<T[]> {
    const results: T[] = new Array(tasks.length);
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: limit }, async () => {
        while (next < tasks.length) {
          const i = next++;
          results[i] = await tasks[i]!();
          onDone?.(++done);
        }
      }),
    );
    return results;
  }

  const count = (answers: Answer[], status: Answer['status']) => answers.filter((a) => a.status === status).length;
  const newOrders = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await seedOrder(ctx(), store.tenantId, { product_id: productId, variant: '' })).id);
    return ids;
  };

  describe('each SPEC window admits exactly its quota in total, whichever process answers', () => {
    it('order status: 120 a minute per key', async () => {
      const [orderId] = await newOrders(1);
      const answers = await pool(
        Array.from({ length: 150 }, (_, i) => () => call(i % PROCESSES, 'GET', `/api/order_status.php?id=${orderId}`, { headers: { 'x-api-key': store.keys.reader! } })),
        30,
      );
      expect(count(answers, 200)).toBe(120);
      expect(count(answers, 429)).toBe(30);
      for (const a of answers.filter((x) => x.status === 429)) expect(a.headers!.get('retry-after')).toBe('60');
      // Every process took part in both outcomes.
      for (let p = 0; p < PROCESSES; p++) expect(answers.some((a) => a.process === p && a.status === 429)).toBe(true);
    });

    it('products path: 60 per IP, then the IP is blocked on every process', async () => {
      const from = (ip: string) => ({ 'x-api-key': store.keys.products!, 'x-forwarded-for': ip });
      const path = `/api/products.php?action=embed&id=${productId}`;
      const answers = await pool(Array.from({ length: 70 }, (_, i) => () => call(i % PROCESSES, 'GET', path, { headers: from('203.0.113.50') })), 30);
      expect(count(answers, 200)).toBe(60);
      expect(count(answers, 429)).toBe(10);
      for (let p = 0; p < PROCESSES; p++) {
        const blocked = await call(p, 'GET', path, { headers: from('203.0.113.50') });
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers!.get('retry-after'))).toBeGreaterThanOrEqual(50);
        expect((await call(p, 'GET', path, { headers: from(`203.0.113.${60 + p}`) })).status).toBe(200);
      }
    });

    it('customer lookup: 1,200 a minute per IP, counted before the key is read', async () => {
      const answers = await pool(
        Array.from({ length: 1210 }, (_, i) => () => call(i % PROCESSES, 'POST', '/api/customer_lookup.php', { headers: { 'x-forwarded-for': '198.51.100.77' }, body: {} })),
        60,
      );
      expect(count(answers, 401)).toBe(1200);
      expect(count(answers, 429)).toBe(10);
    });

    it('customer lookup: 30 a minute per key', async () => {
      const answers = await pool(
        Array.from({ length: 40 }, (_, i) => () =>
          call(i % PROCESSES, 'POST', '/api/customer_lookup.php', { headers: { 'x-api-key': store.keys.lookup!, 'x-forwarded-for': '198.51.100.78' }, body: { phone: '081255550000' } }),
        ),
        40,
      );
      expect(count(answers, 404)).toBe(30); // customer_not_found: admitted and looked up
      expect(count(answers, 429)).toBe(10);
    });
  });

  it('one Idempotency-Key sent to all three processes at once changes the order once', async () => {
    const orderIds = await newOrders(10);
    const tasks = orderIds.flatMap((id) =>
      Array.from({ length: 6 }, (_, i) => () =>
        call(i % PROCESSES, 'PATCH', '/api/order_status.php', {
          headers: { 'x-api-key': store.keys.idempotent!, 'idempotency-key': `same-key-${id}` },
          body: { id, status: 'closing', external_reference: `ref-${id}` },
        }),
      ),
    );
    const answers = await pool(tasks, 60);
    for (const [n, id] of orderIds.entries()) {
      const mine = answers.slice(n * 6, n * 6 + 6);
      const fresh = mine.filter((a) => a.status === 200 && a.headers!.get('idempotency-replayed') !== 'true');
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.body).toMatchObject({ order_id: id, changed: true, status: 'closing' });
      for (const a of mine.filter((x) => x !== fresh[0])) {
        if (a.status === 200) expect(a.body).toEqual(fresh[0]!.body); // the replay: same request_id and updated_at
        else expect([a.status, a.body.code]).toEqual([409, 'request_in_progress']);
      }
      const history = await db().selectFrom('order_history').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).where('field', '=', 'status').execute();
      const events = await db().selectFrom('events').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute();
      expect([history.length, events.length]).toEqual([1, 1]);
    }
  });

  /** Every change of the order has its history entry and its event, in one unbroken chain. */
  async function expectConsistent(orderId: number): Promise<number> {
    const order = await db().selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', orderId).executeTakeFirstOrThrow();
    const history = await db().selectFrom('order_history').select(['old_value', 'new_value']).where('tenant_id', '=', store.tenantId).where('order_id', '=', orderId).where('field', '=', 'status').orderBy('id').execute();
    const events = await db().selectFrom('events').select('payload').where('tenant_id', '=', store.tenantId).where('order_id', '=', orderId).orderBy('id').execute();
    expect(events.length).toBe(history.length);
    let status = 'pending';
    for (const [i, entry] of history.entries()) {
      expect(entry.old_value).toBe(status);
      const payload = JSON.parse(events[i]!.payload) as { previous_status: string; status: string };
      expect([payload.previous_status, payload.status]).toEqual([entry.old_value, entry.new_value]);
      status = entry.new_value!;
    }
    expect(order.status).toBe(status);
    return history.length;
  }

  it('racing PATCHes without a key: every change has its event and history entry; update_conflict for the losers', async () => {
    const orderIds = await newOrders(3);
    const tasks = orderIds.flatMap((id) =>
      Array.from({ length: 30 }, (_, i) => () =>
        call(i % PROCESSES, 'PATCH', '/api/order_status.php', { headers: { 'x-api-key': store.keys.racer! }, body: { id, status: i % 2 ? 'pending' : 'closing' } }),
      ),
    );
    const answers = await pool(tasks, 45);
    for (const a of answers) {
      if (a.status !== 200) expect([a.status, a.body.code]).toEqual([409, 'update_conflict']);
    }
    for (const [n, id] of orderIds.entries()) {
      const changes = answers.slice(n * 30, n * 30 + 30).filter((a) => a.status === 200 && a.body.changed === true).length;
      expect(await expectConsistent(id)).toBe(changes);
    }
  });

  it('a key revoked and a store deactivated elsewhere are refused by every process on the next request', async () => {
    const [orderId] = await newOrders(1);
    const [otherOrder] = [(await seedOrder(ctx(), other.tenantId, { product_id: (await seedProduct(ctx(), other.tenantId, { name: 'Teh', price: 5000 })).id, variant: '' })).id];
    for (let p = 0; p < PROCESSES; p++) {
      expect((await call(p, 'GET', `/api/order_status.php?id=${orderId}`, { headers: { 'x-api-key': store.keys.revoked! } })).status).toBe(200);
      expect((await call(p, 'GET', `/api/order_status.php?id=${otherOrder}`, { headers: { 'x-api-key': other.keys.reader! } })).status).toBe(200);
    }
    const pgEnv = { env: { DATABASE_URL: database.url } };
    expect(cli.lapak('unused.db', ['key', 'revoke', String(store.keyIds.revoked)], pgEnv).code).toBe(0);
    expect(cli.lapak('unused.db', ['tenant', 'deactivate', String(other.tenantId)], pgEnv).code).toBe(0);
    for (let p = 0; p < PROCESSES; p++) {
      const revoked = await call(p, 'GET', `/api/order_status.php?id=${orderId}`, { headers: { 'x-api-key': store.keys.revoked! } });
      expect([revoked.status, revoked.body]).toEqual([401, { error: 'API key revoked' }]);
      const inactive = await call(p, 'GET', `/api/order_status.php?id=${otherOrder}`, { headers: { 'x-api-key': other.keys.reader! } });
      expect([inactive.status, inactive.body]).toEqual([403, { error: 'Tenant inactive' }]);
    }
  });

  // Last: it kills a process.
  it('kill -9 of one process mid-burst: nothing half done, no Idempotency-Key stuck, the others kept answering', async () => {
    const orderIds = await newOrders(40);
    const victim = 1;
    const request = (i: number) => ({
      headers: { 'x-api-key': store.keys[`fault${i % 4}`]!, 'idempotency-key': `fault-burst-${i}` },
      body: { id: orderIds[i % orderIds.length]!, status: Math.floor(i / orderIds.length) % 2 ? 'pending' : 'closing' },
    });
    const N = 150;
    let killed = false;
    const answers = await pool(
      Array.from({ length: N }, (_, i) => () => call(i % PROCESSES, 'PATCH', '/api/order_status.php', request(i))),
      15,
      (done) => {
        if (done === 40 && !killed) {
          killed = true;
          process.kill(servers[victim]!.pid, 'SIGKILL');
        }
      },
    );
    expect(await servers[victim]!.exited).toBe(null);
    expect(answers.filter((a) => a.process === victim && a.status === 'connection_error').length).toBeGreaterThan(0);
    // The survivors answered every request sent to them, with no service error.
    for (const a of answers.filter((x) => x.process !== victim)) {
      expect(a.status === 200 || (a.status === 409 && a.body.code === 'update_conflict'), JSON.stringify(a)).toBe(true);
    }

    // Nothing half done: every change has one event and one history entry, and one remembered response.
    const changesBy = async (id: number) => {
      const remembered = await db()
        .selectFrom('idempotency_records')
        .select('response_body')
        .where('tenant_id', '=', store.tenantId)
        .where('idempotency_key', 'like', 'fault-burst-%')
        .execute();
      return remembered.map((r) => JSON.parse(r.response_body) as { order_id: number; changed: boolean }).filter((r) => r.order_id === id && r.changed).length;
    };
    for (const id of orderIds) expect(await expectConsistent(id)).toBe(await changesBy(id));

    // No key is stuck: every request, sent again with its key to a survivor, is answered
    // (a replay when it had committed, else evaluated afresh), never request_in_progress.
    const again = await pool(
      Array.from({ length: N }, (_, i) => () => call(i % 2 === 0 ? 0 : 2, 'PATCH', '/api/order_status.php', request(i))),
      15,
    );
    for (const [i, a] of again.entries()) {
      expect(a.status === 200 || (a.status === 409 && a.body.code === 'update_conflict'), JSON.stringify(a)).toBe(true);
      if (answers[i]!.status === 200) {
        expect(a.headers!.get('idempotency-replayed')).toBe('true');
        expect(a.body).toEqual(answers[i]!.body);
      }
    }
    for (const id of orderIds) expect(await expectConsistent(id)).toBe(await changesBy(id));
    const inFlightRecords = await db().selectFrom('idempotency_records').select(sql<number>`count(*)`.as('n')).where('response_status', '<>', 200).executeTakeFirstOrThrow();
    expect(Number(inFlightRecords.n)).toBe(0);
  });
});
