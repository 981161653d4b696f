// The dispatcher against a real receiver on 127.0.0.1, on SQLite and PostgreSQL. Every
// delivery is verified by the standardwebhooks package; time is a ManualClock that the
// tests move, and each round is one runOnce(), so no test waits for the retry schedule.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { addTestEndpoint, noDns, startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { openDatabase } from '../lib/db/db.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';
import { addEndpoint } from './add-endpoint.js';
import { claimDeliveries, LEASE_MS } from './claim-deliveries.js';
import { createWebhookWorker, type Dispatcher, type DispatcherOptions, WEBHOOK_IDLE_POLL } from './dispatcher.js';
import { listDeliveries } from './list-deliveries.js';
import { listEndpoints } from './list-endpoints.js';
import { redeliver } from './redeliver.js';
import { removeEndpoint } from './remove-endpoint.js';
import { RETRY_DELAYS_MS } from './retry-schedule.js';
import { setEndpointEnabled } from './set-endpoint-enabled.js';
import type { Resolver } from './url-safety.js';

const TZ = 'Asia/Jakarta';
let t: Awaited<ReturnType<typeof startTestApp>>;
const receivers: Receiver[] = [];
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', TZ } });
});
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
  // Each test starts with nothing queued: what a test leaves behind must not be sent in the next.
  await t.ctx.db.updateTable('events').set({ fanned_out_at: t.clock.now() }).where('fanned_out_at', 'is', null).execute();
  await t.ctx.db.updateTable('webhook_deliveries').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
  for (const r of receivers.splice(0)) {
    expect(r.rejected, 'every delivery passes the standardwebhooks verifier').toEqual([]);
    await r.close();
  }
});
afterAll(() => t.drop());

function dispatcher(options: Partial<DispatcherOptions> = {}): Dispatcher {
  const d = testDispatcher(t, { timeZone: TZ, ...options });
  dispatchers.push(d);
  return d;
}

async function receiver(port?: number): Promise<Receiver> {
  const r = await startReceiver({ port });
  receivers.push(r);
  return r;
}

interface Shop extends Store {
  productId: number;
}

async function shop(name = 'Toko Webhook'): Promise<Shop> {
  const store = await seedStore(t.ctx, { crm: { scopes: ['orders.status:write', 'orders:read'] } }, { name });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
  return { ...store, productId: product.id };
}

const endpoint = (s: Shop, r: Receiver | string, description = 'CRM') => addTestEndpoint(t.ctx, t.clock, s.tenantId, r, description);

const order = async (s: Shop) => (await seedOrder(t.ctx, s.tenantId, { product_id: s.productId, variant: '' })).id;

async function patch(s: Shop, id: number, status: string, externalReference?: string) {
  const res = await t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': s.keys.crm!, 'content-type': 'application/json' },
    payload: JSON.stringify({ id, status, ...(externalReference === undefined ? {} : { external_reference: externalReference }) }),
  });
  expect(res.statusCode).toBe(200);
  return json(res);
}

