// The live orders list (issue 33 §5): GET /dashboard/api/orders/stream on both backends, over
// real HTTP. An order made by another process (the CLI) arrives; changes through the API's
// PATCH, the dashboard and assignment arrive; a CS hears only their orders and `order_removed`
// when one leaves them; the stream ends on logout, on the member's removal, when the session
// ends elsewhere (the periodic check) and on shutdown; heartbeats come; nothing is sent for a
// rolled-back change; no buyer data. The stream reads the change feed (issue 39 §2): a reconnect
// with Last-Event-ID receives what it missed, a position the feed no longer holds gets `reset`;
// on PostgreSQL no change's transaction notifies, the live consumer does, once per folded batch.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { openStream, type OpenedStream, type StreamEvent } from '../../test/event-stream.js';
import { backend, CUSTOMER, seedOrder, seedProduct, seedStore, startTestApp, TEST_SECRET_KEY, type Store } from '../../test/helpers.js';
import { foldOnce } from '../feed/consumer.js';
import { comparePositions, parsePosition } from '../feed/feed-row.js';
import { createOrder } from '../orders/core/create-order.js';
import { purgeExpired } from '../ops/housekeeping.js';
import { FEED_CHANNEL, liveConsumer } from './live-consumer.js';

const TIMINGS = { ORDER_STREAM_HEARTBEAT_MS: '300', ORDER_STREAM_RECHECK_MS: '400', ORDER_STREAM_POLL_MS: '100' };
/** The promise: a change arrives within 2 seconds. */
const WITHIN_MS = 2_000;

let t: Awaited<ReturnType<typeof startTestApp>>;
let baseUrl: string;
let store: Store;
let productId: number;
let owner: Member;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: TIMINGS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  store = await seedStore(t.ctx, { writer: { scopes: ['orders.status:write'] } });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kopi Gayo', price: 50000 })).id;
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.drop();
});

const headersOf = (member: Member) => asMember(member) as Record<string, string>;
async function streamOf(member: Member, lastEventId?: string): Promise<OpenedStream> {
  const stream = await openStream(baseUrl, '/dashboard/api/orders/stream', { ...headersOf(member), ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) });
  opened.push(stream);
  expect(stream.status, stream.text()).toBe(200);
  return stream;
}
const newOrder = async (input: Record<string, unknown> = {}) => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, ...input })).id;
const about = (id: number, event = 'order') => (e: StreamEvent) => e.event === event && (e.data as { id: number }).id === id;
const assign = (ids: number[], cs: number | null) =>
  t.request({ method: 'POST', url: '/dashboard/api/orders/assign', headers: { ...headersOf(owner), 'content-type': 'application/json' }, payload: JSON.stringify({ ids, cs }) });

