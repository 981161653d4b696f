// The order form over HTTP: page, submit, validation, double submit, flood, honeypot,
// ad parameters and the thank-you page. Runs on SQLite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedProduct, startTestApp, type Store } from '../../test/helpers.js';
import { BUYER, formBody, seedFormStore, seedKaos, tokenOf } from '../../test/form-helpers.js';
import type { Product } from '../products/product-record.js';
import { setTenantActive } from '../tenants/set-tenant-active.js';
import { FIELD_ERRORS } from './messages.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let store: Store;
let other: Store;
let kaos: Product;
let mug: Product;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx, { thank_you_template: 'Halo {toko}, saya {nama}, pesanan #{pesanan} total {total}.' });
  other = await seedFormStore(t.ctx, {}, 'Toko Lain');
  kaos = await seedKaos(t.ctx, store.tenantId);
  mug = await seedProduct(t.ctx, store.tenantId, { name: 'Mug Keramik', price: 35000, variant_display: 'small' });
});
afterAll(() => t.drop());

const formUrl = (p: Product = kaos) => `/form/${p.tenant_id}/${p.slug}`;
const getForm = (url = formUrl()) => t.request({ method: 'GET', url });
const post = (body: string, url = formUrl(), ip = '10.1.0.1') =>
  t.request({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip });
const orderCount = async () => Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const readOrder = (id: number) =>
  t.request({ method: 'GET', url: `/api/order_status.php?id=${id}`, headers: { 'x-api-key': store.keys.reader! } });

async function freshToken(url = formUrl()): Promise<string> {
  return tokenOf((await getForm(url)).body);
}

