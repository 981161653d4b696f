// Issue 42 §3 against a local stand-in of Fonnte, on SQLite and PostgreSQL: choosing it needs the
// device token and the accepted risk; each send's request as Fonnte documents it (POST /send, the
// token without "Bearer", target, message, countryCode "0"); Fonnte's refusals (a disconnected
// device stops the store's sending, a bad target fails, 5xx is retried; the token in no reason);
// the webhook at /webhooks/fonnte/{secret} (JSON and form posts; an unknown secret is 404; rotating
// it stops the old one at once): the buyer's messages (follow-ups paused, STOP answered once
// through Fonnte), statuses forward only by id and by stateid, the device's disconnect and connect;
// one message per 10 seconds and a jitter per store (several sender processes at once too), and the
// daily cap in the store's day; neither the secret nor the token in any log line.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { startFonnteStandIn, type FonnteStandIn } from '../../test/fonnte-stand-in.js';
import { seedFormStore, seedKaos } from '../../test/form-helpers.js';
import { CUSTOMER, seedOrder, startTestApp, type Store } from '../../test/helpers.js';
import { startOfDay } from '../lib/time.js';
import { ManualClock } from '../lib/clock.js';
import { silentLog } from '../jobs/worker.js';
import { runDue } from './run-due.js';
import { claimMessages, sendMessage } from './send-messages.js';
import { AUTOMATION_FIELD_TEXT, MESSAGE_REASON, STOP_CONFIRMATION, TEST_MESSAGE_TEXT } from './texts.js';
import { FONNTE_JITTER_MS, FONNTE_SPACING_MS } from './timing.js';

const PASSWORD = 'kata-sandi-pemilik-1';
const TOKEN = 'fonnte-device-token-of-the-store-xyz';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type Body = Record<string, any>;

let fonnte: FonnteStandIn;
let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let productId: number;
let logs = '';
let secret = '';
const oldSecrets: string[] = [];

beforeAll(async () => {
  fonnte = await startFonnteStandIn();
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk));
  t = await startTestApp({ env: { FONNTE_BASE_URL: fonnte.url }, logStream: stream });
  store = await seedFormStore(t.ctx, { payment_methods: ['bank_transfer', 'cod'] }, 'Toko Fonnte');
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
  await t.ctx.db.updateTable('users').set({ password_hash: await t.ctx.passwordHasher.hash(PASSWORD) }).where('id', '=', owner.userId).execute();
  productId = (await seedKaos(t.ctx, store.tenantId)).id;
});
afterAll(async () => {
  await t.drop();
  await fonnte.close();
});