const eventIds = async (s: Shop, orderId: number) =>
  (await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', s.tenantId).where('order_id', '=', orderId).orderBy('id').execute()).map((e) => e.id);

const deliveriesOf = (s: Shop, eventId?: number) => listDeliveries(t.ctx.db, s.tenantId, { eventId }, TZ);

describe('delivery of order.status_changed', () => {
  it('a PATCH change is delivered once, signed, with the documented headers and body', async () => {
    const s = await shop();
    const r = await receiver();
    r.respond = () => ({ status: 202, body: 'thanks' });
    const endpointId = await endpoint(s, r);
    const id = await order(s);
    const changedAt = t.clock.now();
    await patch(s, id, 'closing', 'crm-ticket-981');
    const [eventId] = await eventIds(s, id);

    const d = dispatcher();
    expect(await d.runOnce()).toEqual({ fannedOut: 1, claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.webhookId).toBe(String(eventId));
    expect(got.signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // The signature timestamp is the time of sending, in seconds.
    expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(5);
    const at = new Date(Math.floor(changedAt / 1000) * 1000 + 7 * 3600_000).toISOString().slice(0, 19) + '+07:00';
    expect(got.body).toEqual({
      type: 'order.status_changed',
      timestamp: at,
      data: {
        event_id: eventId,
        store_id: s.tenantId,
        order_id: id,
        previous_status: 'pending',
        status: 'closing',
        changed_at: at,
        source: 'api',
        changed_by: 'integration',
        integration: 'crm',
        external_reference: 'crm-ticket-981',
      },
    });
    expect(Object.keys(got.body)).toEqual(['type', 'timestamp', 'data']);

    const [delivery] = await deliveriesOf(s);
    expect(delivery).toMatchObject({ event_id: eventId, endpoint_id: endpointId, order_id: id, status: 'delivered', attempts: 1, last_status: 202, next_attempt_at: null });
    expect(delivery!.attempt_log).toEqual([{ attempted_at: expect.any(String), status_code: 202, latency_ms: expect.any(Number), error: null, response_snippet: 'thanks' }]);

    // Nothing is sent twice.
    expect(await d.runOnce()).toEqual({ fannedOut: 0, claimed: 0, outcomes: {} });
    t.clock.advance(LEASE_MS * 2);
    expect(await d.runOnce()).toEqual({ fannedOut: 0, claimed: 0, outcomes: {} });
    expect(r.received).toHaveLength(1);
  });

  it('a seller change carries no changed_by, integration or external_reference; a PATCH without a reference sends null', async () => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, r);
    const a = await order(s);
    const b = await order(s);
    const seller = await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, s.tenantId, a, 'paid', { source: 'cli', actor: 'cli' }));
    expect(seller.ok).toBe(true);
    await patch(s, b, 'closing');
    await dispatcher().runOnce();
    const byOrder = new Map(r.received.map((x) => [x.body.data.order_id, x.body.data]));
    expect(Object.keys(byOrder.get(a)!)).toEqual(['event_id', 'store_id', 'order_id', 'previous_status', 'status', 'changed_at', 'source']);
    expect(byOrder.get(a)).toMatchObject({ source: 'cli', previous_status: 'pending', status: 'paid' });
    expect(byOrder.get(b)).toMatchObject({ source: 'api', changed_by: 'integration', integration: 'crm', external_reference: null });
  });

  it('fans out to every enabled endpoint of the store and to no other store', async () => {
    const s = await shop();
    const other = await shop('Toko Lain');
    const [one, two, off, removed, foreign] = await Promise.all([receiver(), receiver(), receiver(), receiver(), receiver()]);
    await endpoint(s, one!);
    await endpoint(s, two!);
    const offId = await endpoint(s, off!);
    const removedId = await endpoint(s, removed!);
    await endpoint(other, foreign!);
    expect((await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, s.tenantId, offId, false))).ok).toBe(true);
    expect((await t.ctx.writeTransaction((tx) => removeEndpoint(tx, t.clock, s.tenantId, removedId))).ok).toBe(true);

    const id = await order(s);
    await patch(s, id, 'closing');
    const summary = await dispatcher().runOnce();
    expect(summary).toMatchObject({ fannedOut: 1, claimed: 2, outcomes: { delivered: 2 } });
    const [eventId] = await eventIds(s, id);
    expect(one!.received.map((x) => x.webhookId)).toEqual([String(eventId)]);
    expect(two!.received.map((x) => x.webhookId)).toEqual([String(eventId)]);
    expect(off!.received).toEqual([]);
    expect(removed!.received).toEqual([]);
    expect(foreign!.received).toEqual([]);
  });

  it('a PATCH with changed=false emits no event and no delivery', async () => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, r);
    const id = await order(s);
    expect((await patch(s, id, 'pending')).changed).toBe(false);
    expect(await eventIds(s, id)).toEqual([]);
    expect(await dispatcher().runOnce()).toMatchObject({ claimed: 0 });
    expect(r.received).toEqual([]);
  });
});

