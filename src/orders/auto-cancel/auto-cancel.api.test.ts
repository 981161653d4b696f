// Unpaid orders that close themselves (issue 44 §3), on SQLite and PostgreSQL, with the clock
// moved forward: the setting's validation; only the orders placed after it was turned on are
// cancelled, at N days and not a minute before, then the older ones once included (with the
// count seen confirmed); COD's and the others' history texts, source `system`, the event and the
// freed transfer amount; a member's change just before wins; one worker across two database
// connections (two processes): each order cancelled once, under one lease; {batas_bayar} in the
// buyer's zone, empty when off; fu4's default timing 24 hours before the cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../../test/form-helpers.js';
import { CUSTOMER, seedOrder, startTestApp, type Store } from '../../../test/helpers.js';
import { silentLog } from '../../jobs/worker.js';
import { openDatabase } from '../../lib/db/db.js';
import { formatTimestamp } from '../../lib/time.js';
import { runDue } from '../../messaging/run-due.js';
import { AUTO_CANCEL_FIELD_TEXT } from './auto-cancel-text.js';
import { AUTO_CANCEL_LEASE_MS, autoCancelWorker, cancelOneUnpaid, type AutoCancelDeps } from './cancel-unpaid.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Body = Record<string, any>;

beforeAll(async () => {
  t = await startTestApp();
  // 5 December 2026, 06:30 UTC (13.30 WIB).
  t.clock.set(Date.UTC(2026, 11, 5, 6, 30));
});
afterAll(() => t.drop());

const deps = (): AutoCancelDeps => ({ db: t.ctx.db, writeTransaction: t.ctx.writeTransaction, clock: t.clock, config: t.ctx.config, log: silentLog });
/** This test process's worker (one holder of the lease). */
let worker: ReturnType<typeof autoCancelWorker>;
beforeAll(() => {
  worker = autoCancelWorker(deps());
});

/** One round after another until nothing is due, as the runner would. */
async function runWorker(w = worker): Promise<void> {
  for (;;) {
    const round = await w.claim(1);
    for (const job of round.jobs) await w.handle(job);
    if (!round.more) return;
  }
}

