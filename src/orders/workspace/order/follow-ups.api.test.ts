// Issue 34 §2 (and §1's last bullet) over HTTP on SQLite and PostgreSQL: the store's follow-up
// templates (read, save, back to the default, unknown placeholders and steps refused), the
// follow-up press (the wa.me link with the rendered text, its history entry and the order's
// counters, a step that does not fit, a CS on another's order), every placeholder for each
// payment method, the list's follow_ups and its filters followed_up=none and stale_hours, and
// each member's own WhatsApp number, where the thank-you page sends the buyer (with the CS rotation
// assigning the form's order as it is placed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../../../test/form-helpers.js';
import { seedOrder, startTestApp, type Store } from '../../../../test/helpers.js';
import { DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import { DEFAULT_FOLLOW_UPS, FOLLOW_UP_STEPS } from '../../../templates/follow-up-steps.js';
import { PLACEHOLDER_NAMES } from '../../../templates/placeholders.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let csOne: Member;
let csTwo: Member;
let productId: number;
let productSlug: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx, { bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Form' }, { bank: 'BRI', number: '555-666', holder: 'Budi' }] }, 'Toko Form');
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
  csOne = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rina CS' });
  csTwo = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Dodi CS' });
  const kaos = await seedKaos(t.ctx, store.tenantId);
  productId = kaos.id;
  productSlug = kaos.slug;
});
afterAll(() => t.drop());

