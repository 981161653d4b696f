import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backend, seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { runWorker } from '../jobs/runner.js';
import { ManualClock } from '../lib/clock.js';
import { RATE_LIMIT_TABLE } from '../lib/db/migrations/004-rate-limits.js';
import { HOUSEKEEPING_INTERVAL_MS, housekeepingWorker, ORDER_CHANGES_RETENTION_MS, purgeExpired, WEBHOOK_LOG_RETENTION_MS } from './housekeeping.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

it('purges expired idempotency records and old counters, keeping live ones', async () => {
  const store = await seedStore(t.ctx, { k: { scopes: ['*'] } });
  const now = t.clock.now();
  const record = (key: string, expiresAt: number) => ({
    tenant_id: store.tenantId, api_key_id: store.keyIds.k!, idempotency_key: key, request_hash: 'h',
    response_status: 200, response_body: '{}', created_at: now, expires_at: expiresAt,
  });
  await t.ctx.db.insertInto('idempotency_records').values([record('expired-1', now - 1), record('live-key-1', now + 1000)]).execute();
  await t.ctx.db.insertInto('lookup_brake').values([
    { tenant_id: store.tenantId, api_key_id: store.keyIds.k!, window_start: now - 10 * 60_000, count: 3 },
    { tenant_id: store.tenantId, api_key_id: store.keyIds.k!, window_start: now, count: 1 },
  ]).execute();
  await t.ctx.db.insertInto('event_hour_slots').values([
    { tenant_id: store.tenantId, hour_start: now - 5 * 3_600_000, slot: 0, count: 9 },
    { tenant_id: store.tenantId, hour_start: now, slot: 0, count: 1 },
  ]).execute();
  const endpoint = await t.ctx.db
    .insertInto('webhook_endpoints')
    .values({ tenant_id: store.tenantId, url: 'https://hooks.example.com/h', secret: 'whsec_x', description: '', enabled: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('webhook_test_sends').values([
    { tenant_id: store.tenantId, endpoint_id: endpoint.id, hour_start: now - 2 * 3_600_000, count: 10 },
    { tenant_id: store.tenantId, endpoint_id: endpoint.id, hour_start: now, count: 1 },
  ]).execute();

  expect(await purgeExpired(t.ctx.db, now)).toEqual({ idempotency: 1, brake: 1, hourly: 1, webhookDeliveries: 0, rateLimits: 0, webhookTests: 1, orderChanges: 0, liveWatches: 0 });
  expect(await t.ctx.db.selectFrom('webhook_test_sends').select('hour_start').where('tenant_id', '=', store.tenantId).execute()).toEqual([{ hour_start: now }]);
  const keys = await t.ctx.db.selectFrom('idempotency_records').select('idempotency_key').where('tenant_id', '=', store.tenantId).execute();
  expect(keys.map((k) => k.idempotency_key)).toEqual(['live-key-1']);
});

it('purges finished webhook deliveries and their attempts after 30 days, keeping pending and recent ones', async () => {
  const store = await seedStore(t.ctx, { k: { scopes: ['*'] } });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Madu', price: 50000 });
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id });
  const now = t.clock.now();
  const old = now - WEBHOOK_LOG_RETENTION_MS - 1;
  const tenant_id = store.tenantId;
  const endpoint = await t.ctx.db
    .insertInto('webhook_endpoints')
    .values({ tenant_id, url: 'https://crm.example/hook', secret: 'whsec_x', description: '', enabled: 1, created_at: old })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = async (status: 'pending' | 'delivered' | 'failed' | 'cancelled', updatedAt: number) => {
    const event = await t.ctx.db
      .insertInto('events')
      .values({ tenant_id, order_id: order.id, type: 'order.status_changed', payload: '{}', created_at: old, fanned_out_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.ctx.db
      .insertInto('webhook_deliveries')
      .values({ tenant_id, event_id: event.id, endpoint_id: endpoint.id, order_id: order.id, status, attempts: 1, next_attempt_at: old, created_at: old, updated_at: updatedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('webhook_attempts')
      .values({ tenant_id, delivery_id: row.id, attempted_at: updatedAt, status_code: 200, latency_ms: 5, response_snippet: '' })
      .execute();
    return row.id;
  };
  const oldDelivered = await delivery('delivered', old);
  const oldFailed = await delivery('failed', old);
  const oldCancelled = await delivery('cancelled', old);
  const oldPending = await delivery('pending', old);
  const recentDelivered = await delivery('delivered', now - 1000);

  const purged = await purgeExpired(t.ctx.db, now);
  expect(purged.webhookDeliveries).toBe(3);
  const left = await t.ctx.db.selectFrom('webhook_deliveries').select('id').where('tenant_id', '=', tenant_id).orderBy('id').execute();
  expect(left.map((r) => r.id)).toEqual([oldPending, recentDelivered]);
  const attempts = await t.ctx.db.selectFrom('webhook_attempts').select('delivery_id').where('tenant_id', '=', tenant_id).orderBy('delivery_id').execute();
  expect(attempts.map((r) => r.delivery_id)).toEqual([oldPending, recentDelivered]);
  for (const id of [oldDelivered, oldFailed, oldCancelled]) expect(left.map((r) => r.id)).not.toContain(id);
});

it.skipIf(backend !== 'sqlite')("purges the live list's change log after its retention, in batches, always keeping the newest row", async () => {
  const store = await seedStore(t.ctx, { k: { scopes: ['*'] } });
  const now = Date.now();
  await t.ctx.db.deleteFrom('order_changes').execute();
  const change = (createdAt: number) => ({ tenant_id: store.tenantId, order_id: 1, status: 'pending', assigned_user_id: null, previous_assigned_user_id: null, created_at: createdAt });
  const old = now - ORDER_CHANGES_RETENTION_MS - 1;
  // More old rows than one batch of the purge (5,000), then a recent one.
  for (const n of [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1]) await t.ctx.db.insertInto('order_changes').values(Array.from({ length: n }, () => change(old))).execute();
  const recent = (await t.ctx.db.insertInto('order_changes').values(change(now - 1000)).returning('id').executeTakeFirstOrThrow()).id;
  expect((await purgeExpired(t.ctx.db, now)).orderChanges).toBe(6_001);
  expect((await t.ctx.db.selectFrom('order_changes').select('id').execute()).map((r) => r.id)).toEqual([recent]);
  // Old as it is, the newest row stays: the next change's id must be past every id a poll has read.
  expect((await purgeExpired(t.ctx.db, now + ORDER_CHANGES_RETENTION_MS * 2)).orderChanges).toBe(0);
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: (await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 1000 })).id });
  const logged = await t.ctx.db.selectFrom('order_changes').select(['id', 'order_id']).where('id', '>', recent).execute();
  expect(logged).toEqual([{ id: recent + 1, order_id: order.id }]);
});