describe('the stream', () => {
  it('answers text/event-stream, uncached and unbuffered, with a retry and heartbeats', async () => {
    const stream = await streamOf(owner);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    await expect.poll(() => stream.comments.filter((c) => c === 'heartbeat').length, { timeout: 3_000 }).toBeGreaterThanOrEqual(2);
    expect(stream.text()).toMatch(/^retry: \d+\n\n/);
    stream.close();
  });

  it('HEAD answers the headers and ends, holding nothing open', async () => {
    // The earlier test's stream, closed by its client, is gone once the server has seen it go.
    await expect.poll(() => t.ctx.liveFeed.size()).toBe(0);
    const res = await t.app.inject({ method: 'HEAD', url: '/dashboard/api/orders/stream', headers: headersOf(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toBe('');
    await expect.poll(() => t.ctx.liveFeed.size()).toBe(0);
  });

  it('an order made by another process (the CLI) arrives within 2 seconds, with id, status and CS only', async () => {
    const stream = await streamOf(owner);
    const cli = cliHarness('lapak-live-');
    try {
      // spawnSync holds this process (and the server in it) until the CLI has exited: the event
      // must then come within the 2 seconds.
      const created = cli.lapak('unused.db', ['order', 'create', '--tenant', String(store.tenantId), '--json'], {
        env: { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY },
        input: JSON.stringify({ product_id: productId, quantity: 1, shipping_fee: 9000, courier: 'JNE', payment_method: 'cod', customer: { name: 'Budi Rahasia', phone: '0812-9999-1111', address: 'Jl. Rahasia 1' } }),
      });
      expect(created.code, created.stderr).toBe(0);
      const { id } = created.json() as { id: number };
      const event = await stream.next(about(id), WITHIN_MS);
      expect(event.data).toEqual({ id, status: 'pending', assigned_to: null, new: true });
      expect(event.id).toMatch(/^\d+-\d+$/);
      expect(stream.text()).not.toMatch(/Budi|Rahasia|0812|9999/);
    } finally {
      cli.cleanup();
      stream.close();
    }
  });

  it("a status change through the API's PATCH, the dashboard's, and an assignment arrive, in order, with increasing ids", async () => {
    const cs = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Sari' });
    const id = await newOrder();
    const stream = await streamOf(owner);
    const patched = await t.request({
      method: 'PATCH', url: '/api/order_status.php',
      headers: { 'x-api-key': store.keys.writer!, 'content-type': 'application/json' },
      payload: JSON.stringify({ id, status: 'closing' }),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await assign([id], cs.userId)).statusCode).toBe(200);
    const moved = await t.request({
      method: 'POST', url: `/dashboard/api/orders/${id}/status`,
      headers: { ...headersOf(owner), 'content-type': 'application/json' }, payload: JSON.stringify({ status: 'cancelled', reason: 'Pembeli membatalkan' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await stream.next((e) => about(id)(e) && (e.data as { status: string }).status === 'cancelled', WITHIN_MS);
    // A stream may also carry a change committed a moment before it opened (here the order's creation).
    const mine = stream.events.filter((e) => about(id)(e) && (e.data as { status: string }).status !== 'pending');
    expect(mine.map((e) => e.data)).toEqual([
      { id, status: 'closing', assigned_to: null, new: false },
      { id, status: 'closing', assigned_to: { id: cs.userId, name: 'Sari' }, new: false },
      { id, status: 'cancelled', assigned_to: { id: cs.userId, name: 'Sari' }, new: false },
    ]);
    const ids = mine.map((e) => parsePosition(String(e.id))!);
    expect([...ids].sort(comparePositions)).toEqual(ids);
    expect(new Set(mine.map((e) => e.id)).size).toBe(3);
    stream.close();
  });

  it('a change that rolls back sends nothing; an edit of other fields sends nothing', async () => {
    const stream = await streamOf(owner);
    await expect(
      t.ctx.writeTransaction(async (tx) => {
        await createOrder(tx, t.clock, store.tenantId, { product_id: productId, quantity: 1, shipping_fee: 0, courier: 'JNE', payment_method: 'cod', customer: CUSTOMER }, { source: 'cli', actor: 'cli' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const id = await newOrder();
    await t.ctx.db.updateTable('orders').set({ courier: 'SiCepat' }).where('id', '=', id).execute();
    const marker = await newOrder();
    await stream.next(about(marker), WITHIN_MS);
    // Only the committed ones, once each (a stream may also carry a change of a moment before it opened: earlier orders).
    expect(stream.events.map((e) => (e.data as { id: number }).id).filter((n) => n >= id)).toEqual([id, marker]);
    stream.close();
  });
});

describe('`new` says what came into the list (issue 40 §1)', () => {
  it('a bulk move out of a tab: every event is new:false; a new order is new:true', async () => {
    const ids = [await newOrder(), await newOrder()];
    const stream = await streamOf(owner);
    const bulk = await t.request({
      method: 'POST', url: '/dashboard/api/orders/bulk-status',
      headers: { ...headersOf(owner), 'content-type': 'application/json' }, payload: JSON.stringify({ ids, status: 'closing' }),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const marker = await newOrder();
    await stream.next(about(marker), WITHIN_MS);
    const moves = stream.events.filter((e) => ids.includes((e.data as { id: number }).id) && (e.data as { status: string }).status === 'closing');
    expect(moves.map((e) => (e.data as { new: boolean }).new)).toEqual([false, false]);
    expect(stream.events.find(about(marker))?.data).toMatchObject({ new: true });
    stream.close();
  });
});

describe("a CS's stream follows their scope", () => {
  it("carries only their orders; another CS's order never; one reassigned away arrives as order_removed", async () => {
    const ani = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Ani' });
    const budi = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Budi' });
    const [aniStream, budiStream, ownerStream] = [await streamOf(ani), await streamOf(budi), await streamOf(owner)];

    const unassigned = await newOrder();
    const forBudi = await newOrder();
    const moved = await newOrder();
    expect((await assign([forBudi], budi.userId)).statusCode).toBe(200);
    expect((await assign([moved], ani.userId)).statusCode).toBe(200);
    await aniStream.next(about(moved), WITHIN_MS);
    expect((await assign([moved], budi.userId)).statusCode).toBe(200);

    expect((await aniStream.next(about(moved, 'order_removed'), WITHIN_MS)).data).toEqual({ id: moved });
    await budiStream.next((e) => about(moved)(e) && (e.data as { assigned_to: { id: number } | null }).assigned_to?.id === budi.userId, WITHIN_MS);
    await ownerStream.next((e) => about(moved)(e) && (e.data as { assigned_to: { id: number } | null }).assigned_to?.id === budi.userId, WITHIN_MS);

    expect(aniStream.events.map((e) => [e.event, (e.data as { id: number }).id])).toEqual([['order', moved], ['order_removed', moved]]);
    expect(budiStream.events.map((e) => [e.event, (e.data as { id: number }).id])).toEqual([['order', forBudi], ['order', moved]]);
    // `new`: each order came into the CS's list by its assignment (issue 40 §1); the owner's list had them when they were created.
    expect(budiStream.events.map((e) => (e.data as { new?: boolean }).new)).toEqual([true, true]);
    expect(ownerStream.events.filter((e) => (e.data as { id: number }).id >= unassigned).map((e) => (e.data as { new: boolean }).new)).toEqual([true, true, true, false, false, false]);
    // The owner hears everything, and never order_removed.
    expect(ownerStream.events.map((e) => (e.data as { id: number }).id).filter((n) => n >= unassigned)).toEqual([unassigned, forBudi, moved, forBudi, moved, moved]);
    expect(ownerStream.events.every((e) => e.event === 'order')).toBe(true);
    expect(aniStream.text()).not.toContain(`"id":${unassigned}`);
    expect(budiStream.text()).not.toContain(`"id":${unassigned}`);
    for (const s of [aniStream, budiStream, ownerStream]) s.close();
  });

  it("another store's changes never reach a stream", async () => {
    const other = await seedStore(t.ctx, {});
    const otherProduct = (await seedProduct(t.ctx, other.tenantId, { name: 'Teh', price: 1000 })).id;
    const stream = await streamOf(owner);
    const theirs = (await seedOrder(t.ctx, other.tenantId, { product_id: otherProduct })).id;
    const marker = await newOrder();
    await stream.next(about(marker), WITHIN_MS);
    expect(stream.events.map((e) => (e.data as { id: number }).id)).not.toContain(theirs);
    expect(theirs).not.toBe(marker);
    stream.close();
  });
});

describe('the stream ends when its session no longer holds', () => {
  it('on logout, at once', async () => {
    const member = await seedMember(t.ctx, store.tenantId, 'admin');
    const stream = await streamOf(member);
    const res = await t.request({ method: 'POST', url: '/dashboard/api/logout', headers: headersOf(member) });
    expect(res.statusCode).toBe(204);
    await stream.ended(300);
  });

  it("on the member's removal, at once", async () => {
    const cs = await seedMember(t.ctx, store.tenantId, 'cs');
    const stream = await streamOf(cs);
    const res = await t.request({ method: 'DELETE', url: `/dashboard/api/team/${cs.userId}`, headers: headersOf(owner) });
    expect(res.statusCode, res.body).toBe(204);
    await stream.ended(300);
  });

  it('on a role change, at once', async () => {
    const cs = await seedMember(t.ctx, store.tenantId, 'cs');
    const stream = await streamOf(cs);
    const res = await t.request({
      method: 'PATCH', url: `/dashboard/api/team/${cs.userId}`,
      headers: { ...headersOf(owner), 'content-type': 'application/json' }, payload: JSON.stringify({ role: 'admin', integrations: false }),
    });
    expect(res.statusCode, res.body).toBe(204);
    await stream.ended(300);
  });

  it('when another process ends the session or removes the member: at the periodic check', async () => {
    const [a, b] = [await seedMember(t.ctx, store.tenantId, 'cs'), await seedMember(t.ctx, store.tenantId, 'cs')];
    const [streamA, streamB] = [await streamOf(a), await streamOf(b)];
    // Written past this process's signal, as another process would.
    await t.ctx.db.deleteFrom('sessions').where('user_id', '=', a.userId).execute();
    await t.ctx.db.deleteFrom('memberships').where('user_id', '=', b.userId).execute();
    await Promise.all([streamA.ended(1_500), streamB.ended(1_500)]);
  });

  it('a refused stream is the family\'s JSON: no session, a session that has ended', async () => {
    const none = await openStream(baseUrl, '/dashboard/api/orders/stream', { 'sec-fetch-site': 'same-origin' });
    await none.ended();
    expect(none.status).toBe(401);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(none.text())).toMatchObject({ code: 'login_required' });
  });
});

describe('a reconnect resumes from the change feed', () => {
  it('with Last-Event-ID, it first receives the changes it missed, in order, then the live ones', async () => {
    const stream = await streamOf(owner);
    const first = await newOrder();
    const seen = await stream.next(about(first), WITHIN_MS);
    stream.close();
    // Made while the client was away.
    const missed = await newOrder();
    expect((await assign([first], null)).statusCode).toBe(200);
    await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('id', '=', missed).execute();
    const again = await streamOf(owner, String(seen.id));
    await again.next((e) => about(missed)(e) && (e.data as { status: string }).status === 'closing', WITHIN_MS);
    const live = await newOrder();
    await again.next(about(live), WITHIN_MS);
    const heard = again.events.map((e) => [(e.data as { id: number }).id, (e.data as { status: string }).status]);
    expect(heard).toEqual([[missed, 'pending'], [missed, 'closing'], [live, 'pending']]);
    expect(again.events.some((e) => e.event === 'reset')).toBe(false);
    const positions = again.events.map((e) => parsePosition(String(e.id))!);
    expect([...positions].sort(comparePositions)).toEqual(positions);
    again.close();
  });

  it('a Last-Event-ID the feed no longer holds, or that is no position, gets `reset` and then the live changes', async () => {
    const stream = await streamOf(owner);
    const first = await newOrder();
    const seen = await stream.next(about(first), WITHIN_MS);
    stream.close();
    // Every consumer past it and the retention over: pruned.
    const end = await t.ctx.db.selectFrom('order_feed').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('feed_consumers').execute();
    await t.ctx.db.insertInto('feed_consumers').values({ name: 'counts', txid: Number.MAX_SAFE_INTEGER, position: Number(end.id), snapshot: null, seen_at: 0 }).execute();
    await newOrder();
    expect((await purgeExpired(t.ctx.db, Date.now() + 48 * 3_600_000)).feed).toBeGreaterThan(0);
    for (const lastEventId of [String(seen.id), 'not-a-position']) {
      const again = await streamOf(owner, lastEventId);
      expect((await again.next((e) => e.event === 'reset', WITHIN_MS)).data).toEqual({});
      const live = await newOrder();
      await again.next(about(live), WITHIN_MS);
      again.close();
    }
  });
});

describe.skipIf(backend !== 'postgres')('PostgreSQL: the live consumer notifies, a change does not', () => {
  it("a change's transaction sends no NOTIFY; the live consumer sends one per folded batch", async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`listen ${FEED_CHANNEL}`);
    try {
      // The consumer's first run only sets its position.
      await foldOnce(t.ctx, liveConsumer, t.clock);
      const stream = await streamOf(owner);
      const a = await newOrder();
      const b = await newOrder();
      // The stream hears them by its poll, with no notification sent.
      await stream.next(about(b), WITHIN_MS);
      expect(stream.events.some(about(a))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
      expect(await foldOnce(t.ctx, liveConsumer, t.clock)).toBeGreaterThanOrEqual(2);
      await expect.poll(() => heard).toEqual([FEED_CHANNEL]);
      stream.close();
    } finally {
      await listener.end();
    }
  });
});

describe('shutdown', () => {
  it('`lapak serve` on SIGTERM ends its streams first and exits 0 at once; a change made by this process reached it', async () => {
    const cli = cliHarness('lapak-live-serve-');
    try {
      const served = await cli.start('unused.db', 'serve', { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY, HOUSEKEEPING: 'off', WEBHOOK_DISPATCHER: 'off', PUBLIC_URL: 'https://lapak.test', ...TIMINGS });
      const stream = await openStream(`http://127.0.0.1:${served.port}`, '/dashboard/api/orders/stream', headersOf(owner));
      expect(stream.status, stream.text()).toBe(200);
      const id = await newOrder();
      expect((await stream.next(about(id), WITHIN_MS)).data).toEqual({ id, status: 'pending', assigned_to: null, new: true });
      const started = Date.now();
      expect(await served.stop()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await stream.ended(1_000);
    } finally {
      cli.cleanup();
    }
  });


  it('closes every stream first: the server closes promptly with streams open', async () => {
    const own = await startTestApp({ env: TIMINGS });
    try {
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
      const s = await seedStore(own.ctx, {});
      const member = await seedMember(own.ctx, s.tenantId, 'owner');
      const streams = [await openStream(url, '/dashboard/api/orders/stream', headersOf(member)), await openStream(url, '/dashboard/api/orders/stream', headersOf(member))];
      expect(streams.map((x) => x.status)).toEqual([200, 200]);
      expect(own.ctx.liveFeed.size()).toBe(2);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(1_000);
      await Promise.all(streams.map((x) => x.ended(1_000)));
      expect(own.ctx.liveFeed.size()).toBe(0);
    } finally {
      await own.drop();
    }
  });
});
