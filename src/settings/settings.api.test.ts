// The settings routes over HTTP (docs/dashboard.md, "Settings"): reading and saving each
// field with its validation, write-only gateway credentials, templates (422
// unknown_placeholder, the preview through the real renderers), the sensitive changes with the
// password entered again and their audit log, and the store's time zone: it changes the dates
// inside rendered messages, never the API's or webhooks' timestamps. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { issueKey } from '../api-keys/issue-key.js';
import { valueOf } from '../lib/outcome.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../test/form-helpers.js';
import { PROVINCES } from '../shipping/provinces.js';
import { PLACEHOLDER_NAMES } from '../templates/placeholders.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let store: Store;
let owner: Member;
let admin: Member;
let cs: Member;
const PASSWORD = 'sandi-pemilik-toko-1';
const SECRET = 'SB-Mid-server-rahasia-123';

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx, {}, 'Toko Setelan');
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  admin = await seedMember(t.ctx, store.tenantId, 'admin');
  cs = await seedMember(t.ctx, store.tenantId, 'cs');
  const hash = await t.ctx.passwordHasher.hash(PASSWORD);
  await t.ctx.db.updateTable('users').set({ password_hash: hash }).where('id', 'in', [owner.userId, admin.userId]).execute();
});
afterAll(() => t.drop());

const body = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const as = (member: Member) => asMember(member) as Record<string, string>;
const readSettings = async (member = owner) => json(await t.request({ method: 'GET', url: '/dashboard/api/settings', headers: as(member) }));
const patch = (payload: unknown, member = owner) =>
  t.request({ method: 'PATCH', url: '/dashboard/api/settings', ...body(payload), headers: { ...as(member), 'content-type': 'application/json' } });
const patchSensitive = (payload: unknown, member = owner) =>
  t.request({ method: 'PATCH', url: '/dashboard/api/settings/sensitive', ...body(payload), headers: { ...as(member), 'content-type': 'application/json' } });
const preview = (payload: unknown, member = owner) =>
  t.request({ method: 'POST', url: '/dashboard/api/templates/preview', ...body(payload), headers: { ...as(member), 'content-type': 'application/json' } });
const auditRows = () => t.ctx.db.selectFrom('settings_audit').selectAll().where('tenant_id', '=', store.tenantId).orderBy('id').execute();

