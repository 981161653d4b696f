// Issue 42 §1, §2, §4 against a local stand-in of the WhatsApp Cloud API, on SQLite and
// PostgreSQL: the operator's Meta app (without it: 404 and a refused choice), the store's number
// and token (sealed, "set", audited; a number another store uses: 409), each send's request as
// Meta documents it (text inside the 24-hour window, the named template outside, skipped without
// one), the webhook's handshake and signature, statuses forward only and deduplicated, Meta's
// error codes (130429 retried, 131026 not, 131050 opts the phone out, 190 stops the store's
// sending until a new token), the buyer's replies (follow-ups paused, "balasan baru", the CS's
// answer inside the window, refused outside it), STOP and START, the opt-out list's CSV, the
// test message's hello_world, and the thank-you page's button to the Cloud API number.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../test/form-helpers.js';
import { CUSTOMER, seedOrder, startTestApp, type Store } from '../../test/helpers.js';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../../test/whatsapp-stand-in.js';
import { runDue } from './run-due.js';
import { AUTOMATION_FIELD_TEXT, MESSAGE_REASON, STOP_CONFIRMATION } from './texts.js';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';
const PASSWORD = 'kata-sandi-pemilik-1';
const TOKEN = 'EAAG-test-access-token-of-the-store';
const NUMBER_ID = '109876543210001';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type Body = Record<string, any>;

let wa: WhatsAppStandIn;
let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let cs: Member;
let productId: number;

beforeAll(async () => {
  wa = await startWhatsAppStandIn();
  t = await startTestApp({ env: { WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN, WHATSAPP_API_BASE_URL: wa.url, WHATSAPP_API_VERSION: 'v23.0' } });
  store = await seedFormStore(t.ctx, { payment_methods: ['bank_transfer', 'cod'] }, 'Toko Cloud');
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
  cs = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rina CS' });
  await t.ctx.db.updateTable('users').set({ password_hash: await t.ctx.passwordHasher.hash(PASSWORD) }).where('id', '=', owner.userId).execute();
  productId = (await seedKaos(t.ctx, store.tenantId)).id;
});
afterAll(async () => {
  await t.drop();
  await wa.close();
});