describe('an idle dispatcher', () => {
  it('a round that fans events out says it worked; with nothing to do it does not, and it polls every 100 ms after 2 s of that', async () => {
    const s = await shop('Toko Sepi');
    // An endpoint, so that its events wait for the fan-out (a store without one writes them fanned out).
    await endpoint(s, await receiver());
    const { db, dialect, writeTransaction, sealer } = t.ctx;
    const worker = createWebhookWorker({ db, dialect, writeTransaction, sealer, clock: t.clock, timeZone: TZ, allowPrivate: true });
    try {
      expect(worker).toMatchObject({ pollMs: 20, idle: { afterMs: 2_000, pollMs: 100 } });
      expect(WEBHOOK_IDLE_POLL).toEqual({ afterMs: 2_000, pollMs: 100 });
      // Whatever other tests left is fanned out first.
      while ((await worker.claim(0)).worked === true);
      expect(await worker.claim(0)).toMatchObject({ jobs: [], fannedOut: 0, worked: false });
      await patch(s, await order(s), 'closing');
      expect(await worker.claim(0)).toMatchObject({ jobs: [], fannedOut: 1, worked: true });
      expect(await worker.claim(0)).toMatchObject({ fannedOut: 0, worked: false });
    } finally {
      await worker.close?.();
    }
  });
});