async function place(overrides: Record<string, string> = {}, url = formUrl()): Promise<{ res: LightMyRequestResponse; orderId: number }> {
  const res = await post(formBody(await freshToken(url), overrides), url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  const thanks = await t.request({ method: 'GET', url: res.headers.location as string });
  expect(thanks.statusCode).toBe(200);
  return { res, orderId: Number(/id="lf-order-id">#(\d+)</.exec(thanks.body)![1]) };
}

describe('GET /form/{tenant_id}/{slug}', () => {
  it('renders the product, prices, variant picker and every buyer field with its autocomplete token', async () => {
    const res = await getForm();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('<h1>Kaos Polos</h1>');
    // First combination selected: Hitam / M at 50.000, struck through at its compare price 70.000.
    expect(html).toContain('<s id="lf-compare">Rp70.000</s> <strong id="lf-unit">Rp50.000</strong>');
    expect(html).toMatch(/<legend>Warna<\/legend><label class="lf-chip"><input type="radio" name="v0" value="0" checked><span>Hitam<\/span>/);
    expect(html).toContain('<span>XL</span>');
    const tokens: Record<string, string> = {
      name: 'name', phone: 'tel', email: 'email', address: 'street-address', village: 'address-level4',
      district: 'address-level3', city: 'address-level2', province: 'address-level1', postal_code: 'postal-code',
    };
    for (const [field, token] of Object.entries(tokens)) {
      expect(html, field).toMatch(new RegExp(`name="${field}" autocomplete="${token}"`));
    }
    expect(html).toContain('type="tel"');
    expect(html.match(/<button type="submit"/g)).toHaveLength(1);
    expect(html).toMatch(/name="courier" value="JNE REG"/);
    expect(html).toMatch(/name="courier" value="Kurir Lokal"/);
    expect(html).toMatch(/name="payment_method" value="bank_transfer" checked><span>Transfer bank/);
    expect(html).toMatch(/name="payment_method" value="cod"><span>Bayar di tempat \(COD\)/);
    expect(html).not.toMatch(/value="midtrans"|value="xendit"/);
    expect(html).toMatch(/<input name="website" tabindex="-1" autocomplete="off">/);
    expect(tokenOf(html)).toMatch(/^[0-9a-f]{32}$/);
    expect(tokenOf(html)).not.toBe(await freshToken());
  });

  it('shows the small variant style as selects, and a product without variants without a picker', async () => {
    const small = await seedKaos(t.ctx, store.tenantId, { name: 'Kaos Kecil', variant_display: 'small' });
    const html = (await getForm(formUrl(small))).body;
    expect(html).toContain('lf-variants-small');
    expect(html).toMatch(/<label class="lf-sel">Ukuran<select name="v1"><option value="0" selected>M<\/option>/);
    const plain = (await getForm(formUrl(mug))).body;
    expect(plain).not.toContain('lf-variants');
    expect(plain).toContain('<strong id="lf-unit">Rp35.000</strong>');
  });

  it('carries the ad parameters of its own URL into hidden fields, and nothing else', async () => {
    const html = (await getForm(`${formUrl()}?utm_source=ig&utm_campaign=lebaran&fbclid=abc&gclid=g1&ref=x&utm_=bad`)).body;
    for (const [k, v] of [['utm_source', 'ig'], ['utm_campaign', 'lebaran'], ['fbclid', 'abc'], ['gclid', 'g1']]) {
      expect(html).toContain(`<input type="hidden" name="${k}" value="${v}">`);
    }
    expect(html).not.toContain('name="ref"');
    expect(html).not.toContain('name="utm_"');
  });

  it('escapes what it shows', async () => {
    const odd = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos "<script>alert(1)</script>', price: 1000, slug: 'kaos-odd' });
    const html = (await getForm(formUrl(odd))).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Kaos &quot;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('404 page for an unknown slug, another store\'s product, a bad tenant id or an inactive store', async () => {
    for (const url of [`/form/${store.tenantId}/nope`, `/form/${other.tenantId}/${kaos.slug}`, `/form/abc/${kaos.slug}`, `/form/0/${kaos.slug}`]) {
      const res = await getForm(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Produk tidak ditemukan');
    }
    const inactive = await seedFormStore(t.ctx, {}, 'Toko Tutup');
    const product = await seedKaos(t.ctx, inactive.tenantId);
    expect((await getForm(formUrl(product))).statusCode).toBe(200);
    await setTenantActive(t.ctx.db, inactive.tenantId, false);
    expect((await getForm(formUrl(product))).statusCode).toBe(404);
    expect((await post(formBody(await freshToken()), formUrl(product))).statusCode).toBe(404);
  });
});

describe('POST: a valid order', () => {
  it('creates one pending order priced on the server, with the customer and ad parameters, and redirects to its thank-you page', async () => {
    const before = await orderCount();
    const token = await freshToken();
    // The browser's own "price" fields are ignored: the server prices from the product and rates.
    const res = await post(formBody(token, { utm_source: 'ig', fbclid: 'abc', utm_campaign: 'lebaran', price: '1', total: '1', shipping_fee: '0', unit_price: '1' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${formUrl()}/terima-kasih/${token}`);
    expect(await orderCount()).toBe(before + 1);
    const row = await t.ctx.db.selectFrom('orders').selectAll().where('tenant_id', '=', store.tenantId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending', product_id: kaos.id, variant: 'Putih / XL', quantity: 2, unit_price: 62000, shipping_fee: 12000, total: 136000,
      courier: 'JNE REG', payment_method: 'bank_transfer', customer_phone: '6281234567890', customer_email: 'siti@example.com',
    });
    expect(JSON.parse(row.ad_params)).toEqual({ utm_source: 'ig', fbclid: 'abc', utm_campaign: 'lebaran' });
    // The list filters on the UTM columns; the order's page shows its source and its creation.
    expect(row).toMatchObject({ source: 'form', utm_source: 'ig', utm_campaign: 'lebaran', assigned_user_id: null });
    const history = await t.ctx.db.selectFrom('order_history').selectAll().where('tenant_id', '=', store.tenantId).where('order_id', '=', row.id).execute();
    expect(history).toEqual([expect.objectContaining({ source: 'form', actor: 'form', actor_user_id: null, field: 'created', old_value: null, new_value: 'pending', created_at: row.created_at })]);
    // A creation is no status change: no event (SPEC defines only order.status_changed).
    expect(await t.ctx.db.selectFrom('events').select('id').where('order_id', '=', row.id).execute()).toEqual([]);

    const read = json(await readOrder(row.id));
    expect(read.order).toMatchObject({
      id: row.id, status: 'pending', product: 'Kaos Polos', variant: 'Putih / XL', quantity: 2, total: 136000, shipping_fee: 12000,
      payment_method: 'bank_transfer', courier: 'JNE REG',
      customer: { ...BUYER, phone: '6281234567890' },
    });
  });

  it('uses the courier\'s "*" rate for a province without its own, and an empty email is null', async () => {
    const { orderId } = await place({ province: 'Bali', email: '', v0: '0', v1: '0', quantity: '1', payment_method: 'cod' });
    const order = json(await readOrder(orderId)).order;
    expect(order).toMatchObject({ variant: 'Hitam / M', total: 50000 + 30000, shipping_fee: 30000, payment_method: 'cod' });
    expect(order.customer.email).toBeNull();
  });

  it('a product without variants', async () => {
    const { orderId } = await place({ v0: '', v1: '', quantity: '3' }, formUrl(mug));
    expect(json(await readOrder(orderId)).order).toMatchObject({ product: 'Mug Keramik', variant: '', quantity: 3, total: 3 * 35000 + 12000 });
  });

  it('the thank-you page: order number, transfer instructions, and wa.me with the store\'s template', async () => {
    const { res, orderId } = await place();
    const page = await t.request({ method: 'GET', url: res.headers.location as string });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain(`<strong id="lf-order-id">#${orderId}</strong>`);
    expect(html).toContain('Silakan transfer Rp136.000 ke salah satu rekening berikut:');
    expect(html).toContain('<strong>BCA</strong> <span class="lf-acct">1234567890</span>');
    const link = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const url = new URL(link);
    expect(url.pathname).toBe('/6281299990000');
    expect(url.searchParams.get('text')).toBe(`Halo Toko Form, saya Siti Aminah, pesanan #${orderId} total Rp136.000.`);
  });

  it('COD: pay the courier on delivery; the default template when the store has none', async () => {
    const plainStore = await seedFormStore(t.ctx, { bank_accounts: [] }, 'Toko Polos');
    const product = await seedKaos(t.ctx, plainStore.tenantId);
    const { res, orderId } = await place({ payment_method: 'cod' }, formUrl(product));
    const html = (await t.request({ method: 'GET', url: res.headers.location as string })).body;
    expect(html).toContain('Bayar tunai Rp136.000 kepada kurir saat paket diterima.');
    const text = new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')).searchParams.get('text');
    expect(text).toContain(`nomor pesanan #${orderId}, total Rp136.000`);
    expect(text).toContain('Halo Toko Polos, saya Siti Aminah.');
  });

  it('an unknown token on the thank-you page is a 404', async () => {
    expect((await t.request({ method: 'GET', url: `${formUrl()}/terima-kasih/${'0'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${formUrl()}/terima-kasih/xyz` })).statusCode).toBe(404);
  });
});

describe('POST: double submit', () => {
  it('the same form sent twice gives one order and the same thank-you page', async () => {
    const token = await freshToken();
    const before = await orderCount();
    const first = await post(formBody(token));
    const second = await post(formBody(token));
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await orderCount()).toBe(before + 1);
  });

  it('sent in parallel, still one order', async () => {
    const token = await freshToken();
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => post(formBody(token))));
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    expect(new Set(results.map((r) => r.headers.location)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('a token is per store: the same token in another store is another order', async () => {
    const token = await freshToken();
    const product = await seedKaos(t.ctx, other.tenantId);
    const before = await orderCount();
    expect((await post(formBody(token))).statusCode).toBe(303);
    expect((await post(formBody(token), formUrl(product))).statusCode).toBe(303);
    expect(await orderCount()).toBe(before + 2);
  });
});

describe('POST: invalid input saves nothing and says why beside each field', () => {
  const cases: Array<[string, Record<string, string>, keyof typeof FIELD_ERRORS]> = [
    ['empty name', { name: ' ' }, 'name'],
    ['one-letter name', { name: 'A' }, 'name'],
    ['phone that is not a number', { phone: '12345' }, 'phone'],
    ['phone with a sign that is not a separator', { phone: '0812#3456#7890' }, 'phone'],
    ['landline phone', { phone: '022 1234567' }, 'phone'],
    ['foreign phone', { phone: '+60 12-345 6789' }, 'phone'],
    ['bad email', { email: 'siti@' }, 'email'],
    ['short address', { address: 'Jl' }, 'address'],
    ['no village', { village: '' }, 'village'],
    ['no district', { district: '' }, 'district'],
    ['no city', { city: '' }, 'city'],
    ['unknown province', { province: 'Jawa Barat Daya' }, 'province'],
    ['4-digit postal code', { postal_code: '4012' }, 'postal_code'],
    ['quantity 0', { quantity: '0' }, 'quantity'],
    ['quantity 100', { quantity: '100' }, 'quantity'],
    ['quantity not a number', { quantity: '1e1' }, 'quantity'],
    ['option out of range', { v1: '3' }, 'variant'],
    ['missing option', { v0: '' }, 'variant'],
    ['unknown courier', { courier: 'Kurir Fiktif' }, 'courier'],
    ['courier without a rate to the province', { courier: 'Kurir Lokal' }, 'courier'],
    ['payment method the store does not offer', { payment_method: 'midtrans' }, 'payment_method'],
    ['unknown payment method', { payment_method: 'cash' }, 'payment_method'],
  ];

  it.each(cases)('%s', async (_label, overrides, field) => {
    const before = await orderCount();
    const token = await freshToken();
    const res = await post(formBody(token, overrides));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<p class="lf-err" id="e-${field}">${FIELD_ERRORS[field]}</p>`);
    expect(res.body.match(/class="lf-err"/g)).toHaveLength(1);
    expect(res.body).toContain('Pesanan belum terkirim. Periksa kembali isian yang ditandai.');
    // The form comes back filled in, with the same token, so a corrected submit is still one order.
    expect(tokenOf(res.body)).toBe(token);
    expect(res.body).toContain(field === 'city' ? 'value="Sukamaju"' : 'value="Bandung"');
    expect(await orderCount()).toBe(before);
  });

  it('an empty form lists every required field at once', async () => {
    const res = await post(new URLSearchParams({ token: await freshToken() }).toString());
    expect(res.statusCode).toBe(422);
    for (const field of ['name', 'phone', 'address', 'village', 'district', 'city', 'province', 'postal_code', 'quantity', 'variant', 'courier', 'payment_method'] as const) {
      expect(res.body, field).toContain(`id="e-${field}"`);
    }
    expect(res.body).not.toContain('id="e-email"');
  });

  it('a missing or forged token: nothing saved, the form comes back with a fresh token', async () => {
    const before = await orderCount();
    for (const token of ['', 'abc', 'G'.repeat(32)]) {
      const res = await post(formBody(token));
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('Formulir kedaluwarsa');
      expect(tokenOf(res.body)).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(await orderCount()).toBe(before);
  });

  it('a body that is not a form, or is huge, is answered with a page, never a 500', async () => {
    const res = await t.request({ method: 'POST', url: formUrl(), payload: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    const huge = await post(formBody(await freshToken(), { address: 'x'.repeat(70_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('Isian terlalu panjang.');
  });
});

describe('POST: bots and floods', () => {
  it('a filled honeypot is refused and saves nothing', async () => {
    const before = await orderCount();
    const res = await post(formBody(await freshToken(), { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Pesanan tidak dapat diproses.');
    expect(await orderCount()).toBe(before);
  });
});

describe('POST: the per-IP window', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => limited.drop());

  it('the 21st submit from one IP within 10 minutes gets 429 with Retry-After; another IP is unaffected', async () => {
    const s = await seedFormStore(limited.ctx, {}, 'Toko Banjir');
    const p = await seedKaos(limited.ctx, s.tenantId);
    const url = `/form/${p.tenant_id}/${p.slug}`;
    const send = (ip: string) => limited.request({ method: 'POST', url, payload: formBody('bad'), remoteAddress: ip });
    for (let i = 0; i < 20; i++) expect((await send('10.9.9.9')).statusCode).toBe(422);
    const res = await send('10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('600');
    expect(res.body).toContain('Terlalu banyak permintaan. Coba lagi nanti.');
    expect((await send('10.9.9.10')).statusCode).toBe(422);
  });
});

describe('assets', () => {
  it('serves form.js, form.css and embed.js, gzipped on request, with an ETag', async () => {
    const page = (await getForm()).body;
    const css = /href="(\/assets\/form\.css\?v=[0-9a-f]+)"/.exec(page)![1]!;
    const js = /src="(\/assets\/form\.js\?v=[0-9a-f]+)"/.exec(page)![1]!;
    for (const url of [css, js, '/embed.js']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const zipped = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    expect((await t.request({ method: 'GET', url: '/embed.js' })).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await t.request({ method: 'GET', url: '/assets/other.js' })).statusCode).toBe(404);
  });
});
