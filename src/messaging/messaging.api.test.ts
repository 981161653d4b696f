// Issue 41 over HTTP and `runDue` (the CLI's run-due), on SQLite and PostgreSQL: the store's
// automation (defaults, a patch, refusals, who may), follow-ups planned from the change feed and
// sent at their time with the rendered text, cancelled when the order leaves pending or a CS
// presses the step, quiet hours in the buyer's zone (Papua: WIT), a step turned on plans nothing
// for yesterday's orders, the status notices' payment-method rules, the pause and the 6-hour
// expiry, the 10-second spacing per phone, seeding plans nothing, the test message and the
// sandbox's outbox, an order's messages and their scope.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { seedFormStore, seedKaos } from '../../test/form-helpers.js';
import { CUSTOMER, seedOrder, startTestApp, type Store } from '../../test/helpers.js';
import { seedOrders } from '../demo/seed-orders.js';
import { DEFAULT_FOLLOW_UPS } from '../templates/follow-up-steps.js';
import type { MessagingProvider, SendResult } from './providers/provider.js';
import { runDue } from './run-due.js';
import { AUTOMATION_FIELD_TEXT, AUTOMATION_RANGE_TEXT, MESSAGE_REASON } from './texts.js';
import { createDemo } from '../demo/create-demo.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let cs: Member;
let productId: number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type Body = Record<string, any>;
/** The answers' timestamps are whole seconds. */
const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx, { payment_methods: ['bank_transfer', 'cod', 'gateway'], gateway: 'midtrans' }, 'Toko Pesan');
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
  cs = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rina CS' });
  productId = (await seedKaos(t.ctx, store.tenantId)).id;
});
afterAll(() => t.drop());

const send = async (member: Member, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.request({ method, url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Body, raw: res.body };
};

let phones = 0;
/** An order now (the test clock), each with a phone of its own unless given. */
async function order(input: Record<string, unknown> = {}, customer: Record<string, unknown> = {}): Promise<number> {
  phones += 1;
  const phone = `0812-7000-${String(phones).padStart(4, '0')}`;
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', courier: 'JNE REG', ...input, customer: { ...CUSTOMER, phone, ...customer } });
  return id;
}

const run = (at: number) => runDue(t.ctx, at, { tenantId: store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });
const messagesOf = async (id: number) => {
  const res = await send(owner, 'GET', `/dashboard/api/orders/${id}/messages`);
  expect(res.status, res.raw).toBe(200);
  return res.body.messages as Body[];
};
const stepOf = async (id: number, step: string) => (await messagesOf(id)).find((m) => m.step === step);
const move = (id: number, status: string, extra: Record<string, unknown> = {}) => send(owner, 'POST', `/dashboard/api/orders/${id}/status`, { status, ...extra });
const patch = (body: unknown, member = owner) => send(member, 'PATCH', '/dashboard/api/messaging', body);
/** Each test counts its own orders' messages: the earlier tests' that are still to go are set aside. */
const setAside = () =>
  t.ctx.db.updateTable('messages').set({ state: 'cancelled', reason: 'set aside by the test' }).where('tenant_id', '=', store.tenantId).where('state', 'in', ['planned', 'waiting_quiet_hours']).execute();

describe('the store\'s automation', () => {
  it('GET: a new store has no provider, every step off, quiet hours 20:00-08:00; a CS may not read it', async () => {
    const res = await send(owner, 'GET', '/dashboard/api/messaging');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      provider: null,
      paused: false,
      quiet_hours: { start: '20:00', end: '08:00' },
      steps: { fu1: { on: false, minutes: 60 }, fu2: { on: false, hours: 20 }, fu3: { on: false }, fu4: { on: false, hours: 72 }, closing: { on: false }, paid: { on: false }, shipped: { on: false }, cancelled: { on: false } },
    });
    expect(res.body.last_24h).toMatchObject({ planned: 0, sent: 0, expired: 0 });
    expect((await send(cs, 'GET', '/dashboard/api/messaging')).status).toBe(403);
    expect((await patch({ paused: true }, cs)).status).toBe(403);
  });

  it('PATCH refuses bad values with fields and changes nothing', async () => {
    const clock = await patch({ quiet_hours: { start: '25:00', end: '08:00' } });
    expect(clock.status).toBe(422);
    expect(clock.body.fields['quiet_hours.start']).toBe(AUTOMATION_FIELD_TEXT.clock);
    const same = await patch({ quiet_hours: { start: '08:00', end: '08:00' } });
    expect(same.body.fields['quiet_hours.end']).toBe(AUTOMATION_FIELD_TEXT.sameClock);
    const order2 = await patch({ steps: { fu1: { minutes: 600 }, fu2: { hours: 5 } } });
    expect(order2.status).toBe(422);
    expect(order2.body.fields['steps.fu2.hours']).toBe(AUTOMATION_FIELD_TEXT.fu2AfterFu1);
    const fu4 = await patch({ steps: { fu4: { on: true, hours: 24 } } });
    expect(fu4.body.fields['steps.fu4.hours']).toBe(AUTOMATION_FIELD_TEXT.fu4AfterFu3);
    const schema = await patch({ provider: 'whatsapp', steps: { fu1: { minutes: 0 } } });
    expect(schema.status).toBe(422);
    expect(schema.body.code).toBe('invalid_request');
    // A timing out of its range says what the field takes (the page shows it beside the field).
    expect(schema.body.fields['steps.fu1.minutes']).toBe(AUTOMATION_RANGE_TEXT['steps.fu1.minutes']);
    expect((await send(owner, 'GET', '/dashboard/api/messaging')).body).toMatchObject({ provider: null, steps: { fu1: { minutes: 60 }, fu4: { on: false } } });
  });

  it('the test message: refused without a provider; with the sandbox, in its outbox', async () => {
    const none = await send(owner, 'POST', '/dashboard/api/messaging/test');
    expect(none.body).toMatchObject({ ok: false, provider_message_id: null });
    expect(none.body.error).toMatch(/penyedia/);
    expect((await patch({ provider: 'sandbox', quiet_hours: null })).status).toBe(200);
    const sent = await send(owner, 'POST', '/dashboard/api/messaging/test');
    expect(sent.body).toMatchObject({ ok: true, error: null });
    const outbox = await send(owner, 'GET', '/dashboard/api/messaging/outbox');
    expect(outbox.status, outbox.raw).toBe(200);
    expect(outbox.body.messages[0]).toMatchObject({ order_id: null, text: 'Pesan uji dari Lapak', phone: '6281299990000', provider_message_id: sent.body.provider_message_id });
    expect(outbox.body.messages[0].wa_url).toMatch(/^https:\/\/wa\.me\/6281299990000\?text=/);
  });
});