describe('retries', () => {
  it('receiver down, then up: the event arrives on the schedule (immediately, +5 s, +5 min)', async () => {
    const s = await shop();
    const down = await receiver();
    const port = down.port;
    await endpoint(s, down);
    const secret = down.secret;
    await down.close();
    receivers.splice(receivers.indexOf(down), 1);

    const id = await order(s);
    await patch(s, id, 'closing');
    const [eventId] = await eventIds(s, id);
    const d = dispatcher();
    const t0 = t.clock.now();
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    t.clock.advance(5_000 - 1);
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    t.clock.advance(1);
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });

    const up = await receiver(port);
    up.secret = secret;
    t.clock.advance(5 * 60_000 - 1);
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    expect(up.received).toEqual([]);
    t.clock.advance(1);
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
    expect(up.received.map((x) => x.webhookId)).toEqual([String(eventId)]);

    const [delivery] = await deliveriesOf(s, eventId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200 });
    const times = delivery!.attempt_log.map((a) => Date.parse(a.attempted_at) - Math.floor(t0 / 1000) * 1000);
    expect(times).toEqual([0, 5_000, 305_000]);
    expect(delivery!.attempt_log.map((a) => [a.status_code, a.error])).toEqual([[null, 'ECONNREFUSED'], [null, 'ECONNREFUSED'], [200, null]]);
  });

  it('a receiver that always fails gets ten attempts on the Standard Webhooks schedule, then the delivery is failed', async () => {
    const s = await shop();
    const r = await receiver();
    r.respond = () => ({ status: 500, body: 'x'.repeat(5000) });
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    const d = dispatcher();
    const start = t.clock.now();
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    const expected = [0];
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      t.clock.advance(delay - 1);
      expect(await d.runOnce(), `before retry ${i + 1}`).toMatchObject({ claimed: 0 });
      t.clock.advance(1);
      expect(await d.runOnce(), `retry ${i + 1}`).toMatchObject({ claimed: 1, outcomes: i === RETRY_DELAYS_MS.length - 1 ? { failed: 1 } : { retry: 1 } });
      expected.push(expected.at(-1)! + delay);
    }
    t.clock.advance(48 * 3600_000);
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    expect(r.received).toHaveLength(10);
    expect(new Set(r.received.map((x) => x.webhookId)).size).toBe(1);

    const [delivery] = await deliveriesOf(s);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 10, last_status: 500, next_attempt_at: null });
    const base = Math.floor(start / 1000) * 1000;
    expect(delivery!.attempt_log.map((a) => Date.parse(a.attempted_at) - base)).toEqual(expected);
    // The response is kept, bounded.
    expect(delivery!.attempt_log[0]!.response_snippet).toBe('x'.repeat(1024));
  });

  it("honours the receiver's Retry-After when it asks for more than the schedule", async () => {
    const s = await shop();
    const r = await receiver();
    r.respond = (_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '120' } } : i === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 });
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    const d = dispatcher();
    await d.runOnce();
    t.clock.advance(5_000);
    expect(await d.runOnce(), 'the schedule alone would retry after 5 s').toMatchObject({ claimed: 0 });
    t.clock.advance(115_000 - 1);
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    t.clock.advance(1);
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    // A Retry-After shorter than the schedule does not bring the retry forward.
    t.clock.advance(5 * 60_000 - 1);
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    t.clock.advance(1);
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received).toHaveLength(3);
  });

  it('410 Gone disables the endpoint and cancels what is queued for it; enable and redeliver bring it back', async () => {
    const s = await shop();
    const r = await receiver();
    r.respond = () => ({ status: 410 });
    const endpointId = await endpoint(s, r);
    const a = await order(s);
    const b = await order(s);
    await patch(s, a, 'closing');
    await patch(s, b, 'closing');
    // One send at a time: a's delivery is sent, b's is queued when the 410 comes back.
    const d = dispatcher({ concurrency: 1 });
    expect(await d.runOnce()).toMatchObject({ fannedOut: 2, claimed: 1, outcomes: { endpoint_disabled: 1 } });
    expect(await d.runOnce()).toMatchObject({ claimed: 0 });
    expect(r.received.map((q) => q.body.data.order_id)).toEqual([a]);
    expect(await listEndpoints(t.ctx.db, s.tenantId, TZ)).toEqual([expect.objectContaining({ id: endpointId, enabled: false, disabled_reason: '410 Gone from the receiver' })]);
    const [forB, forA] = await deliveriesOf(s);
    expect(forA).toMatchObject({ order_id: a, status: 'failed', last_status: 410, attempts: 1 });
    expect(forB).toMatchObject({ order_id: b, status: 'cancelled', attempts: 0, last_error: 'endpoint disabled (410 Gone)' });

    // A disabled endpoint gets no new deliveries: the store has no enabled one, so the event is written fanned out.
    const c = await order(s);
    await patch(s, c, 'closing');
    expect(await d.runOnce()).toMatchObject({ fannedOut: 0, claimed: 0 });
    expect(await deliveriesOf(s)).toHaveLength(2);

    // Redeliver is refused while it is disabled; after enabling, a replay goes through.
    expect(await redeliver(t.ctx.db, t.clock, s.tenantId, forB!.id)).toEqual({
      ok: false,
      code: 'endpoint_disabled',
      message: `endpoint ${endpointId} is disabled; enable it first (lapak webhook enable ${endpointId})`,
    });
    expect((await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, s.tenantId, endpointId, true))).ok).toBe(true);
    r.respond = () => ({ status: 200 });
    expect(await redeliver(t.ctx.db, t.clock, s.tenantId + 1000, forB!.id)).toEqual({ ok: false, code: 'delivery_not_found', message: `delivery ${forB!.id} not found` });
    expect(await redeliver(t.ctx.db, t.clock, s.tenantId, forB!.id)).toEqual({ ok: true, value: { id: forB!.id, status: 'pending' } });
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received.at(-1)!.webhookId).toBe(String(forB!.event_id));
  });

  it('a 3xx answer is not followed; it counts as a failed attempt', async () => {
    const s = await shop();
    const r = await receiver();
    const elsewhere = await receiver();
    r.respond = () => ({ status: 302, headers: { location: elsewhere.url } });
    await endpoint(s, r);
    elsewhere.secret = r.secret;
    const id = await order(s);
    await patch(s, id, 'closing');
    expect(await dispatcher().runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    expect(r.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    const [delivery] = await deliveriesOf(s);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status: 302 });
    expect(Date.parse(delivery!.next_attempt_at!) - Math.floor(t.clock.now() / 1000) * 1000).toBe(5_000);
  });

  it('an answer that does not come within the time limit is a failed attempt (timeout)', async () => {
    const s = await shop();
    const r = await receiver();
    r.respond = (_req, i) => (i === 0 ? 'hang' : { status: 200 });
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    const d = dispatcher({ timeoutMs: 300 });
    const started = Date.now();
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    expect(Date.now() - started).toBeLessThan(3_000);
    const [delivery] = await deliveriesOf(s);
    expect(delivery!.attempt_log[0]).toMatchObject({ status_code: null, error: 'timeout after 300 ms' });
    expect(delivery!.attempt_log[0]!.latency_ms).toBeGreaterThanOrEqual(290);
    t.clock.advance(5_000);
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
  });
});