const send = async (member: Member, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.request({ method, url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: (res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : null) as Body, raw: res.body };
};
const patch = (body: unknown) => send(owner, 'PATCH', '/dashboard/api/messaging', body);
const run = (at: number) => runDue(t.ctx, at, { tenantId: store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });

let phones = 0;
/** A pending bank-transfer order now, with a phone of its own; returns its id and the phone as Meta writes it. */
async function order(name = 'Siti Aminah'): Promise<{ id: number; wa: string }> {
  phones += 1;
  const tail = String(phones).padStart(4, '0');
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', courier: 'JNE REG', payment_method: 'bank_transfer', customer: { ...CUSTOMER, name, phone: `0812-7100-${tail}` } });
  return { id, wa: `628127100${tail}` };
}

/** Meta's POST with its signature (or `signature` instead). */
const webhook = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body);
  const sig = signature ?? `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  return t.request({ method: 'POST', url: '/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig }, payload: raw });
};
const envelope = (value: Record<string, unknown>, numberId = NUMBER_ID) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '2000000001', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '6281100000001', phone_number_id: numberId }, ...value } }] }],
});
const unix = () => String(Math.floor(t.clock.now() / 1000));
let wamids = 0;
const incoming = (from: string, text: string, id = `wamid.IN${++wamids}`) =>
  envelope({ contacts: [{ profile: { name: 'Pembeli' }, wa_id: from }], messages: [{ from, id, timestamp: unix(), type: 'text', text: { body: text } }] });
const status = (id: string, state: string, extra: Record<string, unknown> = {}) => envelope({ statuses: [{ id, status: state, timestamp: unix(), recipient_id: '6281200000000', ...extra }] });

const messagesOf = async (id: number) => (await send(owner, 'GET', `/dashboard/api/orders/${id}/messages`)).body.messages as Body[];
const fu1Of = async (id: number) => (await messagesOf(id)).find((m) => m.step === 'fu1')!;
const setAside = () =>
  t.ctx.db.updateTable('messages').set({ state: 'cancelled', reason: 'set aside by the test' }).where('tenant_id', '=', store.tenantId).where('state', 'in', ['planned', 'waiting_quiet_hours']).execute();
/** Past the 10-second spacing and any earlier test's window. */
const later = () => t.clock.advance(2 * 24 * HOUR);

describe('without the operator\'s Meta app', () => {
  it('the webhook is 404 and cloud_api cannot be chosen', async () => {
    const bare = await startTestApp();
    try {
      const other = await seedFormStore(bare.ctx, {}, 'Toko Tanpa Meta');
      const member = await seedMember(bare.ctx, other.tenantId, 'owner');
      expect((await bare.request({ method: 'GET', url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' })).statusCode).toBe(404);
      expect((await bare.request({ method: 'POST', url: '/webhooks/whatsapp', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
      const res = await bare.request({ method: 'PATCH', url: '/dashboard/api/messaging', headers: asMember(member, { 'content-type': 'application/json' }), payload: JSON.stringify({ provider: 'cloud_api', cloud_api: { phone_number_id: NUMBER_ID } }) });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields.provider).toBe(AUTOMATION_FIELD_TEXT.cloudApiNotConfigured);
      expect(res.json().fields.provider).not.toMatch(/undefined/);
    } finally {
      await bare.drop();
    }
  });
});

describe('connecting the store', () => {
  it('the token needs the password, is sealed and shown as "set"; cloud_api needs it; another store\'s number is 409', async () => {
    const early = await patch({ provider: 'cloud_api', cloud_api: { phone_number_id: NUMBER_ID } });
    expect(early.status).toBe(422);
    expect(early.body.fields.provider).toBe(AUTOMATION_FIELD_TEXT.whatsappTokenRequired);

    expect((await send(owner, 'PATCH', '/dashboard/api/settings/sensitive', { whatsapp_access_token: TOKEN })).status).toBe(403);
    const saved = await send(owner, 'PATCH', '/dashboard/api/settings/sensitive', { whatsapp_access_token: TOKEN, password: PASSWORD });
    expect(saved.status, saved.raw).toBe(200);
    const stored = await t.ctx.db.selectFrom('store_settings').select('whatsapp_access_token').where('tenant_id', '=', store.tenantId).executeTakeFirstOrThrow();
    expect(stored.whatsapp_access_token).not.toContain(TOKEN);
    const audit = await send(owner, 'GET', '/dashboard/api/settings/audit');
    expect(JSON.stringify(audit.body)).toContain('whatsapp_access_token');
    expect(JSON.stringify(audit.body)).not.toContain(TOKEN);

    // Another store took the number first.
    const other = await seedFormStore(t.ctx, {}, 'Toko Lain');
    await t.ctx.db.insertInto('messaging_settings').values({ tenant_id: other.tenantId, provider: null, cloud_phone_number_id: '555000111', updated_at: 0 }).execute();
    const taken = await patch({ cloud_api: { phone_number_id: '555000111' } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('phone_number_id_taken');

    const chosen = await patch({
      provider: 'cloud_api',
      quiet_hours: null,
      cloud_api: { phone_number_id: NUMBER_ID, waba_id: '2000000001', phone: '0811-0000-0001', templates: { fu1: { name: 'pengingat_bayar', language: 'id', params: ['nama', 'pesanan', 'total'] } } },
      steps: { fu1: { on: true } },
    });
    expect(chosen.status, chosen.raw).toBe(200);
    expect(chosen.body).toMatchObject({
      provider: 'cloud_api',
      halted: null,
      cloud_api: {
        available: true,
        phone_number_id: NUMBER_ID,
        waba_id: '2000000001',
        phone: '6281100000001',
        access_token: 'set',
        templates: { fu1: { name: 'pengingat_bayar', language: 'id', params: ['nama', 'pesanan', 'total'] }, fu2: null },
        paid_last_30_days: 0,
        webhook_url: 'https://lapak.test/webhooks/whatsapp',
      },
    });
    expect(JSON.stringify(chosen.body)).not.toContain(TOKEN);
    const unknown = await patch({ cloud_api: { templates: { fu2: { name: 'x', language: 'id', params: ['nama_panggilan'] } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields['cloud_api.templates.fu2.params']).toContain('nama_panggilan');
  });

  it('the test message is Meta\'s hello_world template to the member\'s own number', async () => {
    await t.ctx.db.updateTable('memberships').set({ whatsapp_number: '6281299990000' }).where('user_id', '=', owner.userId).execute();
    const before = wa.requests.length;
    const res = await send(owner, 'POST', '/dashboard/api/messaging/test');
    expect(res.body).toMatchObject({ ok: true, error: null, provider_message_id: wa.lastId() });
    expect(wa.requests.slice(before)).toEqual([
      {
        method: 'POST',
        path: `/v23.0/${NUMBER_ID}/messages`,
        authorization: `Bearer ${TOKEN}`,
        body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '6281299990000', type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } },
      },
    ]);
  });
});

describe('the webhook', () => {
  it('the handshake answers the challenge with the right token only', async () => {
    const ok = await t.request({ method: 'GET', url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await t.request({ method: 'GET', url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1` })).statusCode).toBe(403);
  });

  it('bodies up to 1 MiB (Meta batches): 900 KiB signed is read, more is 413', async () => {
    const big = { object: 'whatsapp_business_account', entry: [], pad: 'a'.repeat(900 * 1024) };
    expect((await webhook(big)).statusCode).toBe(200);
    const huge = { entry: [], pad: 'a'.repeat(1100 * 1024) };
    expect((await webhook(huge)).statusCode).toBe(413);
  });

  it('statuses: a wrong signature is 401 and changes nothing; delivered then read; a late delivered and a replay change nothing', async () => {
    await setAside();
    later();
    const { id, wa: from } = await order();
    await webhook(incoming(from, 'Halo kak, saya sudah pesan'));
    await setAside(); // the reply cancelled fu1: plan it again to test the statuses
    await t.ctx.db.updateTable('messages').set({ state: 'planned', reason: null }).where('tenant_id', '=', store.tenantId).where('order_id', '=', id).where('step', '=', 'fu1').execute();
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(1);
    const wamid = (await fu1Of(id)).provider_message_id as string;
    expect(wamid).toBe(wa.lastId());

    const forged = await webhook(status(wamid, 'read'), 'sha256=' + '0'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'invalid_signature' });
    expect((await webhook(status(wamid, 'read'), 'sha1=abc')).statusCode).toBe(401);
    expect((await fu1Of(id)).state).toBe('sent');

    expect((await webhook(status(wamid, 'delivered'))).statusCode).toBe(200);
    expect((await fu1Of(id)).state).toBe('delivered');
    await webhook(status(wamid, 'read', { pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'utility' } }));
    expect((await fu1Of(id)).state).toBe('read');
    await webhook(status(wamid, 'delivered'));
    await webhook(status(wamid, 'read'));
    await webhook(status(wamid, 'failed', { errors: [{ code: 131000, title: 'Something went wrong' }] }));
    expect((await fu1Of(id)).state).toBe('read');
    // Another number's change is passed over.
    expect((await webhook(envelope({ statuses: [{ id: wamid, status: 'failed', timestamp: unix() }] }, '999'))).statusCode).toBe(200);
    expect((await fu1Of(id)).state).toBe('read');
  });
});

