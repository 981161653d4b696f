// PostgreSQL unreachable: requests are refused with 503 in their endpoint's family, never 500
// and never half-written; when it is back, the same process serves again.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase, json, seedOrder, seedProduct, seedStore, startTestApp, testPostgresUrl, type Store } from './helpers.js';

describe.skipIf(backend !== 'postgres')('PostgreSQL down', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let store: Store;
  let orderIds: number[];
  let productId: number;
  let admin: pg.Client;
  const name = () => new URL(database.url).pathname.slice(1);

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    t = await startTestApp({ database });
    store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
    productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 30000 })).id;
    orderIds = [];
    for (let i = 0; i < 30; i++) orderIds.push((await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '' })).id);
    admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${name()} allow_connections true`);
    await admin.end();
    await t.close();
    await database.drop();
  });

  const headers = () => ({ 'x-api-key': store.keys.all!, 'content-type': 'application/json' });
  const cut = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name()]);

  it('refused: 503 in each family, /readyz names the database; back: served again', async () => {
    await admin.query(`alter database ${name()} allow_connections false`);
    await cut();

    const patch = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...headers(), 'idempotency-key': 'pg-down-0001' }, payload: { id: orderIds[0], status: 'closing' } });
    expect(patch.statusCode).toBe(503);
    expect(json(patch)).toEqual({ error: expect.any(String), code: 'service_unavailable', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
    const products = await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${productId}`, headers: headers() });
    expect(products.statusCode).toBe(503);
    expect(json(products)).toEqual({ error: 'Service unavailable' });
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(json(ready)).toEqual({ ok: false, database: 'down' });

    await admin.query(`alter database ${name()} allow_connections true`);
    const again = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...headers(), 'idempotency-key': 'pg-down-0001' }, payload: { id: orderIds[0], status: 'closing' } });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ changed: true, status: 'closing' });
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 30_000);

  it('connections cut in the middle of a burst of PATCHes: 200 or 503, never 500, no partial change; a retry with the key completes it once', async () => {
    const patch = (id: number, i: number) =>
      t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...headers(), 'idempotency-key': `pg-cut-${i}-xyz` }, payload: { id, status: 'closing' } });
    const targets = orderIds.slice(1);
    const burst = targets.map(patch);
    await new Promise((r) => setTimeout(r, 5));
    await cut();
    const results = await Promise.all(burst);
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 503), codes.join(',')).toBe(true);

    const state = async (id: number, i: number) => {
      const order = await t.ctx.db.selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', id).executeTakeFirstOrThrow();
      const count = async (table: 'order_history' | 'events') =>
        Number((await t.ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('tenant_id', '=', store.tenantId).where('order_id', '=', id).executeTakeFirstOrThrow()).n);
      const remembered = await t.ctx.db
        .selectFrom('idempotency_records')
        .select(sql<number>`count(*)`.as('n'))
        .where('tenant_id', '=', store.tenantId)
        .where('idempotency_key', '=', `pg-cut-${i}-xyz`)
        .executeTakeFirstOrThrow();
      return { status: order.status, history: await count('order_history'), events: await count('events'), remembered: Number(remembered.n) };
    };
    // The order's history starts with its `created` entry.
    const whole = { status: 'closing', history: 2, events: 1, remembered: 1 };
    const untouched = { status: 'pending', history: 1, events: 0, remembered: 0 };
    for (const [i, id] of targets.entries()) {
      const now = await state(id, i);
      // A change is whole (status, history, event, remembered response) or absent. A 503
      // may still follow a COMMIT whose answer was lost with the connection.
      if (results[i]!.statusCode === 200) expect(now).toEqual(whole);
      else expect([whole, untouched]).toContainEqual(now);
    }

    // The client's retry with the same Idempotency-Key finishes the job, exactly once.
    const retried = await Promise.all(targets.map((id, i) => (results[i]!.statusCode === 503 ? patch(id, i) : Promise.resolve(results[i]!))));
    expect(retried.map((r) => r.statusCode)).toEqual(targets.map(() => 200));
    for (const [i, id] of targets.entries()) expect(await state(id, i)).toEqual(whole);
  }, 30_000);
});