describe('ordering, replay, leases and several dispatchers', () => {
  it('events of one order reach an endpoint in order, even when the first needs retries; other orders are not held up', async () => {
    const s = await shop();
    const r = await receiver();
    const failFirst = new Set<string>();
    r.respond = (req) => {
      if (req.body.data.status === 'closing' && !failFirst.has(req.webhookId)) {
        failFirst.add(req.webhookId);
        return { status: 503 };
      }
      return { status: 200 };
    };
    await endpoint(s, r);
    const x = await order(s);
    const y = await order(s);
    await patch(s, x, 'closing'); // fails once
    await patch(s, x, 'pending');
    await patch(s, x, 'closing'); // fails once
    await patch(s, y, 'pending'); // no change
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, s.tenantId, y, 'paid', { source: 'cli', actor: 'cli' }));
    const xEvents = (await eventIds(s, x)).map(String);
    const [yEvent] = (await eventIds(s, y)).map(String);

    const d = dispatcher();
    await d.runOnce();
    // Only the head of order x was tried; order y went through.
    expect(r.received.map((q) => q.webhookId)).toEqual(expect.arrayContaining([xEvents[0], yEvent]));
    expect(r.received).toHaveLength(2);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(5 * 60_000);
      await d.runOnce();
    }
    const forX = r.received.filter((q) => q.body.data.order_id === x).map((q) => q.webhookId);
    expect(forX).toEqual([xEvents[0], xEvents[0], xEvents[1], xEvents[2], xEvents[2]]);
    expect((await deliveriesOf(s)).every((dl) => dl.status === 'delivered')).toBe(true);
  });

  it('redeliver sends a delivered event again with the same webhook-id; the log keeps every attempt', async () => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    const d = dispatcher();
    await d.runOnce();
    const [delivery] = await deliveriesOf(s);
    expect(await redeliver(t.ctx.db, t.clock, s.tenantId, delivery!.id)).toEqual({ ok: true, value: { id: delivery!.id, status: 'pending' } });
    expect(await d.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received.map((q) => q.webhookId)).toEqual([String(delivery!.event_id), String(delivery!.event_id)]);
    expect(r.received[1]!.raw).toBe(r.received[0]!.raw);
    const [after] = await deliveriesOf(s);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(after!.attempt_log).toHaveLength(2);
    expect(await redeliver(t.ctx.db, t.clock, s.tenantId, 987654)).toEqual({ ok: false, code: 'delivery_not_found', message: 'delivery 987654 not found' });
  });

  it('redeliver is refused while an attempt holds the lease', async () => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    await dispatcher().runOnce();
    const [delivery] = await deliveriesOf(s);
    await redeliver(t.ctx.db, t.clock, s.tenantId, delivery!.id);
    const claimed = await claimDeliveries(t.ctx.db, t.ctx.dialect, t.clock.now(), 10);
    expect(claimed.map((c) => c.id)).toEqual([delivery!.id]);
    const refused = await redeliver(t.ctx.db, t.clock, s.tenantId, delivery!.id);
    expect(refused).toEqual({ ok: false, code: 'delivery_in_flight', message: `delivery ${delivery!.id} is being sent right now; try again in a minute` });
    t.clock.advance(LEASE_MS);
    await dispatcher().runOnce();
  });

  it('a dispatcher that dies holding a lease: after the lease expires another delivers it, same webhook-id', async () => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, r);
    const id = await order(s);
    await patch(s, id, 'closing');
    const survivor = dispatcher();
    // The first dispatcher fans out and claims, then "dies" before sending anything.
    expect(await survivor.runOnce()).toMatchObject({ fannedOut: 1, claimed: 1 });
    const [eventId] = await eventIds(s, id);
    r.received.length = 0;
    await redeliver(t.ctx.db, t.clock, s.tenantId, (await deliveriesOf(s))[0]!.id);
    const dead = await claimDeliveries(t.ctx.db, t.ctx.dialect, t.clock.now(), 10);
    expect(dead).toHaveLength(1);

    expect(await survivor.runOnce()).toMatchObject({ claimed: 0 });
    t.clock.advance(LEASE_MS - 1);
    expect(await survivor.runOnce()).toMatchObject({ claimed: 0 });
    t.clock.advance(1);
    expect(await survivor.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received.map((q) => q.webhookId)).toEqual([String(eventId)]);
  });

  it('two dispatchers with their own database connections deliver each event exactly once per endpoint', async () => {
    const s = await shop();
    const [one, two] = await Promise.all([receiver(), receiver()]);
    await endpoint(s, one!);
    await endpoint(s, two!);
    const orders = [];
    for (let i = 0; i < 30; i++) orders.push(await order(s));
    for (const id of orders) await patch(s, id, 'closing');
    for (const id of orders.slice(0, 10)) await patch(s, id, 'pending');

    // On SQLite one process must share one connection (better-sqlite3 is synchronous, a
    // second connection would wait on the first in the same thread); on PostgreSQL each
    // dispatcher gets its own pool, as separate `lapak dispatch` processes would.
    const second = t.ctx.dialect === 'postgres' ? openDatabase(t.url) : null;
    try {
      const a = dispatcher({ concurrency: 3, fanOutBatch: 7 });
      const b = dispatcher({ concurrency: 3, fanOutBatch: 7, ...(second ? { db: second.db } : {}) });
      const claimedBy = { a: 0, b: 0 };
      for (let round = 0; round < 100; round++) {
        const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
        claimedBy.a += ra.claimed;
        claimedBy.b += rb.claimed;
        if (ra.claimed + rb.claimed + ra.fannedOut + rb.fannedOut === 0) break;
      }
      expect(claimedBy.a).toBeGreaterThan(0);
      expect(claimedBy.b).toBeGreaterThan(0);
      expect(claimedBy.a + claimedBy.b).toBe(80);
    } finally {
      await second?.close();
    }
    for (const r of [one!, two!]) {
      const ids = r.received.map((q) => q.webhookId);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      // Per order, in event order.
      for (const id of orders.slice(0, 10)) {
        const seen = r.received.filter((q) => q.body.data.order_id === id).map((q) => Number(q.webhookId));
        expect(seen).toEqual([...seen].sort((p, q) => p - q));
      }
    }
  });
});