it.skipIf(backend !== 'postgres')('purges rate-limit windows (PostgreSQL store) that ended more than an hour ago', async () => {
  const now = t.clock.now();
  const table = sql.table(RATE_LIMIT_TABLE);
  await sql`insert into ${table} (key, points, expire) values ('hk:old', 3, ${now - 3_600_001}), ('hk:recent', 3, ${now - 1000}), ('hk:live', 3, ${now + 60_000})`.execute(t.ctx.db);
  expect((await purgeExpired(t.ctx.db, now)).rateLimits).toBe(1);
  const left = await sql<{ key: string }>`select key from ${table} where key like 'hk:%' order by key`.execute(t.ctx.db);
  expect(left.rows.map((r) => r.key)).toEqual(['hk:live', 'hk:recent']);
});

it('as a worker: the first purge an interval after start, then one an interval; a poll in between purges nothing', async () => {
  const store = await seedStore(t.ctx, { k: { scopes: ['*'] } });
  const clock = new ManualClock(t.clock.now());
  const expired = async (key: string) => {
    await t.ctx.db
      .insertInto('idempotency_records')
      .values({
        tenant_id: store.tenantId, api_key_id: store.keyIds.k!, idempotency_key: key, request_hash: 'h',
        response_status: 200, response_body: '{}', created_at: clock.now() - 10, expires_at: clock.now() - 1,
      })
      .execute();
  };
  const left = async () =>
    (await t.ctx.db.selectFrom('idempotency_records').select('idempotency_key').where('tenant_id', '=', store.tenantId).execute()).map((r) => r.idempotency_key);
  const loop = runWorker(housekeepingWorker(t.ctx.db, clock));
  await expired('worker-1');
  expect(await loop.runOnce()).toEqual({ round: { jobs: [], more: false }, outcomes: {} });
  // A timer that fires a moment early still counts.
  clock.advance(HOUSEKEEPING_INTERVAL_MS - 1);
  await expired('worker-2');
  expect((await loop.runOnce()).outcomes).toEqual({ purged: 1 });
  expect(await left()).toEqual([]);
  // The runner polls again as a purge ends: not a purge.
  clock.advance(1_000);
  await expired('worker-3');
  expect((await loop.runOnce()).outcomes).toEqual({});
  clock.advance(HOUSEKEEPING_INTERVAL_MS);
  expect((await loop.runOnce()).outcomes).toEqual({ purged: 1 });
  expect(await left()).toEqual([]);
  await loop.stop();
});