const send = async (member: Member, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.request({ method, url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Body, raw: res.body };
};

interface Shop {
  store: Store;
  owner: Member;
  productId: number;
}

async function shop(): Promise<Shop> {
  const store = await seedFormStore(t.ctx, { payment_methods: ['bank_transfer', 'cod'] }, 'Toko Otomatis');
  return { store, owner: await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' }), productId: (await seedKaos(t.ctx, store.tenantId)).id };
}

let phones = 0;
async function order(s: Shop, input: { method?: string; province?: string } = {}): Promise<number> {
  phones += 1;
  const { id } = await seedOrder(t.ctx, s.store.tenantId, {
    product_id: s.productId,
    variant: 'Hitam / L',
    payment_method: input.method ?? 'bank_transfer',
    customer: { ...CUSTOMER, phone: `0812-7100-${String(phones).padStart(4, '0')}`, province: input.province ?? CUSTOMER.province },
  });
  return id;
}

const setDays = (s: Shop, days: unknown) => send(s.owner, 'PATCH', '/dashboard/api/settings', { auto_cancel_days: days });
const statusOf = async (id: number) => (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const statuses = (ids: number[]) => Promise.all(ids.map(statusOf));
const historyOf = (id: number) =>
  t.ctx.db.selectFrom('order_history').select(['source', 'actor', 'field', 'old_value', 'new_value']).where('order_id', '=', id).where('field', 'in', ['status', 'reason']).orderBy('id').execute();
const eventsOf = async (id: number) =>
  (await t.ctx.db.selectFrom('events').select('payload').where('order_id', '=', id).orderBy('id').execute()).map((e) => JSON.parse(e.payload) as Body);

describe('the setting', () => {
  it('1 to 30 whole days or null; 0, 31, 2.5 and "3" are refused with 422 invalid_request naming it, and nothing changes', async () => {
    const s = await shop();
    for (const bad of [0, 31, 2.5, '3', -1]) {
      const res = await setDays(s, bad);
      expect(res.status, `${bad}: ${res.raw}`).toBe(422);
      expect(res.body).toMatchObject({ code: 'invalid_request', fields: { auto_cancel_days: AUTO_CANCEL_FIELD_TEXT.days } });
    }
    expect((await send(s.owner, 'GET', '/dashboard/api/settings')).body).toMatchObject({ auto_cancel_days: null, auto_cancel_since: null });
    const on = await setDays(s, 30);
    expect(on.status, on.raw).toBe(200);
    expect(on.body).toMatchObject({ auto_cancel_days: 30, auto_cancel_since: formatTimestamp(t.clock.now(), t.ctx.config.timeZone) });
    expect((await setDays(s, 1)).body.auto_cancel_days).toBe(1);
    const off = await setDays(s, null);
    expect(off.body).toMatchObject({ auto_cancel_days: null, auto_cancel_since: null });
    // A CS may not change it.
    const cs = await seedMember(t.ctx, s.store.tenantId, 'cs');
    expect((await send(cs, 'PATCH', '/dashboard/api/settings', { auto_cancel_days: 3 })).status).toBe(403);
    expect((await send(cs, 'GET', '/dashboard/api/auto-cancel')).status).toBe(403);
  });
});

describe('the worker', () => {
  it('cancels only the orders placed after it was turned on, at N days and not a minute before; the older ones once included, with their count confirmed', async () => {
    const s = await shop();
    const olderTransfer = await order(s);
    const olderCod = await order(s, { method: 'cod' });
    t.clock.advance(HOUR);
    const turnedOn = t.clock.now();
    expect((await setDays(s, 3)).status).toBe(200);
    t.clock.advance(MINUTE);
    const placed = t.clock.now();
    const transfer = await order(s);
    const cod = await order(s, { method: 'cod' });
    const closing = await order(s);
    expect((await send(s.owner, 'POST', `/dashboard/api/orders/${closing}/status`, { status: 'closing' })).status).toBe(200);

    const state = await send(s.owner, 'GET', '/dashboard/api/auto-cancel');
    expect(state.body).toEqual({ days: 3, since: formatTimestamp(turnedOn, t.ctx.config.timeZone), cutoff: formatTimestamp(turnedOn, t.ctx.config.timeZone), older_pending: 2 });

    // A minute before their deadline: nothing, though the older ones are past theirs long ago.
    t.clock.set(placed + 3 * DAY - MINUTE);
    await runWorker();
    expect(await statuses([olderTransfer, olderCod, transfer, cod, closing])).toEqual(['pending', 'pending', 'pending', 'pending', 'closing']);
    // At the deadline: the two placed after; a confirmed order (closing) stays.
    t.clock.set(placed + 3 * DAY);
    await runWorker();
    expect(await statuses([olderTransfer, olderCod, transfer, cod, closing])).toEqual(['pending', 'pending', 'cancelled', 'cancelled', 'closing']);

    expect(await historyOf(transfer)).toEqual([
      { source: 'system', actor: 'pembatalan otomatis', field: 'status', old_value: 'pending', new_value: 'cancelled' },
      { source: 'system', actor: 'pembatalan otomatis', field: 'reason', old_value: null, new_value: 'dibatalkan otomatis: tidak dibayar dalam 3 hari' },
    ]);
    expect((await historyOf(cod))[1]!.new_value).toBe('dibatalkan otomatis: tidak dikonfirmasi dalam 3 hari');
    // The event every status change queues, naming its source; no integration fields.
    const [event] = await eventsOf(transfer);
    expect(event).toMatchObject({ order_id: transfer, previous_status: 'pending', status: 'cancelled', source: 'system' });
    expect(event).not.toHaveProperty('changed_by');

    // Including the older ones: the count seen must still be true.
    const seen = (await send(s.owner, 'GET', '/dashboard/api/auto-cancel')).body;
    expect(seen.older_pending).toBe(2);
    const stale = await send(s.owner, 'POST', '/dashboard/api/auto-cancel/include-older', { older_pending: 3, cutoff: seen.cutoff });
    expect([stale.status, stale.body.code]).toEqual([409, 'older_count_changed']);
    expect((await send(s.owner, 'POST', '/dashboard/api/auto-cancel/include-older', { older_pending: 2, cutoff: '2026-01-01T00:00:00+07:00' })).body.code).toBe('older_count_changed');
    // An older order paid meanwhile: the count shown (2) is no longer true.
    const paidOlder = await order(s);
    await t.ctx.db.updateTable('orders').set({ created_at: turnedOn - HOUR }).where('id', '=', paidOlder).execute();
    expect((await send(s.owner, 'POST', '/dashboard/api/auto-cancel/include-older', { older_pending: 2, cutoff: seen.cutoff })).status).toBe(409);
    expect((await send(s.owner, 'POST', `/dashboard/api/orders/${paidOlder}/status`, { status: 'paid' })).status).toBe(200);
    const included = await send(s.owner, 'POST', '/dashboard/api/auto-cancel/include-older', { older_pending: 2, cutoff: seen.cutoff });
    expect(included.status, included.raw).toBe(200);
    expect(included.body).toEqual({ included: 2, auto_cancel: { days: 3, since: seen.since, cutoff: null, older_pending: 0 } });
    await runWorker();
    expect(await statuses([olderTransfer, olderCod, paidOlder])).toEqual(['cancelled', 'cancelled', 'paid']);
    expect((await historyOf(olderCod)).map((h) => h.new_value)).toEqual(['cancelled', 'dibatalkan otomatis: tidak dikonfirmasi dalam 3 hari']);
    // Again: nothing more to include; nothing is cancelled twice.
    await runWorker();
    expect((await historyOf(olderTransfer)).length).toBe(2);
  });

  it('turned off: nothing is cancelled; turned on again, it applies from that new moment (the orders placed meanwhile are older ones)', async () => {
    const s = await shop();
    await setDays(s, 2);
    const first = await order(s);
    await setDays(s, null);
    expect((await send(s.owner, 'POST', '/dashboard/api/auto-cancel/include-older', { older_pending: 0, cutoff: 'x' })).body.code).toBe('auto_cancel_off');
    t.clock.advance(2 * DAY);
    await runWorker();
    expect(await statusOf(first)).toBe('pending');
    await setDays(s, 2);
    const state = (await send(s.owner, 'GET', '/dashboard/api/auto-cancel')).body;
    expect(state).toMatchObject({ days: 2, cutoff: formatTimestamp(t.clock.now(), t.ctx.config.timeZone), older_pending: 1 });
    const second = await order(s);
    t.clock.advance(2 * DAY);
    await runWorker();
    expect(await statuses([first, second])).toEqual(['pending', 'cancelled']);
  });

  it('frees the transfer amount of a coded order, as any move out of pending does', async () => {
    const s = await shop();
    await setDays(s, 1);
    const id = await order(s);
    // The amount a form order with the store's unique code holds (transfer-codes.ts).
    await t.ctx.db.insertInto('transfer_codes').values({ tenant_id: s.store.tenantId, amount: 160_123, order_id: id, created_at: t.clock.now() }).execute();
    const held = () => t.ctx.db.selectFrom('transfer_codes').select('amount').where('tenant_id', '=', s.store.tenantId).where('order_id', '=', id).execute();
    expect(await held()).toHaveLength(1);
    t.clock.advance(DAY);
    await runWorker();
    expect(await statusOf(id)).toBe('cancelled');
    expect(await held()).toEqual([]);
  });

  it("a member's change just before wins: an order paid after the worker found it due is not cancelled", async () => {
    const s = await shop();
    await setDays(s, 1);
    const paid = await order(s);
    const other = await order(s);
    t.clock.advance(DAY);
    const round = await worker.claim(1);
    expect(round.jobs[0]!.orders.map((o) => o.orderId)).toEqual(expect.arrayContaining([paid, other]));
    expect((await send(s.owner, 'POST', `/dashboard/api/orders/${paid}/status`, { status: 'paid' })).status).toBe(200);
    for (const job of round.jobs) await worker.handle(job);
    expect(await statuses([paid, other])).toEqual(['paid', 'cancelled']);
    expect((await historyOf(paid)).map((h) => h.new_value)).toEqual(['paid']);
    expect((await eventsOf(paid)).map((e) => e.status)).toEqual(['paid']);
  });
});

describe('one worker across processes', () => {
  it('two workers on two connections at once: one holds the lease; every order is cancelled exactly once, with one history entry', async () => {
    const s = await shop();
    await setDays(s, 1);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await order(s, { method: i % 2 ? 'cod' : 'bank_transfer' }));
    t.clock.advance(DAY + HOUR);
    // The other process: its own connection to the same database, its own holder token.
    const other = openDatabase(t.url);
    try {
      const second = autoCancelWorker({ db: other.db, writeTransaction: other.writeTransaction, clock: t.clock, config: t.ctx.config, log: silentLog }, 1_000, 5);
      const first = autoCancelWorker(deps(), 1_000, 5);
      // Our own worker of the other tests holds the lease; it stops cleanly and gives it up.
      await worker.close?.();
      const claimedBy = { first: 0, second: 0 };
      for (;;) {
        const [a, b] = await Promise.all([first.claim(1), second.claim(1)]);
        // Never both at once.
        expect(a.jobs.length > 0 && b.jobs.length > 0).toBe(false);
        if (a.jobs.length === 0 && b.jobs.length === 0) break;
        claimedBy.first += a.jobs.length;
        claimedBy.second += b.jobs.length;
        await Promise.all([...a.jobs.map((j) => first.handle(j)), ...b.jobs.map((j) => second.handle(j))]);
      }
      expect(claimedBy.first + claimedBy.second).toBeGreaterThanOrEqual(3);
      // The holder keeps it from round to round: the other never ran.
      expect(Math.min(claimedBy.first, claimedBy.second)).toBe(0);
      expect(await statuses(ids)).toEqual(ids.map(() => 'cancelled'));
      for (const id of ids) {
        const rows = await historyOf(id);
        expect(rows.filter((h) => h.field === 'status')).toHaveLength(1);
        expect(rows.filter((h) => h.field === 'reason')).toHaveLength(1);
        expect(await eventsOf(id)).toHaveLength(1);
      }

      // A holder that stops answering (killed): its lease lapses and the other takes over; a
      // batch the first had claimed is then refused to it (lost), and nothing is done twice.
      const more: number[] = [];
      for (let i = 0; i < 4; i++) more.push(await order(s));
      t.clock.advance(DAY);
      const holder = (await first.claim(1)).jobs.length > 0 ? first : second;
      const taker = holder === first ? second : first;
      const held = await holder.claim(1);
      expect(held.jobs).toHaveLength(1);
      expect((await taker.claim(1)).jobs).toHaveLength(0);
      t.clock.advance(AUTO_CANCEL_LEASE_MS + 1);
      const taken = await taker.claim(1);
      expect(taken.jobs).toHaveLength(1);
      // One after the other: two SQLite connections of one process cannot hold write transactions side by side (test/cli-process runs real processes).
      expect(await holder.handle(held.jobs[0]!)).toBe('lost');
      expect(await taker.handle(taken.jobs[0]!)).toBe('done');
      expect(await statuses(more)).toEqual(more.map(() => 'cancelled'));
      for (const id of more) expect((await historyOf(id)).filter((h) => h.field === 'status')).toHaveLength(1);
      // The stale token cannot write even one order.
      const one = { tenantId: s.store.tenantId, orderId: more[0]! };
      expect(await t.ctx.writeTransaction((tx) => cancelOneUnpaid(tx, deps(), one, 'not-the-holder'))).toBe('lost');
      await taker.close?.();
      await holder.close?.();
    } finally {
      await other.close();
      worker = autoCancelWorker(deps());
    }
  });
});

describe('{batas_bayar} and fu4', () => {
  const preview = (s: Shop, method = 'bank_transfer') =>
    send(s.owner, 'POST', '/dashboard/api/templates/preview', { kind: 'follow_up', step: 'fu4', payment_method: method, template: '[{batas_bayar}]' });

  it("the moment the order will be cancelled, in the buyer's zone; empty when off or when the order is not subject", async () => {
    const s = await shop();
    t.clock.set(Date.UTC(2026, 11, 5, 6, 30));
    const older = await order(s, { province: 'Bali' });
    expect((await preview(s)).body.text).toBe('[]');
    t.clock.advance(MINUTE);
    await setDays(s, 3);
    // The newest bank-transfer order is older than the switch: not subject.
    expect((await preview(s)).body).toMatchObject({ order_id: older, text: '[]' });
    await order(s, { province: 'Bali' });
    expect((await preview(s)).body.text).toBe('[8 Desember 2026 14.31 WITA]');
    await order(s, { province: 'Papua' });
    expect((await preview(s)).body.text).toBe('[8 Desember 2026 15.31 WIT]');
    await order(s, { method: 'cod', province: 'Jawa Barat' });
    expect((await preview(s, 'cod')).body.text).toBe('[8 Desember 2026 13.31 WIB]');
    await setDays(s, null);
    expect((await preview(s)).body.text).toBe('[]');
  });

  it("the thank-you page's WhatsApp message fills it too, in the buyer's zone", async () => {
    const s = await shop();
    t.clock.set(Date.UTC(2026, 11, 5, 6, 30));
    expect((await send(s.owner, 'PATCH', '/dashboard/api/settings', { auto_cancel_days: 2, thank_you_template: 'Pesanan {pesanan}, bayar sebelum {batas_bayar}.' })).status).toBe(200);
    const product = await t.ctx.db.selectFrom('products').select(['slug']).where('id', '=', s.productId).executeTakeFirstOrThrow();
    const url = `/form/${s.store.tenantId}/${product.slug}`;
    const token = tokenOf((await t.request({ method: 'GET', url })).body);
    const placed = await t.request({ method: 'POST', url, payload: formBody(token, { province: 'Bali' }), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.44.0.1' });
    expect(placed.statusCode, placed.body.slice(0, 300)).toBe(303);
    const html = (await t.request({ method: 'GET', url: placed.headers.location as string })).body;
    const text = new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')).searchParams.get('text');
    expect(text).toMatch(/^Pesanan \d+, bayar sebelum 7 Desember 2026 14\.30 WITA\.$/);
  });

  it("fu4's default timing is 24 hours before the cancellation when it is on; the store's own timing stays theirs", async () => {
    const s = await shop();
    t.clock.set(Date.UTC(2026, 11, 10, 6, 30));
    const automation = await send(s.owner, 'PATCH', '/dashboard/api/messaging', { provider: 'sandbox', quiet_hours: null, steps: { fu4: { on: true } } });
    expect(automation.status, automation.raw).toBe(200);
    expect(automation.body.steps.fu4).toEqual({ on: true, hours: 72, default: true });
    const fu4Due = async (id: number) => {
      await runDue(t.ctx, t.clock.now(), { tenantId: s.store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });
      const row = await t.ctx.db.selectFrom('messages').select('due_at').where('order_id', '=', id).where('step', '=', 'fu4').executeTakeFirstOrThrow();
      return Number(row.due_at) - t.clock.now();
    };
    // Off: 72 hours after the order.
    expect(await fu4Due(await order(s))).toBe(72 * HOUR);
    // On, 5 days: 4 days after (24 hours before the cancellation).
    await setDays(s, 5);
    expect(await fu4Due(await order(s))).toBe(4 * DAY);
    // The store's own timing stays theirs.
    expect((await send(s.owner, 'PATCH', '/dashboard/api/messaging', { steps: { fu4: { hours: 50 } } })).body.steps.fu4).toEqual({ on: true, hours: 50, default: false });
    expect(await fu4Due(await order(s))).toBe(50 * HOUR);
    // Back to the default.
    expect((await send(s.owner, 'PATCH', '/dashboard/api/messaging', { steps: { fu4: { hours: null } } })).body.steps.fu4).toEqual({ on: true, hours: 72, default: true });
    expect(await fu4Due(await order(s))).toBe(4 * DAY);
  });
});