type Body = Record<string, any>;
const send = async (member: Member, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.request({ method, url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Body, raw: res.body };
};

async function order(input: Record<string, unknown> = {}, cs: Member | null = null): Promise<number> {
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / L', courier: 'JNE REG', ...input });
  if (cs) await t.ctx.db.updateTable('orders').set({ assigned_user_id: cs.userId }).where('id', '=', id).execute();
  return id;
}

const press = (member: Member, id: number, step: string) => send(member, 'POST', `/dashboard/api/orders/${id}/follow-ups`, { step });
const textOf = (waUrl: string) => new URL(waUrl).searchParams.get('text');

describe('the templates of the store', () => {
  it('GET: every step with the defaults, and no text of its own for a store that never changed one', async () => {
    const res = await send(owner, 'GET', '/dashboard/api/templates');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.templates.map((s: Body) => s.step)).toEqual([...FOLLOW_UP_STEPS]);
    expect(res.body.templates[0]).toEqual({ step: 'fu1', statuses: ['pending'], texts: { bank_transfer: null, cod: null, gateway: null }, defaults: DEFAULT_FOLLOW_UPS.fu1 });
    expect(res.body.templates.find((s: Body) => s.step === 'shipped').statuses).toEqual(['shipped']);
    expect(res.body.placeholders).toEqual([...PLACEHOLDER_NAMES]);
  });

  it('PUT saves the three texts, line breaks and emoji kept; blank or null is the default again', async () => {
    const saved = await send(owner, 'PUT', '/dashboard/api/templates/fu2', { bank_transfer: 'Halo {nama} 🙏\n\nTransfer {total}', cod: '  ', gateway: null });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({ step: 'fu2', texts: { bank_transfer: 'Halo {nama} 🙏\n\nTransfer {total}', cod: null, gateway: null } });
    const read = (await send(owner, 'GET', '/dashboard/api/templates')).body.templates.find((s: Body) => s.step === 'fu2');
    expect(read.texts).toEqual({ bank_transfer: 'Halo {nama} 🙏\n\nTransfer {total}', cod: null, gateway: null });
    const cleared = await send(owner, 'PUT', '/dashboard/api/templates/fu2', { bank_transfer: '', cod: null, gateway: null });
    expect(cleared.body.texts).toEqual({ bank_transfer: null, cod: null, gateway: null });
  });

  it('refuses an unknown placeholder (422 unknown_placeholder with the field, the unknown and the accepted), an unknown step (404), a text too long and a missing text (422)', async () => {
    const unknown = await send(owner, 'PUT', '/dashboard/api/templates/closing', { bank_transfer: 'ok {total}', cod: 'Halo {nama} {harga} {diskon} {harga}', gateway: null });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'unknown_placeholder', field: 'cod', unknown: ['harga', 'diskon'], accepted: [...PLACEHOLDER_NAMES] });
    expect((await send(owner, 'GET', '/dashboard/api/templates')).body.templates.find((s: Body) => s.step === 'closing').texts.bank_transfer).toBeNull();
    const step = await send(owner, 'PUT', '/dashboard/api/templates/fu5', { bank_transfer: null, cod: null, gateway: null });
    expect(step.status).toBe(404);
    expect(step.body.code).toBe('not_found');
    const long = await send(owner, 'PUT', '/dashboard/api/templates/fu1', { bank_transfer: 'x'.repeat(1001), cod: null, gateway: null });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ code: 'invalid_request', fields: { bank_transfer: DASHBOARD_FIELD_TEXT.followUpText } });
    const missing = await send(owner, 'PUT', '/dashboard/api/templates/fu1', { bank_transfer: null });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['cod', 'gateway']);
  });

  it('a CS may not read or change them', async () => {
    expect((await send(csOne, 'GET', '/dashboard/api/templates')).status).toBe(403);
    expect((await send(csOne, 'PUT', '/dashboard/api/templates/fu1', { bank_transfer: null, cod: null, gateway: null })).status).toBe(403);
  });

  it('the preview renders a step on the newest order of that payment method, or on a sample', async () => {
    const id = await order({ payment_method: 'cod', customer: { name: 'Pratinjau Asli', phone: '0813-1111-2222', address: 'Jl. Mawar 1', village: 'Desa', district: 'Kec', city: 'Kota', province: 'Jawa Barat', postal_code: '40123' } });
    const real = await send(owner, 'POST', '/dashboard/api/templates/preview', { kind: 'follow_up', step: 'fu1', payment_method: 'cod', template: 'Halo {nama}, #{pesanan} {metode_bayar}' });
    expect(real.status, real.raw).toBe(200);
    expect(real.body).toMatchObject({ text: `Halo Pratinjau Asli, #${id} COD (bayar di tempat)`, order_id: id, unknown_placeholders: [] });
    const sample = await send(owner, 'POST', '/dashboard/api/templates/preview', { kind: 'follow_up', step: 'fu1', payment_method: 'gateway', template: null });
    expect(sample.body.order_id).toBeNull();
    expect(sample.body.text).toContain('Budi Santoso');
    const missing = await send(owner, 'POST', '/dashboard/api/templates/preview', { kind: 'follow_up', template: null });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['payment_method', 'step']);
  });
});