describe('sending', () => {
  beforeEach(async () => {
    await setAside();
    later();
  });

  it('outside the window: the step\'s template with its named parameters, and paid ones are counted', async () => {
    const { id, wa: to } = await order('Budi   Santoso\u200B');
    const before = wa.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(1);
    const [request] = wa.requests.slice(before);
    expect(request!.path).toBe(`/v23.0/${NUMBER_ID}/messages`);
    expect(request!.authorization).toBe(`Bearer ${TOKEN}`);
    const totalRow = await t.ctx.db.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow();
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: {
        name: 'pengingat_bayar',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'nama', text: 'Budi Santoso' },
              { type: 'text', parameter_name: 'pesanan', text: String(id) },
              { type: 'text', parameter_name: 'total', text: expect.stringContaining(Number(totalRow.total).toLocaleString('id-ID')) },
            ],
          },
        ],
      },
    });
    const wamid = (await fu1Of(id)).provider_message_id as string;
    await webhook(status(wamid, 'delivered', { pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' } }));
    expect((await patch({})).body.cloud_api.paid_last_30_days).toBe(1);
  });

  it('inside the window opened by the buyer: the rendered text; without a template outside it: skipped', async () => {
    const { id: withWindow, wa: from } = await order('Rahmat');
    // A buyer's message before the order's follow-up falls due... and the follow-up is paused by it;
    // so the window is opened by an earlier conversation of the same phone.
    await t.ctx.db
      .insertInto('chat_messages')
      .values({ tenant_id: store.tenantId, phone: from, order_id: null, direction: 'in', text: 'halo', provider: 'cloud_api', provider_message_id: `wamid.EARLY${withWindow}`, state: 'received', created_at: t.clock.now() })
      .execute();
    const before = wa.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBe(1);
    const body = wa.requests.slice(before)[0]!.body;
    expect(body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', to: from, type: 'text', text: { preview_url: true } });
    expect(body.text.body).toContain('Halo Kak Rahmat');

    later();
    expect((await patch({ cloud_api: { templates: { fu1: null } } })).status).toBe(200);
    const { id: closed } = await order('Tanpa Template');
    const sentBefore = wa.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).skipped).toBe(1);
    expect(wa.requests.length).toBe(sentBefore);
    expect(await fu1Of(closed)).toMatchObject({ state: 'skipped', reason: MESSAGE_REASON.windowClosed });
    expect((await patch({ cloud_api: { templates: { fu1: { name: 'pengingat_bayar', language: 'id', params: ['nama', 'pesanan', 'total'] } } } })).status).toBe(200);
  });

  it('Meta\'s codes: 130429 is retried later, 131026 is not, 131050 opts the phone out', async () => {
    const { id: busy } = await order();
    wa.refuseNext({ status: 400, code: 130429, message: 'Rate limit hit', retryAfter: '600' });
    expect((await run(t.clock.now() + 61 * MINUTE)).waiting).toBe(1);
    const retry = await fu1Of(busy);
    expect(retry.state).toBe('planned');
    expect(retry.reason).toContain('130429');
    expect(Date.parse(retry.next_at) - (t.clock.now() + 61 * MINUTE)).toBeGreaterThanOrEqual(599_000);

    await setAside();
    later();
    const { id: missing } = await order();
    wa.refuseNext({ status: 400, code: 131026, message: 'Message undeliverable' });
    expect((await run(t.clock.now() + 61 * MINUTE)).failed).toBe(1);
    expect(await fu1Of(missing)).toMatchObject({ state: 'failed', reason: MESSAGE_REASON.notOnWhatsApp });
    const count = wa.requests.length;
    await run(t.clock.now() + 5 * HOUR);
    expect(wa.requests.length).toBe(count);

    later();
    const { id: stopped, wa: phone } = await order();
    wa.refuseNext({ status: 400, code: 131050, message: 'User has chosen to stop receiving marketing messages' });
    expect((await run(t.clock.now() + 61 * MINUTE)).failed).toBe(1);
    expect((await fu1Of(stopped)).reason).toBe(MESSAGE_REASON.optedOutAtProvider);
    const csv = await send(owner, 'GET', '/dashboard/api/messaging/opt-outs.csv');
    expect(csv.status).toBe(200);
    expect(csv.raw).toContain(`${phone};`);
    expect(csv.raw).toContain('whatsapp_131050');
    // Its next order is skipped without a request.
    later();
    const { id: next } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', courier: 'JNE REG', payment_method: 'bank_transfer', customer: { ...CUSTOMER, phone: `+${phone}` } });
    const requests = wa.requests.length;
    expect((await run(t.clock.now() + 61 * MINUTE)).skipped).toBe(1);
    expect(wa.requests.length).toBe(requests);
    expect(await fu1Of(next)).toMatchObject({ state: 'skipped', reason: MESSAGE_REASON.optedOut });
  });

  it('190 (the token revoked) stops the store\'s sending until a new token is saved', async () => {
    const { id } = await order();
    wa.refuseNext({ status: 401, code: 190, message: 'Error validating access token: Session has expired' });
    await run(t.clock.now() + 61 * MINUTE);
    expect((await patch({})).body.halted).toBe('token');
    const count = wa.requests.length;
    await run(t.clock.now() + 63 * MINUTE);
    expect(wa.requests.length).toBe(count);
    expect((await fu1Of(id)).reason).toBe(MESSAGE_REASON.halted.token);
    expect((await send(owner, 'PATCH', '/dashboard/api/settings/sensitive', { whatsapp_access_token: `${TOKEN}-new`, password: PASSWORD })).status).toBe(200);
    expect((await patch({})).body.halted).toBeNull();
    expect((await run(t.clock.now() + 65 * MINUTE)).sent).toBe(1);
    expect(wa.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}-new`);
  });
});

describe('the buyer writes', () => {
  beforeEach(async () => {
    await setAside();
    later();
  });

  it('a reply pauses the follow-ups, marks "balasan baru", and the CS answers inside the window', async () => {
    const { id, wa: from } = await order('Dewi');
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: cs.userId }).where('id', '=', id).execute();
    await run(t.clock.now() + MINUTE);
    expect((await fu1Of(id)).state).toBe('planned');
    expect((await webhook(incoming(from, 'Kak, bisa kirim hari ini?', 'wamid.REPLY1'))).statusCode).toBe(200);
    // A replay of the same message changes nothing.
    await webhook(incoming(from, 'Kak, bisa kirim hari ini?', 'wamid.REPLY1'));
    expect(await fu1Of(id)).toMatchObject({ state: 'cancelled', reason: MESSAGE_REASON.buyerReplied });
    const talk = await send(cs, 'GET', `/dashboard/api/orders/${id}/conversation`);
    expect(talk.status, talk.raw).toBe(200);
    expect(talk.body).toMatchObject({ provider: 'cloud_api', window_open: true, opted_out: false, reply_waiting: true });
    expect(talk.body.messages).toEqual([expect.objectContaining({ direction: 'in', text: 'Kak, bisa kirim hari ini?', state: 'received', by: null })]);

    const before = wa.requests.length;
    const answer = await send(cs, 'POST', `/dashboard/api/orders/${id}/conversation`, { text: 'Bisa Kak, sore ini dikirim.' });
    expect(answer.status, answer.raw).toBe(201);
    expect(answer.body).toMatchObject({ ok: true, error: null });
    expect(wa.requests.slice(before).map((r) => r.body)).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: from, type: 'text', text: { preview_url: true, body: 'Bisa Kak, sore ini dikirim.' } }]);
    const after = (await send(cs, 'GET', `/dashboard/api/orders/${id}/conversation`)).body;
    expect(after.reply_waiting).toBe(false);
    expect(after.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Bisa Kak, sore ini dikirim.', state: 'sent', by: { id: cs.userId, name: 'Rina CS' } });
    // The answer's own statuses come back too.
    await webhook(status(wa.lastId()!, 'read'));
    expect((await send(cs, 'GET', `/dashboard/api/orders/${id}/conversation`)).body.messages.at(-1).state).toBe('read');

    // A day later the window is closed: free text is refused.
    t.clock.advance(25 * HOUR);
    const closed = await send(cs, 'POST', `/dashboard/api/orders/${id}/conversation`, { text: 'Halo lagi' });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('window_closed');
    expect((await send(cs, 'POST', `/dashboard/api/orders/${id}/conversation`, { text: '   ' })).status).toBe(422);
  });

  it('STOP stops the automated messages and is answered once; START restores them', async () => {
    const { id, wa: from } = await order('Yanti');
    const before = wa.requests.length;
    await webhook(incoming(from, '  stop '));
    await webhook(incoming(from, 'STOP'));
    const answers = wa.requests.slice(before).map((r) => r.body);
    expect(answers).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: from, type: 'text', text: { preview_url: true, body: STOP_CONFIRMATION } }]);
    const talk = (await send(owner, 'GET', `/dashboard/api/orders/${id}/conversation`)).body;
    expect(talk.opted_out).toBe(true);
    expect(talk.reply_waiting).toBe(false);
    expect((await run(t.clock.now() + 61 * MINUTE)).skipped).toBe(1);
    expect((await fu1Of(id)).reason).toBe(MESSAGE_REASON.optedOut);
    // A sentence with the word is not a keyword.
    await webhook(incoming(from, 'tolong jangan stop pesanan saya'));
    // START (any case): on again.
    await webhook(incoming(from, 'Mulai'));
    expect((await send(owner, 'GET', `/dashboard/api/orders/${id}/conversation`)).body.opted_out).toBe(false);
    const csv = await send(owner, 'GET', '/dashboard/api/messaging/opt-outs.csv');
    expect(csv.raw).not.toContain(`${from};`);
  });
});

describe('the thank-you page', () => {
  it('with the Cloud API, its WhatsApp button goes to the store\'s Cloud API number', async () => {
    const product = await t.ctx.db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow();
    const url = `/form/${store.tenantId}/${product.slug}`;
    const token = tokenOf((await t.request({ method: 'GET', url })).body);
    const placed = await t.request({ method: 'POST', url, payload: formBody(token), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.9.0.1' });
    expect(placed.statusCode, placed.body.slice(0, 200)).toBe(303);
    const html = (await t.request({ method: 'GET', url: placed.headers.location as string })).body;
    const link = new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'));
    expect(link.pathname).toBe('/6281100000001');
  });
});