const send = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.request({ method, url, headers: asMember(owner, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: (res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : null) as Body, raw: res.body };
};
const patch = (body: unknown) => send('PATCH', '/dashboard/api/messaging', body);
const run = (at: number) => runDue(t.ctx, at, { tenantId: store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });

let phones = 0;
/** A pending bank-transfer order now, with a phone of its own; returns its id and the phone as Fonnte writes it. */
async function order(name = 'Siti Aminah'): Promise<{ id: number; wa: string }> {
  phones += 1;
  const tail = String(phones).padStart(4, '0');
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', courier: 'JNE REG', payment_method: 'bank_transfer', customer: { ...CUSTOMER, name, phone: `0813-7200-${tail}` } });
  return { id, wa: `628137200${tail}` };
}

/** Fonnte's post to the store's address: JSON, or a form. */
const webhook = (body: Record<string, string | number>, options: { form?: boolean; path?: string } = {}) =>
  t.request({
    method: 'POST',
    url: options.path ?? `/webhooks/fonnte/${secret}`,
    headers: { 'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: options.form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(body),
  });
const unix = () => Math.floor(t.clock.now() / 1000);
let inbox = 1000;
const incoming = (from: string, message: string, inboxid: number = ++inbox) => ({ device: '6281100000009', sender: from, message, name: 'Pembeli', member: '', location: '', timestamp: unix(), inboxid });

const messagesOf = async (id: number) => (await send('GET', `/dashboard/api/orders/${id}/messages`)).body.messages as Body[];
const fu1Of = async (id: number) => (await messagesOf(id)).find((m) => m.step === 'fu1')!;
const setAside = () =>
  t.ctx.db.updateTable('messages').set({ state: 'cancelled', reason: 'set aside by the test' }).where('tenant_id', '=', store.tenantId).where('state', 'in', ['planned', 'waiting_quiet_hours']).execute();
/** Past the spacing, any earlier test's window, and into a day of its own. */
const later = () => t.clock.advance(2 * 24 * HOUR);

describe('connecting the store', () => {
  it('fonnte needs the device token and the accepted risk; then its webhook address is shown', async () => {
    const bare = await patch({ provider: 'fonnte' });
    expect(bare.status).toBe(422);
    expect(bare.body.fields).toMatchObject({ provider: AUTOMATION_FIELD_TEXT.fonnteTokenRequired, 'fonnte.accepted_risk': AUTOMATION_FIELD_TEXT.fonnteRisk });

    const saved = await send('PATCH', '/dashboard/api/settings/sensitive', { fonnte_token: TOKEN, password: PASSWORD });
    expect(saved.status, saved.raw).toBe(200);
    const withToken = await patch({ provider: 'fonnte' });
    expect(withToken.status).toBe(422);
    expect(withToken.body.fields).toEqual({ 'fonnte.accepted_risk': AUTOMATION_FIELD_TEXT.fonnteRisk });

    const chosen = await patch({ provider: 'fonnte', fonnte: { accepted_risk: true }, quiet_hours: null, steps: { fu1: { on: true } } });
    expect(chosen.status, chosen.raw).toBe(200);
    expect(chosen.body).toMatchObject({ provider: 'fonnte', halted: null, fonnte: { token: 'set', daily_cap: 200, accepted_risk: true } });
    const url = chosen.body.fonnte.webhook_url as string;
    expect(url).toMatch(/^https:\/\/lapak\.test\/webhooks\/fonnte\/[A-Za-z0-9_-]{32}$/);
    secret = url.split('/').at(-1)!;
    expect(JSON.stringify(chosen.body)).not.toContain(TOKEN);
  });

  it('the test message is one POST /send with the token as it is (no Bearer), the number pre-normalised', async () => {
    await t.ctx.db.updateTable('memberships').set({ whatsapp_number: '6281299990000' }).where('user_id', '=', owner.userId).execute();
    const before = fonnte.requests.length;
    const res = await send('POST', '/dashboard/api/messaging/test');
    expect(res.body).toEqual({ ok: true, error: null, provider_message_id: fonnte.lastId() });
    expect(fonnte.requests.slice(before)).toEqual([
      { method: 'POST', path: '/send', authorization: TOKEN, contentType: 'application/json', body: { target: '6281299990000', message: TEST_MESSAGE_TEXT, countryCode: '0' } },
    ]);
  });
});

describe('sending', () => {
  beforeEach(async () => {
    await setAside();
    later();
  });

  it('a follow-up goes as Fonnte documents it, and its id is kept', async () => {
    const { id, wa } = await order('Budi Santoso');
    const before = fonnte.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(1);
    const [request, ...more] = fonnte.requests.slice(before);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/send', authorization: TOKEN, body: { target: wa, countryCode: '0' } });
    expect(Object.keys(request!.body).sort()).toEqual(['countryCode', 'message', 'target']);
    expect(request!.body.message).toContain('Halo Kak Budi Santoso');
    expect(await fu1Of(id)).toMatchObject({ state: 'sent', provider_message_id: fonnte.lastId() });
  });

  it('one message per 10 seconds and a jitter per store: the second phone waits its turn', async () => {
    const first = await order();
    const second = await order();
    const at = t.clock.now() + 61 * MINUTE;
    const result = await run(at);
    expect(result).toMatchObject({ sent: 1, waiting: 1 });
    const waiting = (await fu1Of(first.id)).state === 'sent' ? second.id : first.id;
    const turn = await fu1Of(waiting);
    expect(turn).toMatchObject({ state: 'planned', reason: MESSAGE_REASON.fonnteSpacing });
    const wait = Date.parse(turn.next_at) - at;
    expect(wait).toBeGreaterThanOrEqual(FONNTE_SPACING_MS - 1000);
    expect(wait).toBeLessThanOrEqual(FONNTE_SPACING_MS + FONNTE_JITTER_MS);
    // Not a moment early: the exact instant is in the database (the answer shows whole seconds).
    const nextAt = Number((await t.ctx.db.selectFrom('messages').select('next_at').where('tenant_id', '=', store.tenantId).where('order_id', '=', waiting).where('step', '=', 'fu1').executeTakeFirstOrThrow()).next_at);
    expect(nextAt - at).toBeGreaterThanOrEqual(FONNTE_SPACING_MS);
    expect((await run(nextAt - 1)).sent).toBe(0);
    expect((await run(nextAt)).sent).toBe(1);
    expect(await fu1Of(waiting)).toMatchObject({ state: 'sent', reason: null });
  });

  it('sender processes at once still take the store\'s turns one by one', async () => {
    for (let i = 0; i < 6; i += 1) await order();
    const at = t.clock.now() + 61 * MINUTE;
    // The planner makes the messages; then each "process" claims one and sends it at the same moment.
    await run(t.clock.now());
    const deps = { db: t.ctx.db, dialect: t.ctx.dialect, writeTransaction: t.ctx.writeTransaction, clock: new ManualClock(at), serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config, log: silentLog };
    const claimed = [];
    for (let i = 0; i < 6; i += 1) claimed.push(...(await claimMessages(deps, at, 1, store.tenantId)));
    expect(new Set(claimed.map((c) => c.id)).size).toBe(6);
    const outcomes = await Promise.all(claimed.map((c) => sendMessage(deps, c)));
    expect(outcomes.sort()).toEqual(['sent', 'waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
  });

  it('the daily cap in the store\'s day: the third waits for the next day with the reason, then goes', async () => {
    expect((await patch({ fonnte: { daily_cap: 2 } })).body.fonnte.daily_cap).toBe(2);
    const zone = t.ctx.config.timeZone;
    // 19:00 in the store's zone: the follow-ups fall due at 20:00, the next day starts 4 hours later.
    t.clock.set(startOfDay(t.clock.now(), zone) + 19 * HOUR);
    const orders = [await order(), await order(), await order()];
    const due = t.clock.now() + 61 * MINUTE;
    expect((await run(due)).sent).toBe(1);
    const second = await run(due + FONNTE_SPACING_MS + FONNTE_JITTER_MS);
    expect(second).toMatchObject({ sent: 1, waiting: 1 });
    const states = await Promise.all(orders.map((o) => fu1Of(o.id)));
    const held = states.find((m) => m.state === 'planned')!;
    expect(held.reason).toBe(MESSAGE_REASON.fonnteDailyCap(2));
    const nextDay = startOfDay(due + 24 * HOUR, zone);
    expect(Date.parse(held.next_at)).toBe(nextDay);
    // Still the same day: nothing more goes.
    const count = fonnte.requests.length;
    expect((await run(nextDay - 1000)).sent).toBe(0);
    expect(fonnte.requests.length).toBe(count);
    expect((await run(nextDay)).sent).toBe(1);
    expect((await patch({ fonnte: { daily_cap: 200 } })).status).toBe(200);
  });

  it('Fonnte\'s refusals: a bad target fails, a 5xx is tried again, and the token is in no reason', async () => {
    const { id: bad } = await order();
    fonnte.refuseNext({ reason: 'invalid target' });
    expect((await run(t.clock.now() + 61 * MINUTE)).failed).toBe(1);
    expect(await fu1Of(bad)).toMatchObject({ state: 'failed', reason: MESSAGE_REASON.providerFailed('Fonnte: invalid target') });

    later();
    const { id: busy } = await order();
    fonnte.refuseNext({ status: 502, reason: `upstream down for ${TOKEN}` });
    expect((await run(t.clock.now() + 61 * MINUTE)).waiting).toBe(1);
    const retry = await fu1Of(busy);
    expect(retry.state).toBe('planned');
    expect(retry.reason).toContain('Fonnte');
    expect(retry.reason).not.toContain(TOKEN);
  });

  it('a disconnected device stops the store\'s sending until Fonnte says it is connected again', async () => {
    const { id } = await order();
    fonnte.refuseNext({ reason: 'disconnected device' });
    await run(t.clock.now() + 61 * MINUTE);
    expect((await send('GET', '/dashboard/api/messaging')).body.halted).toBe('device');
    const count = fonnte.requests.length;
    await run(t.clock.now() + 63 * MINUTE);
    expect(fonnte.requests.length).toBe(count);
    expect((await fu1Of(id)).reason).toBe(MESSAGE_REASON.halted.device);
    expect((await webhook({ device: '6281100000009', status: 'connect', timestamp: unix() })).statusCode).toBe(200);
    expect((await send('GET', '/dashboard/api/messaging')).body.halted).toBeNull();
    expect((await run(t.clock.now() + 65 * MINUTE)).sent).toBe(1);
  });
});

describe('the webhook', () => {
  beforeEach(async () => {
    await setAside();
    later();
  });

  it('an unknown secret is 404, and so is a path too long to be one', async () => {
    const res = await webhook(incoming('6281300000001', 'halo'), { path: '/webhooks/fonnte/not-a-secret-of-any-store' });
    expect(res.statusCode).toBe(404);
    expect((await webhook(incoming('6281300000001', 'halo'), { path: `/webhooks/fonnte/${'x'.repeat(150)}` })).statusCode).toBe(404);
    expect((await webhook(incoming('6281300000001', 'halo'), { path: '/webhooks/fonnte/' })).statusCode).toBe(404);
  });

  it('the buyer\'s message is recorded once and pauses the follow-ups; a form post reads the same', async () => {
    const { id, wa } = await order('Dewi');
    await run(t.clock.now() + MINUTE);
    expect((await fu1Of(id)).state).toBe('planned');
    const message = incoming(wa, 'Kak, bisa kirim hari ini?');
    expect((await webhook(message)).statusCode).toBe(200);
    expect((await webhook(message, { form: true })).statusCode).toBe(200);
    expect(await fu1Of(id)).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.buyerReplied });
    const talk = (await send('GET', `/dashboard/api/orders/${id}/conversation`)).body;
    expect(talk).toMatchObject({ provider: 'fonnte', reply_waiting: true, opted_out: false });
    expect(talk.messages).toEqual([expect.objectContaining({ direction: 'in', text: 'Kak, bisa kirim hari ini?', state: 'received' })]);

    // Without Fonnte's inbox id: the same sender, moment and text is the same message.
    const { id: other, wa: otherWa } = await order('Tanpa Inbox');
    const plain = { sender: otherWa, message: 'oke kak', timestamp: unix() };
    await webhook(plain, { form: true });
    await webhook(plain);
    expect((await send('GET', `/dashboard/api/orders/${other}/conversation`)).body.messages).toHaveLength(1);
  });

  it('STOP is answered once through Fonnte, and the follow-ups skip the phone', async () => {
    const { id, wa } = await order('Yanti');
    const before = fonnte.requests.length;
    await webhook(incoming(wa, '  stop '));
    await webhook(incoming(wa, 'STOP'), { form: true });
    expect(fonnte.requests.slice(before)).toEqual([
      { method: 'POST', path: '/send', authorization: TOKEN, contentType: 'application/json', body: { target: wa, message: STOP_CONFIRMATION, countryCode: '0' } },
    ]);
    expect((await send('GET', `/dashboard/api/orders/${id}/conversation`)).body.opted_out).toBe(true);
    expect((await run(t.clock.now() + 61 * MINUTE)).skipped).toBe(1);
    expect((await fu1Of(id)).reason).toBe(MESSAGE_REASON.optedOut);
    await webhook(incoming(wa, 'MULAI'));
    expect((await send('GET', `/dashboard/api/orders/${id}/conversation`)).body.opted_out).toBe(false);
  });

  it('statuses move a message forward only: by its id, then by its stateid alone; "invalid" fails it', async () => {
    const { id } = await order();
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(1);
    const fonnteId = (await fu1Of(id)).provider_message_id as string;
    const stateId = `3EB0${fonnteId}`;
    expect((await webhook({ device: '6281100000009', id: fonnteId, stateid: stateId, status: 'sent', state: 'sent' })).statusCode).toBe(200);
    expect((await fu1Of(id)).state).toBe('sent');
    await webhook({ device: '6281100000009', stateid: stateId, state: 'delivered' }, { form: true });
    expect((await fu1Of(id)).state).toBe('delivered');
    await webhook({ device: '6281100000009', stateid: stateId, state: 'read' });
    expect((await fu1Of(id)).state).toBe('read');
    await webhook({ device: '6281100000009', stateid: stateId, state: 'delivered' });
    await webhook({ device: '6281100000009', id: fonnteId, status: 'invalid' });
    expect((await fu1Of(id)).state).toBe('read');
    // Another store's stateid or an unknown one changes nothing and is still answered 200.
    expect((await webhook({ device: '6281100000009', stateid: 'UNKNOWN', state: 'read' })).statusCode).toBe(200);

    later();
    const { id: invalid } = await order();
    await run(t.clock.now() + 61 * MINUTE);
    await webhook({ device: '6281100000009', id: (await fu1Of(invalid)).provider_message_id, status: 'invalid', state: '' });
    expect(await fu1Of(invalid)).toMatchObject({ state: 'failed', reason: MESSAGE_REASON.providerFailed('Fonnte: invalid') });
  });

  it('the device\'s disconnect stops the sending (the page shows it); its connect resumes it', async () => {
    const { id } = await order();
    expect((await webhook({ device: '6281100000009', status: 'disconnect', reason: 'device logged out', timestamp: unix() })).statusCode).toBe(200);
    expect((await send('GET', '/dashboard/api/messaging')).body.halted).toBe('device');
    const count = fonnte.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(0);
    expect(fonnte.requests.length).toBe(count);
    expect((await fu1Of(id)).reason).toBe(MESSAGE_REASON.halted.device);
    await webhook({ device: '6281100000009', status: 'connect', timestamp: unix() }, { form: true });
    expect((await send('GET', '/dashboard/api/messaging')).body.halted).toBeNull();
    expect((await run(t.clock.now() + 62 * MINUTE)).sent).toBe(1);
  });

  it('rotating the secret: the old address is 404 at once, the new one works and is shown', async () => {
    const rotated = await send('POST', '/dashboard/api/messaging/fonnte-secret');
    expect(rotated.status, rotated.raw).toBe(200);
    const url = rotated.body.webhook_url as string;
    expect(url).toMatch(/^https:\/\/lapak\.test\/webhooks\/fonnte\/[A-Za-z0-9_-]{32}$/);
    const fresh = url.split('/').at(-1)!;
    expect(fresh).not.toBe(secret);
    oldSecrets.push(secret);
    expect((await webhook(incoming('6281300000002', 'halo'))).statusCode).toBe(404);
    secret = fresh;
    expect((await webhook(incoming('6281300000002', 'halo'))).statusCode).toBe(200);
    expect((await send('GET', '/dashboard/api/messaging')).body.fonnte.webhook_url).toBe(url);
  });
});

describe('logs', () => {
  it('carry neither the webhook\'s secrets nor the device token', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(logs).toContain('/webhooks/fonnte/:secret');
    expect(logs).toContain('"provider":"fonnte"');
    for (const hidden of [secret, ...oldSecrets, TOKEN]) {
      expect(hidden.length).toBeGreaterThan(20);
      expect(logs).not.toContain(hidden);
    }
  });
});