describe('the follow-up press', () => {
  it("answers the wa.me link to the buyer with the rendered text, records it in the order's history and counters", async () => {
    const id = await order({}, csOne);
    t.clock.advance(1000);
    const first = await press(csOne, id, 'fu1');
    expect(first.status, first.raw).toBe(201);
    expect(first.body.step).toBe('fu1');
    expect(first.body.wa_url).toMatch(/^https:\/\/wa\.me\/6281234567890\?text=/);
    const text = textOf(first.body.wa_url)!;
    expect(text).toContain('Halo Kak Siti Aminah 😊\n\n');
    expect(text).toContain(`Pesanan #${id} sebesar *Rp`);
    expect(text).toContain('Silakan transfer ke:\nBCA 1234567890 a.n. Toko Form\nBRI 555-666 a.n. Budi\n');
    const page = (await send(csOne, 'GET', `/dashboard/api/orders/${id}`)).body.order;
    expect(page.follow_ups).toEqual({ count: 1, last_step: 'fu1', last_automatic: false, last_at: first.body.at, steps: ['fu1', 'fu2', 'fu3', 'fu4'] });
    expect(page.history[0]).toMatchObject({ field: 'follow_up', new_value: 'fu1', old_value: null, source: 'dashboard', actor: 'Rina CS', actor_user_id: csOne.userId, created_at: first.body.at });
    t.clock.advance(HOUR);
    const second = await press(owner, id, 'fu2');
    expect(second.status).toBe(201);
    const again = (await send(owner, 'GET', `/dashboard/api/orders/${id}`)).body.order;
    expect(again.follow_ups).toMatchObject({ count: 2, last_step: 'fu2', last_at: second.body.at });
    expect(again.history.filter((h: Body) => h.field === 'follow_up').map((h: Body) => [h.new_value, h.actor])).toEqual([['fu2', 'Pemilik'], ['fu1', 'Rina CS']]);
  });

  it('GET previews each fitting step\'s text as the press would render it, records nothing; another CS\'s order 404', async () => {
    const id = await order({}, csOne);
    const res = await send(csOne, 'GET', `/dashboard/api/orders/${id}/follow-ups`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.steps.map((s: Body) => s.step)).toEqual(['fu1', 'fu2', 'fu3', 'fu4']);
    const pressed = await press(csOne, id, 'fu2');
    expect(res.body.steps[1].text).toBe(textOf(pressed.body.wa_url));
    expect(res.body.steps[0].text).toContain(`Pesanan #${id}`);
    const shipped = await order({ status: 'shipped', resi: 'JN777' }, csOne);
    expect((await send(csOne, 'GET', `/dashboard/api/orders/${shipped}/follow-ups`)).body.steps.map((s: Body) => s.step)).toEqual(['shipped']);
    const completed = await order({ status: 'completed', resi: 'JN778' }, csOne);
    expect((await send(csOne, 'GET', `/dashboard/api/orders/${completed}/follow-ups`)).body).toEqual({ steps: [] });
    expect((await send(csTwo, 'GET', `/dashboard/api/orders/${id}/follow-ups`)).status).toBe(404);
    // Nothing recorded by a preview: the one press above only.
    expect((await send(owner, 'GET', `/dashboard/api/orders/${id}`)).body.order.follow_ups.count).toBe(1);
  });

  it("uses the store's own text, line breaks and emoji through the link", async () => {
    await send(owner, 'PUT', '/dashboard/api/templates/fu3', { bank_transfer: 'Halo {nama} 👋\nBaris dua & 100% *tebal*', cod: null, gateway: null });
    const id = await order();
    const res = await press(owner, id, 'fu3');
    expect(res.body.wa_url).toContain('%0A');
    expect(textOf(res.body.wa_url)).toBe('Halo Siti Aminah 👋\nBaris dua & 100% *tebal*');
    await send(owner, 'PUT', '/dashboard/api/templates/fu3', { bank_transfer: null, cod: null, gateway: null });
  });

  it('refuses a step that does not fit the status (409 follow_up_step_not_available), and every step of a completed order; nothing recorded', async () => {
    const pending = await order();
    const refused = await press(owner, pending, 'paid');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('follow_up_step_not_available');
    const shipped = await order({ status: 'shipped', resi: 'JN123' });
    expect((await press(owner, shipped, 'fu1')).status).toBe(409);
    expect((await press(owner, shipped, 'shipped')).status).toBe(201);
    const completed = await order({ status: 'completed', resi: 'JN124' });
    for (const step of FOLLOW_UP_STEPS) expect((await press(owner, completed, step)).status).toBe(409);
    const page = (await send(owner, 'GET', `/dashboard/api/orders/${pending}`)).body.order;
    expect(page.follow_ups.count).toBe(0);
    expect(page.history.some((h: Body) => h.field === 'follow_up')).toBe(false);
    expect((await send(owner, 'GET', `/dashboard/api/orders/${completed}`)).body.order.follow_ups.steps).toEqual([]);
  });

  it("a CS on another CS's order, or an unassigned one: 404 order_not_found, as the order's other routes; an unknown step 422", async () => {
    const theirs = await order({}, csTwo);
    const res = await press(csOne, theirs, 'fu1');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('order_not_found');
    expect((await press(csOne, await order(), 'fu1')).status).toBe(404);
    expect((await send(owner, 'GET', `/dashboard/api/orders/${theirs}`)).body.order.follow_ups.count).toBe(0);
    const unknown = await press(owner, theirs, 'fu9');
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toHaveProperty('step');
  });

  it('renders every placeholder for each payment method', async () => {
    const every = PLACEHOLDER_NAMES.map((name) => `${name}={${name}}`).join('|');
    await send(owner, 'PUT', '/dashboard/api/templates/fu4', { bank_transfer: every, cod: every, gateway: every });
    await send(csOne, 'PATCH', '/dashboard/api/me', { whatsapp_number: '0857-1111-2222' });
    const values = async (id: number) => Object.fromEntries(textOf((await press(owner, id, 'fu4')).body.wa_url)!.split('|').map((line) => line.split(/=(.*)/s).slice(0, 2)));

    const transfer = await order({ shipping_fee: 12000 }, csOne);
    await t.ctx.db.updateTable('orders').set({ unique_code: 123 }).where('id', '=', transfer).execute();
    const t1 = await values(transfer);
    expect(Object.keys(t1)).toEqual([...PLACEHOLDER_NAMES]);
    expect(t1).toMatchObject({
      nama: 'Siti Aminah', toko: 'Toko Form', pesanan: String(transfer), produk: 'Kaos Polos', jumlah: '1', status: 'menunggu pembayaran', ongkir: 'Rp12.000',
      metode_bayar: 'Transfer bank', rekening: 'BCA 1234567890 a.n. Toko Form\nBRI 555-666 a.n. Budi', kode_unik: '123', link_bayar: '', kurir: 'JNE REG', resi: '', link_lacak: '', nama_cs: 'Rina CS', wa_cs: '6285711112222',
    });
    expect(Number(t1.jumlah_pesanan)).toBeGreaterThan(1);
    expect(t1.tanggal).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    const cod = await order({ payment_method: 'cod' });
    expect(await values(cod)).toMatchObject({ metode_bayar: 'COD (bayar di tempat)', kode_unik: '', link_bayar: '', nama_cs: 'Toko Form', wa_cs: '6281299990000' });

    const gateway = await order({ payment_method: 'midtrans' }, csTwo);
    await t.ctx.db.insertInto('payment_charges').values({ tenant_id: store.tenantId, order_id: gateway, gateway: 'midtrans', reference: 'snap-1', payment_url: 'https://app.midtrans.com/snap/v4/redirection/snap-1', created_at: t.clock.now() }).execute();
    expect(await values(gateway)).toMatchObject({ metode_bayar: 'Pembayaran online', link_bayar: 'https://app.midtrans.com/snap/v4/redirection/snap-1', nama_cs: 'Dodi CS', wa_cs: '6281299990000' });
    await send(owner, 'PUT', '/dashboard/api/templates/fu4', { bank_transfer: null, cod: null, gateway: null });

    // The status's own message: shipped carries the resi and the courier's tracking page.
    const shipped = await order({ status: 'shipped', resi: 'JN0099887766' });
    const text = textOf((await press(owner, shipped, 'shipped')).body.wa_url)!;
    expect(text).toContain('Nomor resi: *JN0099887766*\nLacak paket: https://www.jne.co.id/id/tracking/trace/JN0099887766');
    // An order without a method the store knows gets the bank-transfer text.
    const other = await order({ payment_method: 'transfer manual' });
    expect(textOf((await press(owner, other, 'fu1')).body.wa_url)).toContain('Silakan transfer ke:');
  });
});