describe('limits and safety', () => {
  it('WEBHOOK_OUT_HOURLY_CAP=5: the sixth change in the hour is saved with no event and no delivery', async () => {
    const capped = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', TZ, WEBHOOK_OUT_HOURLY_CAP: '5' } });
    try {
      capped.clock.set(Math.ceil(capped.clock.now() / 3600_000) * 3600_000 + 60_000);
      const store = await seedStore(capped.ctx, { crm: { scopes: ['orders.status:write', 'orders:read'] } });
      const product = await seedProduct(capped.ctx, store.tenantId, { name: 'Teh', price: 10000 });
      const r = await receiver();
      await addTestEndpoint(capped.ctx, capped.clock, store.tenantId, r);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push((await seedOrder(capped.ctx, store.tenantId, { product_id: product.id, variant: '' })).id);
      for (const id of ids) {
        const res = await capped.request({
          method: 'PATCH',
          url: '/api/order_status.php',
          headers: { 'x-api-key': store.keys.crm!, 'content-type': 'application/json' },
          payload: JSON.stringify({ id, status: 'closing' }),
        });
        expect(res.statusCode).toBe(200);
        expect(json(res).changed).toBe(true);
      }
      const d = testDispatcher(capped, { timeZone: TZ });
      dispatchers.push(d);
      expect(await d.runOnce()).toMatchObject({ fannedOut: 5, claimed: 5 });
      expect(r.received.map((q) => q.body.data.order_id).sort()).toEqual(ids.slice(0, 5).sort());
      const sixth = ids[5]!;
      const read = await capped.request({ method: 'GET', url: `/api/order_status.php?id=${sixth}`, headers: { 'x-api-key': store.keys.crm! } });
      expect(json(read).order.status).toBe('closing');
      expect(await capped.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', sixth).execute()).toEqual([]);
      expect(await capped.ctx.db.selectFrom('webhook_deliveries').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', sixth).execute()).toEqual([]);
      // Nothing is retried later either.
      capped.clock.advance(3600_000);
      expect(await d.runOnce()).toMatchObject({ fannedOut: 0, claimed: 0 });
      expect(r.received).toHaveLength(5);
    } finally {
      for (const d of dispatchers.splice(0)) await d.stop();
      await capped.drop();
    }
  });

  it('at send time the resolved address is checked again: a name that now points at loopback is refused (DNS rebinding)', async () => {
    const s = await shop();
    const r = await receiver();
    let answer = '93.184.216.34';
    const resolver: Resolver = async () => [{ address: answer, family: 4 }];
    const added = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, s.tenantId, { url: `https://hooks.rebind.test:${r.port}/hooks` }, { allowPrivate: false, resolver });
    expect(added.ok).toBe(true);
    answer = '127.0.0.1';
    const id = await order(s);
    await patch(s, id, 'closing');
    expect(await dispatcher({ allowPrivate: false, resolver }).runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    expect(r.received).toEqual([]);
    const [delivery] = await deliveriesOf(s);
    expect(delivery!.attempt_log[0]).toMatchObject({
      status_code: null,
      error: 'refused: host hooks.rebind.test resolves to a private, loopback or link-local address (127.0.0.1)',
    });
  });

  it.each([
    ['https://127.0.0.1:PORT/hooks', 'refused: 127.0.0.1 is a private, loopback or link-local address'],
    ['https://[::1]:PORT/hooks', 'refused: ::1 is a private, loopback or link-local address'],
    ['https://[::ffff:127.0.0.1]:PORT/hooks', 'refused: ::ffff:7f00:1 is a private, loopback or link-local address'],
    ['http://127.0.0.1:PORT/hooks', 'refused: url must use https'],
  ])('without WEBHOOK_ALLOW_PRIVATE a saved %s is refused at send', async (template, error) => {
    const s = await shop();
    const r = await receiver();
    await endpoint(s, template.replace('PORT', String(r.port)));
    const id = await order(s);
    await patch(s, id, 'closing');
    expect(await dispatcher({ allowPrivate: false, resolver: noDns }).runOnce()).toMatchObject({ claimed: 1, outcomes: { retry: 1 } });
    expect(r.received).toEqual([]);
    const [delivery] = await deliveriesOf(s);
    expect(delivery!.attempt_log[0]).toMatchObject({ status_code: null, error });
  });
});