describe('GET /dashboard/api/settings', () => {
  it('shows every setting, the default templates, the placeholders and the time zones', async () => {
    const settings = await readSettings();
    expect(settings).toMatchObject({
      store_name: 'Toko Setelan',
      whatsapp_number: '6281299990000',
      payment_methods: ['bank_transfer', 'cod'],
      gateway: null,
      offered_payment_methods: ['bank_transfer', 'cod'],
      bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Form' }],
      gateway_credentials: { midtrans_server_key: null, xendit_secret_key: null, xendit_callback_token: null },
      unique_code: false,
      thank_you_template: null,
      opening_message_template: null,
      placeholders: [...PLACEHOLDER_NAMES],
      time_zone: null,
      server_time_zone: t.ctx.config.timeZone,
    });
    expect(settings.shipping_rates).toEqual(
      expect.arrayContaining([{ courier: 'JNE REG', province: 'Jawa Barat', fee: 12000 }, { courier: 'JNE REG', province: '*', fee: 30000 }]),
    );
    expect(settings.default_templates.thank_you).toContain('{pesanan}');
  });

  it('an admin reads them too; a CS is refused', async () => {
    expect((await readSettings(admin)).store_name).toBe('Toko Setelan');
    const res = await t.request({ method: 'GET', url: '/dashboard/api/settings', headers: as(cs) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('PATCH /dashboard/api/settings', () => {
  it.each([
    ['store_name', { store_name: '   ' }],
    ['store_name', { store_name: 'x'.repeat(201) }],
    ['whatsapp_number', { whatsapp_number: '12345' }],
    ['payment_methods', { payment_methods: ['paypal'] }],
    ['payment_methods', { payment_methods: [] }],
    ['payment_methods', { payment_methods: ['cod', 'cod'] }],
    ['gateway', { gateway: 'stripe' }],
    ['thank_you_template', { thank_you_template: 'x'.repeat(1001) }],
    ['opening_message_template', { opening_message_template: 'x'.repeat(1001) }],
    ['time_zone', { time_zone: 'Mars/Olympus' }],
    ['time_zone', { time_zone: '+07:00' }],
    ['time_zone', { time_zone: 'WIB' }],
    ['shipping_rates.0.province', { shipping_rates: [{ courier: 'JNE', province: 'Atlantis', fee: 1000 }] }],
    ['shipping_rates.0.fee', { shipping_rates: [{ courier: 'JNE', province: 'Bali', fee: -1 }] }],
    ['shipping_rates.0.fee', { shipping_rates: [{ courier: 'JNE', province: 'Bali', fee: 10.5 }] }],
    ['shipping_rates.0.courier', { shipping_rates: [{ courier: '', province: 'Bali', fee: 1 }] }],
    ['shipping_rates', { shipping_rates: [{ courier: 'JNE', province: 'Bali', fee: 1 }, { courier: 'JNE', province: 'Bali', fee: 2 }] }],
    ['bank_accounts', { bank_accounts: [] }],
    ['unique_code', { unique_code: true }],
  ])('refuses a bad %s with 422 invalid_request naming it, and changes nothing', async (field, payload) => {
    const before = await readSettings();
    const res = await patch({ store_name: 'Nama Baru', ...payload });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(Object.keys(res.json().fields).some((key) => key === field || key.startsWith(`${field}.`)), JSON.stringify(res.json().fields)).toBe(true);
    expect(await readSettings()).toEqual(before);
  });

  it('the time zone and WhatsApp refusals say what is expected, in Indonesian', async () => {
    expect((await patch({ time_zone: 'Asia/Jakart' })).json().fields.time_zone).toContain('Asia/Jakarta');
    expect((await patch({ whatsapp_number: '123' })).json().fields.whatsapp_number).toContain('WhatsApp');
    expect((await patch({ whatsapp_number: 'abc' })).json().fields.whatsapp_number).toBe(DASHBOARD_FIELD_TEXT.phoneLetters);
  });

  it('saves every ordinary field at once and answers the settings as they are now', async () => {
    const rates = [
      { courier: 'SiCepat', province: '*', fee: 25000 },
      { courier: 'SiCepat', province: 'Bali', fee: 15000 },
      ...PROVINCES.slice(0, 3).map((province) => ({ courier: 'Anteraja', province, fee: 9000 })),
    ];
    const res = await patch({
      store_name: '  Toko Setelan Baru ',
      whatsapp_number: '+62 811-2222-3333',
      payment_methods: ['cod', 'bank_transfer', 'gateway'],
      gateway: 'midtrans',
      thank_you_template: 'Halo {toko}, pesanan #{pesanan} dari {nama}.',
      opening_message_template: 'Hai {nama}, pesanan {produk} tanggal {tanggal}.',
      time_zone: 'asia/makassar',
      shipping_rates: rates,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      store_name: 'Toko Setelan Baru',
      whatsapp_number: '6281122223333',
      payment_methods: ['cod', 'bank_transfer', 'gateway'],
      gateway: 'midtrans',
      // The gateway is offered only once its credentials are set.
      offered_payment_methods: ['cod', 'bank_transfer'],
      thank_you_template: 'Halo {toko}, pesanan #{pesanan} dari {nama}.',
      opening_message_template: 'Hai {nama}, pesanan {produk} tanggal {tanggal}.',
      time_zone: 'Asia/Makassar',
    });
    expect([...saved.shipping_rates].sort((a, b) => `${a.courier}${a.province}`.localeCompare(`${b.courier}${b.province}`))).toEqual(
      [...rates].sort((a, b) => `${a.courier}${a.province}`.localeCompare(`${b.courier}${b.province}`)),
    );
    // The old rates are gone: the table was replaced.
    expect(saved.shipping_rates.some((r: { courier: string }) => r.courier === 'JNE REG')).toBe(false);
    expect(await readSettings()).toEqual(saved);
    // An empty template is the default again; fields not sent stay as they are.
    const cleared = (await patch({ thank_you_template: '' })).json();
    expect(cleared.thank_you_template).toBeNull();
    expect(cleared.store_name).toBe('Toko Setelan Baru');
    expect(cleared.time_zone).toBe('Asia/Makassar');
  });

  it("rates, a name and a time zone alone do not mark the payment step of the home checklist as chosen", async () => {
    const fresh = await seedStore(t.ctx, {}, { name: 'Toko Baru' });
    const freshOwner = await seedMember(t.ctx, fresh.tenantId, 'owner');
    const res = await patch({ store_name: 'Toko Baru Sekali', shipping_rates: [{ courier: 'JNE', province: '*', fee: 20000 }] }, freshOwner);
    expect(res.statusCode, res.body).toBe(200);
    const zoned = await patch({ time_zone: 'Asia/Jayapura' }, freshOwner);
    expect(zoned.statusCode, zoned.body).toBe(200);
    expect(zoned.json().time_zone).toBe('Asia/Jayapura');
    const home = json(await t.request({ method: 'GET', url: '/dashboard/api/home', headers: as(freshOwner) }));
    expect(home.checklist).toMatchObject({ shipping: true, payment: false });
    expect((await patch({ payment_methods: ['cod'] }, freshOwner)).statusCode).toBe(200);
    expect(json(await t.request({ method: 'GET', url: '/dashboard/api/home', headers: as(freshOwner) })).checklist.payment).toBe(true);
  });

  it('unknown fields and the sensitive ones are not accepted here', async () => {
    const res = await patch({ midtrans_server_key: SECRET });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ midtrans_server_key: 'Isian tidak dikenal.' });
  });

  it('a template with an unknown placeholder: 422 unknown_placeholder with the ones accepted; nothing saved', async () => {
    const before = await readSettings();
    const res = await patch({ store_name: 'Tidak Tersimpan', thank_you_template: 'Halo {nama}, harga {harga} {nama} {diskon} {ongkir}' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'unknown_placeholder', field: 'thank_you_template', unknown: ['harga', 'diskon'], accepted: [...PLACEHOLDER_NAMES] });
    expect((await patch({ opening_message_template: '{kurir} {kupon}' })).json()).toMatchObject({ code: 'unknown_placeholder', field: 'opening_message_template', unknown: ['kupon'] });
    expect(await readSettings()).toEqual(before);
  });

  it('a CS cannot change settings: 403, nothing changed', async () => {
    const before = await readSettings();
    const res = await patch({ store_name: 'Diubah CS', shipping_rates: [] }, cs);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    expect(await readSettings()).toEqual(before);
  });
});

describe('PATCH /dashboard/api/settings/sensitive', () => {
  const ACCOUNTS = [{ bank: 'Mandiri', number: '123-000-456', holder: 'Pemilik Toko' }];

  it('without the password again: 403 password_required; nothing changed, nothing in the audit log', async () => {
    const before = await readSettings();
    const auditBefore = await auditRows();
    for (const payload of [{ bank_accounts: ACCOUNTS }, { bank_accounts: ACCOUNTS, password: '' }]) {
      const res = await patchSensitive(payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'password_required', error: 'Masukkan kata sandi Anda lagi untuk mengubah pengaturan ini.' });
    }
    expect(await readSettings()).toEqual(before);
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('with a wrong password: 403 wrong_password; nothing changed', async () => {
    const before = await readSettings();
    const auditBefore = await auditRows();
    const res = await patchSensitive({ bank_accounts: ACCOUNTS, unique_code: true, password: 'bukan-sandinya-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'wrong_password' });
    expect(await readSettings()).toEqual(before);
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('an admin, even with the right password, is refused (owner only)', async () => {
    const before = await readSettings();
    const res = await patchSensitive({ bank_accounts: ACCOUNTS, password: PASSWORD }, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    expect(await readSettings()).toEqual(before);
  });

  it('nothing to change: 422 before any password work', async () => {
    const res = await patchSensitive({ password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toHaveProperty('body');
  });

  it('a bad value with the right password: 422, nothing changed, nothing audited', async () => {
    const before = await readSettings();
    const auditBefore = await auditRows();
    const res = await patchSensitive({ bank_accounts: [{ bank: 'BCA', number: 'abc', holder: 'X' }], password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toHaveProperty(['bank_accounts.0.number']);
    expect(await readSettings()).toEqual(before);
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('the owner with the password: saved, each field in the audit log (who, when) without its value; credentials are write-only', async () => {
    const auditBefore = (await auditRows()).length;
    const res = await patchSensitive({
      password: PASSWORD,
      bank_accounts: ACCOUNTS,
      midtrans_server_key: SECRET,
      xendit_secret_key: 'xnd_development_rahasia',
      xendit_callback_token: 'token-panggilan-rahasia',
      unique_code: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      bank_accounts: ACCOUNTS,
      unique_code: true,
      gateway_credentials: { midtrans_server_key: 'set', xendit_secret_key: 'set', xendit_callback_token: 'set' },
    });
    for (const answer of [res.body, JSON.stringify(await readSettings()), JSON.stringify(await readSettings(admin))]) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain('xnd_development_rahasia');
      expect(answer).not.toContain('token-panggilan-rahasia');
    }
    const rows = (await auditRows()).slice(auditBefore);
    expect(rows.map((r) => r.field)).toEqual(['bank_accounts', 'midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token', 'unique_code']);
    for (const row of rows) {
      expect(Number(row.user_id)).toBe(owner.userId);
      expect(Number(row.created_at)).toBe(t.clock.now());
      expect(Object.keys(row).sort()).toEqual(['created_at', 'field', 'id', 'tenant_id', 'user_id']);
    }
    expect(JSON.stringify(rows)).not.toContain('Mandiri');

    const log = await t.request({ method: 'GET', url: '/dashboard/api/settings/audit', headers: as(owner) });
    expect(log.statusCode).toBe(200);
    expect(log.json()[0]).toMatchObject({ field: 'unique_code', user: { id: owner.userId }, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(log.body).not.toContain(SECRET);
    expect(log.body).not.toContain('123-000-456');
    // Removing a credential is a change too.
    const removed = await patchSensitive({ password: PASSWORD, xendit_secret_key: null });
    expect(removed.json().gateway_credentials.xendit_secret_key).toBeNull();
    expect((await auditRows()).at(-1)!.field).toBe('xendit_secret_key');
  });

  it('the audit log is the owner\'s to read: an admin and a CS are refused', async () => {
    for (const member of [admin, cs]) {
      const res = await t.request({ method: 'GET', url: '/dashboard/api/settings/audit', headers: as(member) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /dashboard/api/templates/preview', () => {
  it('renders a thank-you template with sample data through the thank-you renderer (one line)', async () => {
    const res = await preview({ kind: 'thank_you', template: 'Halo {toko},\n\nsaya {nama}. Total {total}.' });
    expect(res.statusCode).toBe(200);
    const store = (await readSettings()).store_name;
    expect(res.json()).toMatchObject({ text: `Halo ${store}, saya Budi Santoso. Total Rp159.000.`, unknown_placeholders: [], placeholders: [...PLACEHOLDER_NAMES] });
  });

  it('no template: the default one; unknown placeholders render as written and are listed', async () => {
    const res = (await preview({ kind: 'opening', template: null })).json();
    expect(res.text).toContain('Halo Kak Budi Santoso');
    const unknown = (await preview({ kind: 'opening', template: 'Hai {nama} {harga}' })).json();
    expect(unknown).toMatchObject({ text: 'Hai Budi Santoso {harga}', unknown_placeholders: ['harga'] });
  });

  it("dates in the chosen zone, else the store's; a bad zone is 422", async () => {
    // 2026-01-31 20:00 UTC: the 1st of February in Jayapura (UTC+9), still the 31st in Los Angeles.
    t.clock.set(Date.UTC(2026, 0, 31, 20, 0));
    expect((await preview({ kind: 'opening', template: '{tanggal}', time_zone: 'Asia/Jayapura' })).json().text).toBe('1 Februari 2026');
    expect((await preview({ kind: 'opening', template: '{tanggal}', time_zone: 'America/Los_Angeles' })).json().text).toBe('31 Januari 2026');
    expect((await preview({ kind: 'opening', template: '{tanggal}', time_zone: 'Bulan/Purnama' })).statusCode).toBe(422);
  });

  it('a CS may not preview', async () => {
    expect((await preview({ kind: 'opening', template: null }, cs)).statusCode).toBe(403);
  });
});

describe("the store's time zone", () => {
  it('changes the dates inside rendered messages, never the API timestamps nor the webhook payloads', async () => {
    // 2026-03-10 18:30 UTC: the 11th in Jayapura (UTC+9), the 10th in Jakarta (the server's TZ here).
    t.clock.set(Date.UTC(2026, 2, 10, 18, 30));
    const zoned = await seedFormStore(t.ctx, { thank_you_template: 'Pesanan #{pesanan} tanggal {tanggal}.' }, 'Toko Zona');
    const zonedOwner = await seedMember(t.ctx, zoned.tenantId, 'owner');
    const product = await seedKaos(t.ctx, zoned.tenantId);
    const res = await t.request({
      method: 'PATCH', url: '/dashboard/api/settings', headers: { ...(asMember(zonedOwner) as Record<string, string>), 'content-type': 'application/json' },
      payload: JSON.stringify({ time_zone: 'Asia/Jayapura', opening_message_template: 'Pesanan {pesanan} tanggal {tanggal}' }),
    });
    expect(res.statusCode, res.body).toBe(200);

    // The thank-you page's WhatsApp message: the store's date.
    const url = `/form/${product.tenant_id}/${product.slug}`;
    const token = tokenOf((await t.request({ method: 'GET', url })).body);
    const placed = await t.request({ method: 'POST', url, payload: formBody(token), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.9.0.1' });
    expect(placed.statusCode).toBe(303);
    const thanks = (await t.request({ method: 'GET', url: placed.headers.location as string })).body;
    const text = new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(thanks)![1]!.replace(/&amp;/g, '&')).searchParams.get('text');
    expect(text).toMatch(/^Pesanan #\d+ tanggal 11 Maret 2026\.$/);

    // The customer lookup: the opening message in the store's zone, created_at in the server's.
    const lookup = await t.request({
      method: 'POST', url: '/api/customer_lookup.php', headers: { 'x-api-key': zoned.keys.reader!, 'content-type': 'application/json' }, payload: JSON.stringify({ phone: '0812-3456-7890' }),
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(json(lookup).opening_message).toMatch(/tanggal 11 Maret 2026$/);
    expect(json(lookup).orders[0].created_at).toBe('2026-03-11T01:30:00+07:00');

    // The order API and the status-change event: the server's zone.
    const orderId = json(lookup).orders[0].id;
    const order = await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}`, headers: { 'x-api-key': zoned.keys.reader! } });
    expect(json(order).order.created_at).toBe('2026-03-11T01:30:00+07:00');
    const writer = valueOf(await issueKey(t.ctx.db, t.clock, zoned.tenantId, { name: 'status', scopes: ['orders.status:write'], expiresAt: null }));
    const changed = await t.request({
      method: 'PATCH', url: '/api/order_status.php', headers: { 'x-api-key': writer.key, 'content-type': 'application/json' }, payload: JSON.stringify({ id: orderId, status: 'closing' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).updated_at).toBe('2026-03-11T01:30:00+07:00');
    const event = await t.ctx.db.selectFrom('events').select(['payload']).where('tenant_id', '=', zoned.tenantId).where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload).changed_at).toBe('2026-03-11T01:30:00+07:00');

    // A key's expiry date picked in the dashboard is a day of the store's calendar; the answer stays in the server's zone.
    const key = await t.request({
      method: 'POST', url: '/dashboard/api/keys', headers: { ...(asMember(zonedOwner) as Record<string, string>), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'CRM', purpose: 'order_status', expires_at: '2027-11-30' }),
    });
    expect(key.statusCode, key.body).toBe(201);
    expect(key.json().expires_at).toBe('2027-11-30T21:59:59+07:00');

    // /me tells the dashboard which zone to display in.
    const me = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(zonedOwner) as Record<string, string> });
    expect(json(me).store.time_zone).toBe('Asia/Jayapura');
    expect(json(await t.request({ method: 'GET', url: '/dashboard/api/me', headers: as(cs) })).store.time_zone).toBe((await readSettings()).time_zone ?? t.ctx.config.timeZone);
  });
});
