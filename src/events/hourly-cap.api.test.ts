// The hourly cap is exact under concurrency: of many transactions taking a unit of one
// store's hour at once, exactly `cap` succeed, whatever slots they land on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { takeHourlySlot } from './hourly-cap.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

const HOUR = 3_600_000;

it('admits exactly the cap out of 80 concurrent transactions, and the next hour starts again', async () => {
  const store = await seedStore(t.ctx, {});
  const cap = 37; // more than the slots, and not a multiple of them
  const hour = 500 * HOUR + 1234;
  const takeAll = (now: number) =>
    Promise.all(Array.from({ length: 80 }, () => t.ctx.db.transaction().execute((tx) => takeHourlySlot(tx, store.tenantId, now, cap))));

  const taken = await takeAll(hour);
  expect(taken.filter(Boolean)).toHaveLength(cap);
  const rows = await t.ctx.db.selectFrom('event_hour_slots').select(['slot', 'count']).where('tenant_id', '=', store.tenantId).execute();
  expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(cap);

  expect(await t.ctx.db.transaction().execute((tx) => takeHourlySlot(tx, store.tenantId, hour + 1000, cap))).toBe(false);
  expect((await takeAll(hour + HOUR)).filter(Boolean)).toHaveLength(cap);
});

it('keeps each store to its own hour', async () => {
  const a = await seedStore(t.ctx, {}, { name: 'Toko A' });
  const b = await seedStore(t.ctx, {}, { name: 'Toko B' });
  const now = 700 * HOUR;
  for (let i = 0; i < 3; i++) expect(await t.ctx.db.transaction().execute((tx) => takeHourlySlot(tx, a.tenantId, now, 3))).toBe(true);
  expect(await t.ctx.db.transaction().execute((tx) => takeHourlySlot(tx, a.tenantId, now, 3))).toBe(false);
  expect(await t.ctx.db.transaction().execute((tx) => takeHourlySlot(tx, b.tenantId, now, 3))).toBe(true);
});
