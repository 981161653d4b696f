// Issue 40 §1: a phone typed with a letter ("0812 3456 789O", a letter O for a zero) was saved as
// another, shorter number (libphonenumber-js dropped the letter). Every path that takes a phone
// refuses it, saying why (DASHBOARD_FIELD_TEXT.phoneLetters), and writes nothing: the order form,
// an order entered by hand, the buyer's edit, the store's and a member's WhatsApp number, and
// the customer lookup (its own invalid_phone). The CLI's are in src/cli.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../src/api-keys/issue-key.js';
import { API_ERRORS, DASHBOARD_FIELD_TEXT } from '../src/lib/http/messages.js';
import { valueOf } from '../src/lib/outcome.js';
import { FIELD_ERRORS, FORM_TEXT } from '../src/form/messages.js';
import { asMember, seedMember, type Member } from './dashboard-helpers.js';
import { BUYER, formBody, seedFormStore, seedKaos, tokenOf } from './form-helpers.js';
import { json, seedOrder, startTestApp, type Store, type TestApp } from './helpers.js';

const LETTER_O = '0812 3456 789O';

let t: TestApp & { drop(): Promise<void> };
let store: Store;
let owner: Member;
let formPath: string;
let productId: number;
let lookupKey: string;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx);
  const product = await seedKaos(t.ctx, store.tenantId);
  productId = product.id;
  formPath = `/form/${store.tenantId}/${product.slug}`;
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  lookupKey = valueOf(await issueKey(t.ctx.db, t.ctx.clock, store.tenantId, { name: 'Lookup', scopes: ['customers:read'], expiresAt: null })).key;
});
afterAll(() => t.drop());

const orderCount = async () =>
  Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', store.tenantId).executeTakeFirstOrThrow()).n);
const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
  t.request({ method, url, headers: asMember(owner, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });

describe('a phone written with a letter', () => {
  it('the order form: 422 with the letter text beside the phone, no order; the same number in digits is taken', async () => {
    const before = await orderCount();
    for (const phone of [LETTER_O, 'O812-3456-7890', '0812 3456 7890 ext 1']) {
      const page = await t.request({ method: 'GET', url: formPath });
      const res = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formBody(tokenOf(page.body), { phone }) });
      expect(res.statusCode, phone).toBe(422);
      expect(res.body).toContain(`<p class="lf-err" id="e-phone">${FORM_TEXT.phoneLetters}</p>`);
    }
    const page = await t.request({ method: 'GET', url: formPath });
    const bad = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formBody(tokenOf(page.body), { phone: '0812 3456 78#0' }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(`<p class="lf-err" id="e-phone">${FIELD_ERRORS.phone}</p>`);
    expect(await orderCount()).toBe(before);
    const again = await t.request({ method: 'GET', url: formPath });
    const placed = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formBody(tokenOf(again.body), { phone: '0812 3456 7890' }) });
    expect(placed.statusCode).toBe(303);
  });

  it('the form page hands the live check its letter rule and text', async () => {
    const page = await t.request({ method: 'GET', url: formPath });
    const data = JSON.parse(/<script type="application\/json" id="lapak-data">([^<]*)<\/script>/.exec(page.body)?.[1] ?? 'null');
    expect(data.form.phoneLetters).toEqual({ pattern: expect.any(String), text: FORM_TEXT.phoneLetters });
    expect(new RegExp(data.form.phoneLetters.pattern).test(LETTER_O)).toBe(true);
    expect(new RegExp(data.form.phoneLetters.pattern).test('+62 (0812) 3456-7890')).toBe(false);
  });

  it('an order entered by hand: 422 naming customer.phone with the letter text; nothing written', async () => {
    const before = await orderCount();
    const entry = { product_id: productId, variant: 'Hitam / L', quantity: 1, courier: 'JNE REG', payment_method: 'bank_transfer' };
    const res = await send('POST', '/dashboard/api/orders', { ...entry, customer: { ...BUYER, phone: LETTER_O } });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).fields).toEqual({ 'customer.phone': DASHBOARD_FIELD_TEXT.phoneLetters });
    // Another wrong number keeps its own text.
    const short = await send('POST', '/dashboard/api/orders', { ...entry, customer: { ...BUYER, phone: '0812' } });
    expect(json(short).fields).toEqual({ 'customer.phone': DASHBOARD_FIELD_TEXT.buyerPhone });
    expect(await orderCount()).toBe(before);
  });

  it("the buyer's edit: 422 with the letter text; the stored phone stays", async () => {
    const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / M', customer: { ...BUYER, phone: '0812-3456-7890' } });
    const res = await send('PATCH', `/dashboard/api/orders/${id}`, { customer: { phone: LETTER_O } });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).fields).toEqual({ 'customer.phone': DASHBOARD_FIELD_TEXT.phoneLetters });
    const row = await t.ctx.db.selectFrom('orders').select('customer_phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.customer_phone).toBe('6281234567890');
  });

  it("the store's WhatsApp number and a member's own: 422 with the letter text; nothing saved", async () => {
    const settings = await send('PATCH', '/dashboard/api/settings', { whatsapp_number: LETTER_O });
    expect(settings.statusCode, settings.body).toBe(422);
    expect(json(settings).fields).toEqual({ whatsapp_number: DASHBOARD_FIELD_TEXT.phoneLetters });
    const me = await send('PATCH', '/dashboard/api/me', { whatsapp_number: LETTER_O });
    expect(me.statusCode, me.body).toBe(422);
    expect(json(me).fields).toEqual({ whatsapp_number: DASHBOARD_FIELD_TEXT.phoneLetters });
    const other = await send('PATCH', '/dashboard/api/me', { whatsapp_number: '12' });
    expect(json(other).fields).toEqual({ whatsapp_number: DASHBOARD_FIELD_TEXT.whatsappNumber });
    const membership = await t.ctx.db.selectFrom('memberships').select('whatsapp_number').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(membership.whatsapp_number).toBeNull();
    // In digits, with its separators, it is taken.
    expect((await send('PATCH', '/dashboard/api/me', { whatsapp_number: '(0812) 3456-7890' })).statusCode).toBe(200);
  });

  it("the customer lookup: 400 invalid_phone, not the shorter number's buyer", async () => {
    await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam / M', customer: { ...BUYER, phone: '0812-3456-789' } });
    const lookup = (phone: string) =>
      t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: { 'x-api-key': lookupKey, 'content-type': 'application/json' }, payload: JSON.stringify({ phone }) });
    const res = await lookup(LETTER_O);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'invalid_phone', error: API_ERRORS.invalid_phone.error });
    expect((await lookup('0812 3456 789')).statusCode).toBe(200);
  });
});