describe('follow-ups', () => {
  beforeEach(setAside);
  it('a step turned on plans nothing for yesterday\'s orders', async () => {
    const yesterday = await order();
    t.clock.advance(24 * HOUR);
    const saved = await patch({ provider: 'sandbox', quiet_hours: null, steps: { fu1: { on: true }, fu2: { on: true } } });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.steps).toMatchObject({ fu1: { on: true, minutes: 60 }, fu2: { on: true, hours: 20 } });
    await run(t.clock.now() + 2 * HOUR);
    expect(await messagesOf(yesterday)).toEqual([]);
  });

  it('a pending bank-transfer order gets fu1 an hour later and fu2 at 20 hours, with the rendered text', async () => {
    const created = t.clock.now();
    const id = await order({ payment_method: 'bank_transfer' }, { name: 'Budi Santoso' });
    const early = await run(created + 59 * MINUTE);
    expect(early.planned).toBe(2);
    expect((await stepOf(id, 'fu1'))!.state).toBe('planned');
    const first = await run(created + 60 * MINUTE);
    expect(first.sent).toBe(1);
    // The list's row: the next message still to go (fu1 sent, fu2 at 20 hours).
    const listed = (await send(owner, 'GET', '/dashboard/api/orders?limit=5')).body.orders as Body[];
    expect(Date.parse(listed.find((o) => o.id === id)!.next_message_at)).toBe(seconds(created + 20 * HOUR));
    const fu1 = (await stepOf(id, 'fu1'))!;
    expect(fu1).toMatchObject({ state: 'sent', reason: null });
    expect(fu1.text).toContain('Halo Kak Budi Santoso');
    expect(fu1.text).toContain(`Pesanan #${id}`);
    expect(fu1.text).toContain('BCA');
    expect(fu1.provider_message_id).toMatch(/^sandbox-/);
    expect(Date.parse(fu1.sent_at)).toBe(seconds(created + 60 * MINUTE));
    // As a press: the follow-up columns and a history entry by the system.
    const page = (await send(owner, 'GET', `/dashboard/api/orders/${id}`)).body;
    expect(page.order.follow_ups).toMatchObject({ count: 1, last_step: 'fu1', last_automatic: true });
    const row = ((await send(owner, 'GET', '/dashboard/api/orders?limit=100')).body.orders as Body[]).find((o) => o.id === id)!;
    expect(row.follow_ups).toMatchObject({ count: 1, last_step: 'fu1', last_automatic: true });
    expect(page.order.history.find((h: Body) => h.field === 'follow_up')).toMatchObject({ source: 'system', new_value: 'fu1' });
    expect((await run(created + 20 * HOUR - MINUTE)).sent).toBe(0);
    expect((await run(created + 20 * HOUR)).sent).toBe(1);
    expect((await stepOf(id, 'fu2'))!.text).toContain('belum kami terima');
    const outbox = (await send(owner, 'GET', '/dashboard/api/messaging/outbox')).body.messages as Body[];
    expect(outbox.filter((m) => m.order_id === id).map((m) => m.step)).toEqual(['fu2', 'fu1']);
    // Nothing left planned but fu3/fu4 (off): the row shows none.
    const after = (await send(owner, 'GET', '/dashboard/api/orders?limit=5')).body.orders as Body[];
    expect(after.find((o) => o.id === id)!.next_message_at).toBeNull();
  });

  it('moving the order to closing before fu2 cancels fu2 with its reason', async () => {
    const created = t.clock.now();
    const id = await order();
    await run(created + 60 * MINUTE);
    expect((await move(id, 'closing')).status).toBe(200);
    await run(created + 20 * HOUR);
    expect(await stepOf(id, 'fu2')).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.leftPending, sent_at: null });
  });

  it('a spam order (issue 43) gets no automated message: its due one is cancelled with the reason', async () => {
    const created = t.clock.now();
    const id = await order();
    await run(created + MINUTE);
    expect((await send(owner, 'POST', `/dashboard/api/orders/${id}/spam`, { spam: true, reason: 'iseng' })).status).toBe(200);
    const result = await run(created + 60 * MINUTE);
    expect(result.sent).toBe(0);
    expect(await stepOf(id, 'fu1')).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.spam, sent_at: null });
  });

  it("a CS's press of fu1 before the hour: fu1 is not sent", async () => {
    const created = t.clock.now();
    const id = await order();
    await run(created + MINUTE);
    const pressed = await send(owner, 'POST', `/dashboard/api/orders/${id}/follow-ups`, { step: 'fu1' });
    expect(pressed.status, pressed.raw).toBe(201);
    const result = await run(created + 60 * MINUTE);
    expect(result.sent).toBe(0);
    expect(await stepOf(id, 'fu1')).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.pressed('fu1') });
    expect((await stepOf(id, 'fu2'))!.state).toBe('planned');
  });

  it('an order from Papua placed at 19:30 WIB gets fu1 at 08:00 WIT (quiet hours 20:00-08:00)', async () => {
    expect((await patch({ quiet_hours: { start: '20:00', end: '08:00' } })).status).toBe(200);
    // The next 19:30 WIB (12:30 UTC) from the test clock.
    const day = 24 * HOUR;
    let at = Math.floor(t.clock.now() / day) * day + 12 * HOUR + 30 * MINUTE;
    if (at < t.clock.now()) at += day;
    t.clock.set(at);
    const id = await order({}, { province: 'Papua', city: 'Jayapura' });
    const due = await run(at + 60 * MINUTE);
    expect(due.waiting).toBe(1);
    const waiting = (await stepOf(id, 'fu1'))!;
    expect(waiting.state).toBe('waiting_quiet_hours');
    expect(waiting.reason).toBe(MESSAGE_REASON.quietHours('08:00 WIT'));
    const eightWit = at - 12 * HOUR - 30 * MINUTE + day - 1 * HOUR; // 23:00 UTC the same UTC day = 08:00 WIT the next day
    expect(Date.parse(waiting.next_at)).toBe(seconds(eightWit));
    expect((await run(eightWit - MINUTE)).sent).toBe(0);
    expect((await run(eightWit)).sent).toBe(1);
    expect(Date.parse((await stepOf(id, 'fu1'))!.sent_at)).toBe(seconds(eightWit));
    await patch({ quiet_hours: null });
  });

  it('at least 10 seconds between two messages to one phone', async () => {
    const created = t.clock.now();
    const a = await order({}, { phone: '0813-5555-0001' });
    const b = await order({}, { phone: '0813-5555-0001' });
    const first = await run(created + 60 * MINUTE);
    expect(first).toMatchObject({ sent: 1, waiting: 1 });
    const second = await run(created + 60 * MINUTE + 10_000);
    expect(second.sent).toBe(1);
    const sent = [(await stepOf(a, 'fu1'))!, (await stepOf(b, 'fu1'))!].map((m) => Date.parse(m.sent_at)).sort();
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(9_000);
    expect(sent[1]! - sent[0]!).toBeLessThanOrEqual(11_000);
  });

  it('the pause holds what falls due; 6 hours after it was allowed to go, it expires', async () => {
    const created = t.clock.now();
    const id = await order();
    expect((await patch({ paused: true })).body.paused).toBe(true);
    await run(created + 60 * MINUTE);
    expect(await stepOf(id, 'fu1')).toMatchObject({ state: 'planned', reason: MESSAGE_REASON.paused });
    const held = await run(created + 60 * MINUTE + 5 * HOUR);
    expect(held.sent).toBe(0);
    await run(created + 60 * MINUTE + 6 * HOUR);
    expect(await stepOf(id, 'fu1')).toMatchObject({ state: 'expired', reason: MESSAGE_REASON.expired, sent_at: null });
    await patch({ paused: false });
    expect((await run(created + 7 * HOUR)).sent).toBe(0);
  });

  it("a provider's refusal: to retry later keeps it planned with the reason and the next try (Retry-After honoured); for good: failed", async () => {
    const created = t.clock.now();
    const id = await order();
    const answers: SendResult[] = [
      { ok: false, retry: true, error: 'rate limited', retryAfterMs: 10 * MINUTE },
      { ok: false, retry: false, error: 'number not on WhatsApp' },
    ];
    const provider: MessagingProvider = { name: 'stand-in', send: async () => answers.shift()! };
    const runWith = (at: number) => runDue(t.ctx, at, { tenantId: store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config, providerFor: () => provider });
    const first = await runWith(created + 60 * MINUTE);
    expect(first.waiting).toBe(1);
    const retry = (await stepOf(id, 'fu1'))!;
    expect(retry).toMatchObject({ state: 'planned', reason: MESSAGE_REASON.providerRetry('rate limited'), sent_at: null });
    expect(Date.parse(retry.next_at)).toBe(seconds(created + 70 * MINUTE));
    expect((await runWith(created + 69 * MINUTE)).failed).toBe(0);
    expect((await runWith(created + 70 * MINUTE)).failed).toBe(1);
    expect(await stepOf(id, 'fu1')).toMatchObject({ state: 'failed', reason: MESSAGE_REASON.providerFailed('number not on WhatsApp'), sent_at: null });
    expect(answers).toEqual([]);
  });

  it('seeding (lapak demo orders) plans nothing', async () => {
    const before = Number((await t.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const seeded = await seedOrders(t.ctx.db, t.clock, { tenantId: store.tenantId, count: 50, days: 1, seed: 7 });
    expect(seeded.ok).toBe(true);
    const result = await run(t.clock.now() + 2 * HOUR);
    expect(result.planned).toBe(0);
    const after = Number((await t.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});

describe('status notices', () => {
  beforeEach(setAside);
  beforeAll(async () => {
    // A notice is due 2 minutes after the change's time in the feed (the database's clock): the
    // test clock back at the real time.
    t.clock.set(Date.now());
    expect((await patch({ steps: { fu1: { on: false }, fu2: { on: false }, closing: { on: true }, paid: { on: true }, shipped: { on: true } } })).status).toBe(200);
  });

  it('a bank-transfer order moved to closing gets the closing notice 2 minutes later', async () => {
    const id = await order({ payment_method: 'bank_transfer' });
    expect((await move(id, 'closing')).status).toBe(200);
    const result = await run(Date.now() + 3 * MINUTE);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const closing = (await stepOf(id, 'closing'))!;
    expect(closing.state).toBe('sent');
    expect(closing.text).toContain('sudah kami konfirmasi');
  });

  it('a move undone at once sends nothing', async () => {
    const id = await order();
    await move(id, 'closing');
    await move(id, 'pending');
    await run(Date.now() + 3 * MINUTE);
    expect(await stepOf(id, 'closing')).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.leftStatus });
  });

  it('a gateway order moved to closing gets no closing notice; a COD order moved to paid gets no paid notice', async () => {
    const gateway = await order({ payment_method: 'midtrans' });
    await move(gateway, 'closing');
    const cod = await order({ payment_method: 'cod' });
    await move(cod, 'closing');
    await move(cod, 'paid');
    await run(Date.now() + 3 * MINUTE);
    expect(await stepOf(gateway, 'closing')).toBeUndefined();
    expect(await stepOf(cod, 'paid')).toBeUndefined();
    expect((await stepOf(cod, 'closing'))!.state).toMatch(/^(sent|cancelled)$/);
  });
});

describe("an order's messages", () => {
  it("another store's order, or a CS's look at an order not theirs: 404 order_not_found", async () => {
    const id = await order();
    const res = await send(cs, 'GET', `/dashboard/api/orders/${id}/messages`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('order_not_found');
    const other = await seedFormStore(t.ctx, {}, 'Toko Lain');
    const theirs = (await seedOrder(t.ctx, other.tenantId, { product_id: (await seedKaos(t.ctx, other.tenantId)).id, variant: 'Hitam / L', courier: 'JNE REG' })).id;
    expect((await send(owner, 'GET', `/dashboard/api/orders/${theirs}/messages`)).status).toBe(404);
    // A store without a provider: its changes are passed over, and the planner's position moves past them.
    await run(t.clock.now());
    expect(await t.ctx.db.selectFrom('messages').select('id').where('tenant_id', '=', other.tenantId).execute()).toEqual([]);
    const lag = await t.ctx.db.selectFrom('order_feed').select('id').where('id', '>', (await t.ctx.db.selectFrom('feed_consumers').select('position').where('name', '=', 'planner').executeTakeFirstOrThrow()).position).execute();
    if (t.ctx.dialect === 'sqlite') expect(lag).toEqual([]);
  });

  it('a message not yet sent shows the text it would be sent with now', async () => {
    await patch({ steps: { fu2: { on: true } } });
    const id = await order({}, { name: 'Wati' });
    await run(t.clock.now() + MINUTE);
    const fu2 = (await stepOf(id, 'fu2'))!;
    expect(fu2.state).toBe('planned');
    expect(fu2.text).toContain('Halo Kak Wati');
    expect(DEFAULT_FOLLOW_UPS.fu2.bank_transfer).toContain('belum kami terima');
  });
});

describe('the demo store', () => {
  it('uses the sandbox with fu1, fu2 and the four status notices on, quiet hours as default; its pending order gets fu1', async () => {
    const demo = await t.ctx.db.transaction().execute((tx) => createDemo(tx, t.clock, t.ctx.sealer, t.ctx.config.timeZone));
    const rows = await t.ctx.db.selectFrom('messaging_steps').select(['step', 'is_on']).where('tenant_id', '=', demo.tenant_id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.step, Number(r.is_on) === 1]))).toEqual({ fu1: true, fu2: true, fu3: false, fu4: false, closing: true, paid: true, shipped: true, cancelled: true });
    const settings = await t.ctx.db.selectFrom('messaging_settings').selectAll().where('tenant_id', '=', demo.tenant_id).executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ provider: 'sandbox', quiet_start: '20:00', quiet_end: '08:00' });
    expect(Number(settings.paused)).toBe(0);
    await runDue(t.ctx, t.clock.now() + MINUTE, { tenantId: demo.tenant_id, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });
    const pending = demo.orders.find((o) => o.status === 'pending')!.id;
    const planned = await t.ctx.db.selectFrom('messages').select(['step', 'state']).where('tenant_id', '=', demo.tenant_id).where('order_id', '=', pending).orderBy('step').execute();
    expect(planned.map((m) => m.step)).toEqual(['fu1', 'fu2']);
  });
});
