// WEBHOOK_OUT_HOURLY_CAP through PATCH /api/order_status.php: over the cap a change is
// saved without an event (hourly-cap.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { slotShares } from './hourly-cap.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_OUT_HOURLY_CAP: '5' } });
  store = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] } });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Madu', price: 80000 })).id;
});
afterAll(() => t.drop());

const newOrder = async (status = 'pending') => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '', status })).id;
const patch = (body: unknown, idem?: string, key = store.keys.w!) =>
  t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...(idem === undefined ? {} : { 'idempotency-key': idem }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const countEvents = async (id: number) =>
  (await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute()).length;

describe('WEBHOOK_OUT_HOURLY_CAP', () => {
  it('over the cap the change is saved with no event and no error; the next hour queues again', async () => {
    const capped = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] } }, { name: 'Toko Ramai' });
    const p = await seedProduct(t.ctx, capped.tenantId, { name: 'Teh', price: 10000 });
    t.clock.set(Math.ceil(t.clock.now() / 3600_000) * 3600_000 + 60_000); // early in an hour
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await seedOrder(t.ctx, capped.tenantId, { product_id: p.id, variant: '' })).id);
    for (const id of ids) {
      const res = await patch({ id, status: 'closing' }, undefined, capped.keys.w!);
      expect(res.statusCode).toBe(200);
      expect(json(res).changed).toBe(true);
    }
    const events = await t.ctx.db.selectFrom('events').select('order_id').where('tenant_id', '=', capped.tenantId).execute();
    expect(events.map((e) => e.order_id).sort()).toEqual(ids.slice(0, 5).sort());
    const history = await t.ctx.db.selectFrom('order_history').select('order_id').where('tenant_id', '=', capped.tenantId).where('field', '=', 'status').execute();
    expect(history).toHaveLength(6); // the change and its history are still saved
    // Other stores have their own cap.
    expect(await countEvents(await newOrder())).toBe(0);

    t.clock.advance(3600_000);
    await patch({ id: ids[5], status: 'pending' }, undefined, capped.keys.w!);
    expect(await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', capped.tenantId).where('order_id', '=', ids[5]!).execute()).toHaveLength(1);
  });

  it('a full hour: PATCH, with and without an Idempotency-Key, saves the change and its history without an event; the key replays', async () => {
    const full = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] } }, { name: 'Toko Penuh' });
    const p = await seedProduct(t.ctx, full.tenantId, { name: 'Kopi', price: 20000 });
    const [a, b] = [await seedOrder(t.ctx, full.tenantId, { product_id: p.id, variant: '' }), await seedOrder(t.ctx, full.tenantId, { product_id: p.id, variant: '' })];
    // Every slot of the hour at its share, as 5 changes of this hour would leave them.
    const hourStart = Math.floor(t.clock.now() / 3600_000) * 3600_000;
    await t.ctx.db
      .insertInto('event_hour_slots')
      .values(slotShares(5).map((share, slot) => ({ tenant_id: full.tenantId, hour_start: hourStart, slot, count: share })))
      .execute();

    const withKey = await patch({ id: a.id, status: 'closing' }, 'full-hour-1', full.keys.w!);
    expect([withKey.statusCode, json(withKey).changed]).toEqual([200, true]);
    const withoutKey = await patch({ id: b.id, status: 'closing' }, undefined, full.keys.w!);
    expect([withoutKey.statusCode, json(withoutKey).changed]).toEqual([200, true]);
    const replay = await patch({ id: a.id, status: 'closing' }, 'full-hour-1', full.keys.w!);
    expect([replay.statusCode, replay.body]).toEqual([200, withKey.body]);

    const orders = await t.ctx.db.selectFrom('orders').select(['id', 'status']).where('tenant_id', '=', full.tenantId).orderBy('id').execute();
    expect(orders).toEqual([{ id: a.id, status: 'closing' }, { id: b.id, status: 'closing' }]);
    const history = await t.ctx.db.selectFrom('order_history').select(['order_id', 'old_value', 'new_value']).where('tenant_id', '=', full.tenantId).where('field', '=', 'status').orderBy('order_id').execute();
    expect(history).toEqual([
      { order_id: a.id, old_value: 'pending', new_value: 'closing' },
      { order_id: b.id, old_value: 'pending', new_value: 'closing' },
    ]);
    expect(await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', full.tenantId).execute()).toEqual([]);
    const counts = await t.ctx.db.selectFrom('event_hour_slots').select('count').where('tenant_id', '=', full.tenantId).orderBy('slot').execute();
    expect(counts.map((c) => c.count)).toEqual(slotShares(5));
  });
});
