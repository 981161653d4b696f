import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backend, seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { seedMember } from '../../test/dashboard-helpers.js';
import { runWorker } from '../jobs/runner.js';
import { ManualClock } from '../lib/clock.js';
import { RATE_LIMIT_TABLE } from '../lib/limits.js';
import { FEED_RETENTION_MS } from '../feed/prune-feed.js';
import { HOUSEKEEPING_INTERVAL_MS, housekeepingWorker, purgeExpired, WEBHOOK_LOG_RETENTION_MS } from './housekeeping.js';

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

  // What buyers wrote is kept 90 days; the store's own answers stay.
  const chat = (direction: 'in' | 'out', createdAt: number, id: string) => ({
    tenant_id: store.tenantId, phone: '6281200000001', direction, text: 'halo', provider: 'cloud_api', provider_message_id: id, state: direction === 'in' ? 'received' : 'sent', created_at: createdAt,
  });
  const day = 24 * 3_600_000;
  await t.ctx.db.insertInto('chat_messages').values([chat('in', now - 91 * day, 'wamid.old'), chat('in', now - 89 * day, 'wamid.recent'), chat('out', now - 91 * day, 'wamid.answer')]).execute();

  // A form order's IP hash is kept 30 days (issue 43 §1).
  await t.ctx.db.insertInto('order_ip_hashes').values([
    { order_id: 900_001, tenant_id: store.tenantId, ip_hash: 'old', created_at: now - 31 * day },
    { order_id: 900_002, tenant_id: store.tenantId, ip_hash: 'recent', created_at: now - 29 * day },
  ]).execute();

  expect(await purgeExpired(t.ctx.db, now)).toEqual({ idempotency: 1, brake: 1, hourly: 1, webhookDeliveries: 0, rateLimits: 0, webhookTests: 1, feed: 0, bulkJobs: 0, incomingMessages: 1, ipHashes: 1 });
  expect((await t.ctx.db.selectFrom('order_ip_hashes').select('ip_hash').execute()).map((r) => r.ip_hash)).toEqual(['recent']);
  expect((await t.ctx.db.selectFrom('chat_messages').select('provider_message_id').where('tenant_id', '=', store.tenantId).orderBy('provider_message_id').execute()).map((r) => r.provider_message_id)).toEqual(['wamid.answer', 'wamid.recent']);
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

it("prunes the change feed's rows that every consumer has folded, after the retention, in batches, always keeping the newest row", async () => {
  const store = await seedStore(t.ctx, { k: { scopes: ['*'] } });
  const now = Date.now();
  await t.ctx.db.deleteFrom('feed_consumers').execute();
  await t.ctx.db.deleteFrom('order_feed').execute();
  const change = (at: number) => ({ tenant_id: store.tenantId, order_id: 1, at, source: null, old_status: null, new_status: 'pending' });
  const old = now - FEED_RETENTION_MS - 1;
  // More old rows than one batch of the prune (5,000), then a recent one.
  for (const n of [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1]) await t.ctx.db.insertInto('order_feed').values(Array.from({ length: n }, () => change(old))).execute();
  await t.ctx.db.insertInto('order_feed').values(change(now - 1_000)).execute();
  const rows = await t.ctx.db.selectFrom('order_feed').select(['id', sql<number | string>`${sql.raw(backend === 'postgres' ? 'txid' : '0')}`.as('txid')]).orderBy(sql`${sql.raw(backend === 'postgres' ? 'txid, id' : 'id')}`).execute();
  const at = (i: number) => ({ txid: rows[i]!.txid, position: rows[i]!.id });
  const consumer = (name: string, i: number) => t.ctx.db.insertInto('feed_consumers').values({ name, ...at(i), snapshot: null, seen_at: now }).execute();
  // No consumer has run: nothing is known to be folded.
  expect((await purgeExpired(t.ctx.db, now)).feed).toBe(0);
  // The slowest consumer holds the rest back.
  await consumer('counts', 2_999);
  await consumer('live', rows.length - 1);
  expect((await purgeExpired(t.ctx.db, now)).feed).toBe(3_000);
  await t.ctx.db.updateTable('feed_consumers').set(at(rows.length - 1)).execute();
  expect((await purgeExpired(t.ctx.db, now)).feed).toBe(3_001);
  const left = await t.ctx.db.selectFrom('order_feed').select('id').execute();
  expect(left.map((r) => r.id)).toEqual([rows[rows.length - 1]!.id]);
  // Old as it is, the newest row stays: the next change's id must be past every id a reader has read.
  expect((await purgeExpired(t.ctx.db, now + FEED_RETENTION_MS * 2)).feed).toBe(0);
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: (await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 1000 })).id });
  const written = await t.ctx.db.selectFrom('order_feed').select(['id', 'order_id']).where('order_id', '=', order.id).execute();
  expect(written).toHaveLength(1);
  expect(Number(written[0]!.id)).toBeGreaterThan(Number(rows[rows.length - 1]!.id));
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

it('deletes the bulk jobs that ended more than 7 days ago, and keeps the recent and the unfinished', async () => {
  const now = Date.now();
  const store = await seedStore(t.ctx, {});
  const user = await seedMember(t.ctx, store.tenantId, 'owner', {});
  const DAY = 86_400_000;
  const job = (state: string, finishedAt: number | null) => ({
    tenant_id: store.tenantId, kind: 'bulk_status', state, started_by: user.userId, input: '{}', order_ids: '[]', total: 0, next_attempt_at: now, created_at: now - 10 * DAY, finished_at: finishedAt,
  });
  await t.ctx.db.insertInto('bulk_jobs').values([job('done', now - 8 * DAY), job('cancelled', now - 8 * DAY), job('done', now - 6 * DAY), job('queued', null)]).execute();
  expect((await purgeExpired(t.ctx.db, now)).bulkJobs).toBe(2);
  const left = await t.ctx.db.selectFrom('bulk_jobs').select(['state', 'finished_at']).where('tenant_id', '=', store.tenantId).orderBy('id').execute();
  expect(left.map((j) => j.state)).toEqual(['done', 'queued']);
});
