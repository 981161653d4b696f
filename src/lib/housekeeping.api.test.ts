import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { purgeExpired } from './housekeeping.js';

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
  await t.ctx.db.insertInto('event_hourly_counts').values([
    { tenant_id: store.tenantId, hour_start: now - 5 * 3_600_000, count: 9 },
    { tenant_id: store.tenantId, hour_start: now, count: 1 },
  ]).execute();

  expect(await purgeExpired(t.ctx.db, now)).toEqual({ idempotency: 1, brake: 1, hourly: 1 });
  const keys = await t.ctx.db.selectFrom('idempotency_records').select('idempotency_key').where('tenant_id', '=', store.tenantId).execute();
  expect(keys.map((k) => k.idempotency_key)).toEqual(['live-key-1']);
});