describe("the list's follow-ups", () => {
  it('each row has its follow_ups; followed_up=none and stale_hours find who to chase next', async () => {
    const fresh = await seedFormStore(t.ctx, {}, 'Toko Kejar');
    const boss = await seedMember(t.ctx, fresh.tenantId, 'owner');
    const product = await seedKaos(t.ctx, fresh.tenantId);
    const make = async (input: Record<string, unknown> = {}) => (await seedOrder(t.ctx, fresh.tenantId, { product_id: product.id, variant: 'Hitam / L', courier: 'JNE REG', ...input })).id;
    // Hours from the first order: old at 0 (never followed up); chased at 1, followed up at 5;
    // paid and recent at 28, recent followed up at 30; the list read at 31.
    const old = await make();
    t.clock.advance(HOUR);
    const chased = await make();
    t.clock.advance(4 * HOUR);
    expect((await press(boss, chased, 'fu1')).status).toBe(201);
    t.clock.advance(23 * HOUR);
    const paid = await make({ status: 'paid' });
    const recent = await make();
    t.clock.advance(2 * HOUR);
    const recentPress = await press(boss, recent, 'fu1');
    t.clock.advance(HOUR);

    const list = async (query: string) => {
      const res = await send(boss, 'GET', `/dashboard/api/orders?${query}`);
      expect(res.status, res.raw).toBe(200);
      return res.body.orders as Body[];
    };
    const rows = await list('');
    expect(rows.find((r) => r.id === recent)!.follow_ups).toEqual({ count: 1, last_step: 'fu1', last_automatic: false, last_at: recentPress.body.at, steps: ['fu1', 'fu2', 'fu3', 'fu4'] });
    expect(rows.find((r) => r.id === old)!.follow_ups).toEqual({ count: 0, last_step: null, last_automatic: false, last_at: null, steps: ['fu1', 'fu2', 'fu3', 'fu4'] });
    expect(rows.find((r) => r.id === paid)!.follow_ups.steps).toEqual(['paid']);

    expect((await list('followed_up=none')).map((r) => r.id)).toEqual([paid, old]);
    expect((await list('followed_up=none&status=pending')).map((r) => r.id)).toEqual([old]);
    expect((await list('stale_hours=12')).map((r) => r.id)).toEqual([chased, old]);
    // Followed up 26 hours ago, created 30 hours ago: stale for 25 hours, not for 27.
    expect((await list('stale_hours=25')).map((r) => r.id)).toEqual([chased, old]);
    expect((await list('stale_hours=27')).map((r) => r.id)).toEqual([old]);
    expect((await list('stale_hours=24&followed_up=none')).map((r) => r.id)).toEqual([old]);
    // Followed up an hour ago exactly: not more than an hour.
    expect((await list('stale_hours=1')).map((r) => r.id)).toEqual([chased, old]);
    expect(await list('stale_hours=12&status=paid')).toEqual([]);
    // Keyset pages under the filters.
    const page = await send(boss, 'GET', '/dashboard/api/orders?stale_hours=1&limit=1');
    expect(page.body.orders.map((r: Body) => r.id)).toEqual([chased]);
    expect((await list(`stale_hours=1&limit=1&cursor=${page.body.next_cursor}`)).map((r) => r.id)).toEqual([old]);

    const counts = await send(boss, 'GET', '/dashboard/api/orders/counts?stale_hours=12');
    expect(counts.body.counts).toMatchObject({ all: 2, pending: 2, paid: 0 });
    expect((await send(boss, 'GET', '/dashboard/api/orders/counts?followed_up=none')).body.counts).toMatchObject({ all: 2, pending: 1, paid: 1 });
  });

  it('bad filter values: the list\'s 422 naming the field', async () => {
    for (const [query, field] of [['followed_up=some', 'followed_up'], ['stale_hours=0', 'stale_hours'], ['stale_hours=abc', 'stale_hours'], ['stale_hours=9000', 'stale_hours'], ['stale_hours=1.5', 'stale_hours'], ['stale_hours=0x10', 'stale_hours'], ['limit=1e1', 'limit']]) {
      const res = await send(owner, 'GET', `/dashboard/api/orders?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe('invalid_request');
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    const bulk = await send(owner, 'POST', '/dashboard/api/orders/bulk-status', { query: { stale_hours: -1 }, status: 'closing', expected_status: 'pending' });
    expect(bulk.status).toBe(422);
    expect(Object.keys(bulk.body.fields)).toEqual(['query.stale_hours']);
  });
});

describe("each member's own WhatsApp number", () => {
  it('PATCH /me normalises it as the store number is, GET /me shows it, null clears it; another value is refused', async () => {
    const member = await seedMember(t.ctx, store.tenantId, 'cs');
    expect((await send(member, 'GET', '/dashboard/api/me')).body.whatsapp_number).toBeNull();
    const set = await send(member, 'PATCH', '/dashboard/api/me', { whatsapp_number: '+62 812-7777-8888' });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.whatsapp_number).toBe('6281277778888');
    expect((await send(member, 'GET', '/dashboard/api/me')).body.whatsapp_number).toBe('6281277778888');
    const bad = await send(member, 'PATCH', '/dashboard/api/me', { whatsapp_number: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ whatsapp_number: expect.stringContaining('WhatsApp') });
    expect((await send(member, 'PATCH', '/dashboard/api/me', { whatsapp_number: null })).body.whatsapp_number).toBeNull();
    expect((await send(member, 'PATCH', '/dashboard/api/me', {})).status).toBe(422);
  });

  it("is per store: another store's membership keeps its own", async () => {
    const member = await seedMember(t.ctx, store.tenantId, 'cs');
    const otherStore = await seedFormStore(t.ctx, {}, 'Toko Dua');
    await t.ctx.db.insertInto('memberships').values({ tenant_id: otherStore.tenantId, user_id: member.userId, role: 'cs', integrations: 0, created_at: t.clock.now() }).execute();
    await send(member, 'PATCH', '/dashboard/api/me', { whatsapp_number: '0812-5555-6666' });
    const row = await t.ctx.db.selectFrom('memberships').select('whatsapp_number').where('tenant_id', '=', otherStore.tenantId).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(row.whatsapp_number).toBeNull();
  });

  it("the thank-you page's WhatsApp button goes to the assigned CS's number, else to the store's", async () => {
    const formUrl = `/form/${store.tenantId}/${productSlug}`;
    const place = async () => {
      const token = tokenOf((await t.request({ method: 'GET', url: formUrl })).body);
      const res = await t.request({ method: 'POST', url: formUrl, payload: formBody(token), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(303);
      const location = res.headers.location as string;
      const orderId = Number((await t.ctx.db.selectFrom('form_submissions').select('order_id').where('token', '=', token).executeTakeFirstOrThrow()).order_id);
      return { location, orderId };
    };
    const waOf = async (location: string) => new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec((await t.request({ method: 'GET', url: location })).body)![1]!.replace(/&amp;/g, '&'));

    const { location, orderId } = await place();
    expect((await waOf(location)).pathname).toBe('/6281299990000');
    // Assigned (as the rotation will at creation) to a CS with a number of their own: theirs.
    await send(csOne, 'PATCH', '/dashboard/api/me', { whatsapp_number: '0857-1111-2222' });
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: csOne.userId }).where('id', '=', orderId).execute();
    const toCs = await waOf(location);
    expect(toCs.pathname).toBe('/6285711112222');
    expect(toCs.searchParams.get('text')).toContain(`nomor pesanan #${orderId}`);
    // A CS without one: the store's.
    const second = await place();
    const nobody = await seedMember(t.ctx, store.tenantId, 'cs');
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: nobody.userId }).where('id', '=', second.orderId).execute();
    expect((await waOf(second.location)).pathname).toBe('/6281299990000');
    // With the CS rotation on, the form's order is assigned as it is placed: its page gives that CS's number at once.
    const rotation = await send(owner, 'PUT', '/dashboard/api/rotation', { mode: 'round_robin', sticky: false, members: [{ user_id: csOne.userId, weight: 1, on_duty: true }] });
    expect(rotation.status).toBe(200);
    expect((await waOf((await place()).location)).pathname).toBe('/6285711112222');
  });
});
