// The fan-out alone, on SQLite and PostgreSQL: what it queues, on SQLite that it is a unit of
// the requests' group commit, and on PostgreSQL (where it is one statement, lock included)
// that it claims nothing while another process fans out.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import type { UnitOptions, WriteTransaction } from '../lib/db/write-transaction.js';
import { addTestEndpoint } from '../../test/webhook-receiver.js';
import { setEndpointEnabled } from '../webhooks/set-endpoint-enabled.js';
import { fanOutEvents } from './fan-out-events.js';

let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterAll(() => t.drop());

async function shopWithEndpoints(name: string, urls: string[]) {
  const store = await seedStore(t.ctx, { crm: { scopes: ['orders.status:write'] } }, { name });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
  const endpoints: number[] = [];
  for (const url of urls) endpoints.push(await addTestEndpoint(t.ctx, t.clock, store.tenantId, url, 'CRM'));
  return { ...store, productId: product.id, endpoints };
}

/** A new order of the shop moved to closing through the API: its event. */
async function closeNewOrder(shop: Awaited<ReturnType<typeof shopWithEndpoints>>) {
  const order = await seedOrder(t.ctx, shop.tenantId, { product_id: shop.productId, variant: '' });
  const res = await t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': shop.keys.crm!, 'content-type': 'application/json' },
    payload: JSON.stringify({ id: order.id, status: 'closing' }),
  });
  expect(res.statusCode).toBe(200);
  const event = await t.ctx.db.selectFrom('events').select(['id', 'created_at', 'fanned_out_at']).where('tenant_id', '=', shop.tenantId).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  return { orderId: order.id, eventId: event.id, createdAt: event.created_at, fannedOutAt: event.fanned_out_at };
}

async function changeStatus(shop: Awaited<ReturnType<typeof shopWithEndpoints>>) {
  const { orderId, eventId, fannedOutAt } = await closeNewOrder(shop);
  expect(fannedOutAt).toBeNull();
  return { orderId, eventId };
}

const deliveriesOf = (eventId: number) =>
  t.ctx.db.selectFrom('webhook_deliveries').select(['tenant_id', 'endpoint_id', 'order_id', 'status', 'attempts', 'next_attempt_at']).where('event_id', '=', eventId).orderBy('endpoint_id').execute();

const fannedOutAt = async (eventId: number) => (await t.ctx.db.selectFrom('events').select('fanned_out_at').where('id', '=', eventId).executeTakeFirstOrThrow()).fanned_out_at;

describe('fan-out', () => {
  it('an event of a store with no enabled endpoint is written already fanned out: the dispatcher has nothing to do for it', async () => {
    await fanOutEvents(t.ctx, t.clock.now(), 1000); // whatever earlier tests left
    const none = await shopWithEndpoints('Toko Tanpa Webhook', []);
    const off = await shopWithEndpoints('Toko Webhook Mati', ['http://127.0.0.1:9/off']);
    expect((await t.ctx.db.transaction().execute((tx) => setEndpointEnabled(tx, t.clock, off.tenantId, off.endpoints[0]!, false))).ok).toBe(true);
    for (const shop of [none, off]) {
      const event = await closeNewOrder(shop);
      expect(event.fannedOutAt).toBe(event.createdAt);
      expect(await deliveriesOf(event.eventId)).toEqual([]);
    }
    expect(await fanOutEvents(t.ctx, t.clock.now(), 1000)).toBe(0);
  });

  it("queues one pending delivery per enabled endpoint of the event's store, marks the event, and finds nothing the second time", async () => {
    await fanOutEvents(t.ctx, t.clock.now(), 1000); // whatever earlier tests left
    const shop = await shopWithEndpoints('Toko Fan-out', ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b', 'http://127.0.0.1:9/off']);
    const off = await t.ctx.db.transaction().execute((tx) => setEndpointEnabled(tx, t.clock, shop.tenantId, shop.endpoints[2]!, false));
    expect(off.ok).toBe(true);
    const other = await shopWithEndpoints('Toko Lain', ['http://127.0.0.1:9/other']);
    const { orderId, eventId } = await changeStatus(shop);

    const now = t.clock.now();
    expect(await fanOutEvents(t.ctx, now, 200)).toBe(1);
    expect(await deliveriesOf(eventId)).toEqual(
      shop.endpoints.slice(0, 2).map((endpointId) => ({ tenant_id: shop.tenantId, endpoint_id: endpointId, order_id: orderId, status: 'pending', attempts: 0, next_attempt_at: now })),
    );
    expect(await fannedOutAt(eventId)).toBe(now);
    expect(await t.ctx.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', other.endpoints[0]!).execute()).toEqual([]);
    expect(await fanOutEvents(t.ctx, now + 1, 200)).toBe(0);
    expect(await deliveriesOf(eventId)).toHaveLength(2);
  });

  it.runIf(backend === 'sqlite')("on SQLite, runs as a repeatable unit of the database's group commit, sharing its COMMIT with the requests' writes", async () => {
    const shop = await shopWithEndpoints('Toko Group', ['http://127.0.0.1:9/group']);
    const { eventId } = await changeStatus(shop);
    const units: Array<UnitOptions | undefined> = [];
    const writeTransaction: WriteTransaction = (work, options) => {
      units.push(options);
      return t.ctx.writeTransaction(work, options);
    };
    expect(await fanOutEvents({ ...t.ctx, writeTransaction }, t.clock.now(), 200)).toBe(1);
    expect(units).toEqual([{ repeatable: true }]);
    expect(await deliveriesOf(eventId)).toHaveLength(1);
  });

  it('takes at most its batch, oldest first', async () => {
    const shop = await shopWithEndpoints('Toko Batch', ['http://127.0.0.1:9/batch']);
    const events = [await changeStatus(shop), await changeStatus(shop), await changeStatus(shop)];
    expect(await fanOutEvents(t.ctx, t.clock.now(), 2)).toBe(2);
    expect(await fannedOutAt(events[0]!.eventId)).not.toBeNull();
    expect(await fannedOutAt(events[1]!.eventId)).not.toBeNull();
    expect(await fannedOutAt(events[2]!.eventId)).toBeNull();
    expect(await deliveriesOf(events[2]!.eventId)).toEqual([]);
    expect(await fanOutEvents(t.ctx, t.clock.now(), 2)).toBe(1);
    expect(await deliveriesOf(events[2]!.eventId)).toHaveLength(1);
  });

  it.runIf(process.env.LAPAK_TEST_DB === 'postgres')('PostgreSQL: claims nothing while another process holds the fan-out lock, and everything once it is free', async () => {
    const shop = await shopWithEndpoints('Toko Kunci', ['http://127.0.0.1:9/lock']);
    const { eventId } = await changeStatus(shop);
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(hashtextextended('lapak:webhook-fan-out', 0))`);
      expect(await fanOutEvents(t.ctx, t.clock.now(), 200)).toBe(0);
      expect(await fannedOutAt(eventId)).toBeNull();
      expect(await deliveriesOf(eventId)).toEqual([]);
      await other.query(`select pg_advisory_unlock(hashtextextended('lapak:webhook-fan-out', 0))`);
      expect(await fanOutEvents(t.ctx, t.clock.now(), 200)).toBe(1);
      expect(await deliveriesOf(eventId)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });
});
