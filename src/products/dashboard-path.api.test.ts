// SPEC's dashboard path of /api/products.php (issue 11, section 1): without an action, a
// session cookie; an API key is ignored. Every verb with and without a session, each role,
// another store's product, the variant rules' exact texts, the IP window shared with API-key
// traffic, soft deletion (orders, thank-you page, form), slug redirects, duplicate copying the
// new fields. Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { BUYER, KAOS, formBody, seedFormStore, tokenOf } from '../../test/form-helpers.js';
import { json, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { issueKey } from '../api-keys/issue-key.js';
import { DASHBOARD_ERRORS, DASHBOARD_REFUSAL_TEXT } from '../lib/http/messages.js';
import { PRODUCT_PROBLEMS, type ProductProblem } from './product-problems.js';
import { PROVINCES } from '../shipping/provinces.js';
import { storeRates } from '../shipping/rates.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const PATH = '/api/products.php';
const CELL_TEXT = 'variant_prices tiap kombinasi wajib diisi harga lebih dari 0 (ada sel kosong/0).';
const SHAPE_TEXT = 'variant_prices bentuk matriks tidak sesuai jumlah opsi variasi.';

let t: App;
let store: Store;
let other: Store;
let owner: Member;
let admin: Member;
let cs: Member;
let stranger: Member;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedFormStore(t.ctx, {}, 'Toko Dashboard');
  other = await seedStore(t.ctx, { all: { scopes: ['*'] } }, { name: 'Toko Lain' });
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  admin = await seedMember(t.ctx, store.tenantId, 'admin');
  cs = await seedMember(t.ctx, store.tenantId, 'cs');
  stranger = await seedMember(t.ctx, other.tenantId, 'owner');
});
afterAll(() => t.drop());

type Verb = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Verb, query: string, member: Member | null, body?: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method,
    url: `${PATH}${query}`,
    headers: { ...(member ? asMember(member) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

function expectError(res: LightMyRequestResponse, status: number, error: string): void {
  expect({ status: res.statusCode, body: json(res) }).toEqual({ status, body: { error } });
}

/** A refused field: 400, SPEC's text (when given) or the dashboard's as `error`, and `fields` in the dashboard's words. */
function expectRefused(res: LightMyRequestResponse, code: ProductProblem, specText?: string): void {
  const text = DASHBOARD_REFUSAL_TEXT[code];
  expect({ status: res.statusCode, body: json(res) }).toEqual({ status: 400, body: { error: specText ?? text, fields: { [PRODUCT_PROBLEMS[code].field]: text } } });
}

async function create(body: Record<string, unknown>, member = owner) {
  const res = await send('POST', '', member, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}

describe('without a session', () => {
  it('every verb answers 401 Login required, also with a valid API key alone', async () => {
    const key = (await seedStore(t.ctx, { all: { scopes: ['*'] } })).keys.all!;
    for (const [method, query] of [['GET', ''], ['GET', '?id=1'], ['POST', ''], ['PATCH', '?id=1'], ['DELETE', '?id=1']] as const) {
      expectError(await send(method, query, null, method === 'POST' || method === 'PATCH' ? { name: 'X', price: 1 } : undefined), 401, 'Login required');
      expectError(await send(method, query, null, method === 'POST' || method === 'PATCH' ? { name: 'X', price: 1 } : undefined, { 'x-api-key': key }), 401, 'Login required');
    }
    expect(await t.ctx.db.selectFrom('products').select('id').where('name', '=', 'X').execute()).toEqual([]);
  });

  it('a session that is no longer valid is no session', async () => {
    expectError(await send('GET', '', null, undefined, { cookie: `${owner.cookie.split('=')[0]}=nope.nope` }), 401, 'Login required');
  });
});

describe('with a session', () => {
  it('creates (201) a product in full, with its embed exactly as action=embed builds it', async () => {
    const body = await create({
      name: 'Kaos Editor', price: 50000, description: 'Katun 30s', weight_grams: 250,
      variants: KAOS.variants, variant_prices: KAOS.variant_prices, variant_compare_prices: KAOS.variant_compare_prices,
      variant_display: 'small', payment_methods: ['cod'], couriers: ['JNE REG'],
      meta_pixel_id: '123456789012345', tiktok_pixel_id: 'C4ABCDEF1234567890AB', gtm_id: 'GTM-ABC1234',
    });
    expect(body).toMatchObject({
      success: true, name: 'Kaos Editor', slug: 'kaos-editor', description: 'Katun 30s', weight_grams: 250, variant_display: 'small',
      payment_methods: ['cod'], couriers: ['JNE REG'], tiktok_pixel_id: 'C4ABCDEF1234567890AB', variant_compare_prices: KAOS.variant_compare_prices,
    });
    const read = await send('GET', `?id=${body.id}`, cs);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(json(read)).toEqual(body);
  });

  it('the embed object equals the API key\'s action=embed', async () => {
    const keyed = await seedStore(t.ctx, { r: { scopes: ['products:read'] } });
    const keyOwner = await seedMember(t.ctx, keyed.tenantId, 'owner');
    const made = await create({ name: 'Sama', price: 1000 }, keyOwner);
    const embed = await t.request({ method: 'GET', url: `${PATH}?action=embed&id=${made.id}`, headers: { 'x-api-key': keyed.keys.r! } });
    const { success, id, name, slug, price, sale_price, variants, variant_prices, variant_display, embed: snippet } = made;
    expect(json(embed)).toEqual({ success, id, name, slug, price, sale_price, variants, variant_prices, variant_display, embed: snippet });
  });

  it('lists the store\'s products a page at a time (at most 100), newest first', async () => {
    const a = await create({ name: 'List A', price: 1 });
    const b = await create({ name: 'List B', price: 2 });
    const res = await send('GET', '?page=1&per_page=2', cs);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(2);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    const all = json(await send('GET', '?per_page=100', owner));
    expect(body.total).toBe(all.total);
    expect(all.products.length).toBe(all.total);
    expectError(await send('GET', '?per_page=101', owner), 400, DASHBOARD_REFUSAL_TEXT.invalid_per_page);
    expectError(await send('GET', '?page=0', owner), 400, DASHBOARD_REFUSAL_TEXT.invalid_page);
    expect(json(await send('GET', '?page=2&per_page=2', owner)).products.map((p: { id: number }) => p.id)).not.toContain(b.id);
  });

  it('changes a product (PATCH): fields not sent keep their value', async () => {
    const made = await create({ name: 'Ubah', price: 1000, description: 'lama', weight_grams: 10 });
    const res = await send('PATCH', `?id=${made.id}`, admin, { price: 2000, sale_price: 3000, couriers: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ name: 'Ubah', price: 2000, sale_price: 3000, description: 'lama', weight_grams: 10, couriers: null });
    expectError(await send('PATCH', '', admin, { price: 1 }), 400, 'id required');
    expectRefused(await send('PATCH', `?id=${made.id}`, admin, '[1]'), 'body_not_object');
  });

  it('another store\'s product is 404 for every verb, and stays as it was', async () => {
    const theirs = await create({ name: 'Punya Orang', price: 5000 }, stranger);
    expectError(await send('GET', `?id=${theirs.id}`, owner), 404, 'Product not found');
    expectError(await send('PATCH', `?id=${theirs.id}`, owner, { name: 'Diambil' }), 404, 'Product not found');
    expectError(await send('DELETE', `?id=${theirs.id}`, owner), 404, 'Product not found');
    expect(json(await send('GET', `?id=${theirs.id}`, stranger)).name).toBe('Punya Orang');
    expect(json(await send('GET', '?per_page=100', owner)).products.map((p: { id: number }) => p.id)).not.toContain(theirs.id);
  });

  it('X-Lapak-Store naming another store answers 409 and does nothing', async () => {
    expectError(await send('POST', '', owner, { name: 'Salah Toko', price: 1 }, { 'x-lapak-store': String(other.tenantId) }), 409, DASHBOARD_ERRORS.store_changed.error);
  });

  it('a write from another site is refused (403) in the product family', async () => {
    const res = await send('POST', '', owner, { name: 'Lintas', price: 1 }, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(Object.keys(json(res))).toEqual(['error']);
  });

  it('another method answers 405 naming the four', async () => {
    const res = await t.request({ method: 'PUT', url: PATH, headers: asMember(owner) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST, PATCH, DELETE');
  });
});

describe('roles', () => {
  it('owners and admins write; CS reads and gets 403 on every write', async () => {
    const made = await create({ name: 'Peran', price: 1000 }, admin);
    expect(json(await send('GET', `?id=${made.id}`, cs)).name).toBe('Peran');
    expect(json(await send('GET', '', cs)).total).toBeGreaterThan(0);
    expectError(await send('POST', '', cs, { name: 'CS', price: 1 }), 403, DASHBOARD_ERRORS.forbidden.error);
    expectError(await send('PATCH', `?id=${made.id}`, cs, { name: 'CS' }), 403, DASHBOARD_ERRORS.forbidden.error);
    expectError(await send('DELETE', `?id=${made.id}`, cs), 403, DASHBOARD_ERRORS.forbidden.error);
    expect(json(await send('GET', `?id=${made.id}`, owner)).name).toBe('Peran');
    expect((await send('PATCH', `?id=${made.id}`, owner, { name: 'Peran 2' })).statusCode).toBe(200);
    expect((await send('DELETE', `?id=${made.id}`, admin)).statusCode).toBe(204);
  });
});

describe('the rules of the fields', () => {
  const twoByThree = { variants: KAOS.variants };

  it('the variant price rules answer SPEC\'s exact texts, on create and change (and the dashboard\'s words in `fields`)', async () => {
    expectRefused(await send('POST', '', owner, { name: 'V', price: 1, ...twoByThree, variant_prices: [[1, 2, 0], [1, 2, 3]] }), 'variant_prices_cell', CELL_TEXT);
    expectRefused(await send('POST', '', owner, { name: 'V', price: 1, ...twoByThree, variant_prices: [[1, 2], [1, 2]] }), 'variant_prices_shape', SHAPE_TEXT);
    expectRefused(await send('POST', '', owner, { name: 'V', price: 1, variants: [{ dimension: 'Warna', options: ['A', 'B'] }], variant_prices: [[1], [2]] }), 'variant_prices_shape', SHAPE_TEXT);
    expectRefused(await send('POST', '', owner, { name: 'V', price: 1, ...twoByThree, variant_compare_prices: [[0, 0, -1], [0, 0, 0]] }), 'variant_compare_prices_cell');
    const made = await create({ name: 'V ok', price: 1, ...twoByThree, variant_prices: [[1, 2, 3], [4, 5, 6]], variant_compare_prices: [[0, 0, 0], [0, 9, 0]] });
    expectRefused(await send('PATCH', `?id=${made.id}`, owner, { variant_prices: [[1, 2, 3], [4, 0, 6]] }), 'variant_prices_cell', CELL_TEXT);
    // Fewer options than the prices have: the matrix no longer fits.
    expectRefused(await send('PATCH', `?id=${made.id}`, owner, { variants: [{ dimension: 'Warna', options: ['Hitam'] }, KAOS.variants[1]] }), 'variant_prices_shape', SHAPE_TEXT);
    expect((await t.ctx.db.selectFrom('products').select('variant_prices').where('id', '=', made.id).executeTakeFirstOrThrow()).variant_prices).toBe('[[1,2,3],[4,5,6]]');
  });

  it('names, slugs (numeric suffix on collision), prices and the other fields', async () => {
    expectRefused(await send('POST', '', owner, { price: 1 }), 'name_required', 'name required');
    expectRefused(await send('POST', '', owner, { name: '!!!', price: 1 }), 'cannot_derive_slug', 'cannot derive slug from name');
    expectRefused(await send('POST', '', owner, { name: 'P', price: -1 }), 'invalid_price');
    expectRefused(await send('POST', '', owner, { name: 'P', price: 1, weight_grams: 1.5 }), 'invalid_weight');
    expectRefused(await send('POST', '', owner, { name: 'P', price: 1, variants: [{ dimension: 'Warna', options: [] }] }), 'variants_without_options');
    expectRefused(await send('POST', '', owner, { name: 'P', price: 1, variant_display: 'huge' }), 'invalid_variant_display');
    expectRefused(await send('POST', '', owner, { name: 'P', price: 1, payment_methods: ['gateway'] }), 'payment_methods_not_offered');
    expectRefused(await send('POST', '', owner, { name: 'P', price: 1, couriers: ['Kilat'] }), 'couriers_not_offered');
    const first = await create({ name: 'Sandal Jepit', price: 1 });
    const second = await create({ name: 'Sandal Jepit', price: 1 });
    expect([first.slug, second.slug]).toEqual(['sandal-jepit', 'sandal-jepit-2']);
  });

  it('ad ids are checked on save: Meta 15-16 digits, TikTok 20 upper-case alphanumerics, GTM-XXXXXXX; blank clears', async () => {
    expectRefused(await send('POST', '', owner, { name: 'Ad', price: 1, meta_pixel_id: '12345' }), 'invalid_meta_pixel_id');
    expectRefused(await send('POST', '', owner, { name: 'Ad', price: 1, tiktok_pixel_id: 'c4abcdef1234567890ab' }), 'invalid_tiktok_pixel_id');
    expectRefused(await send('POST', '', owner, { name: 'Ad', price: 1, gtm_id: 'UA-12345' }), 'invalid_gtm_id');
    const made = await create({ name: 'Ad', price: 1, meta_pixel_id: '1234567890123456', tiktok_pixel_id: 'CABCDEFGHIJ123456789', gtm_id: 'GTM-K9ZX2PQ' });
    expect(made).toMatchObject({ meta_pixel_id: '1234567890123456', tiktok_pixel_id: 'CABCDEFGHIJ123456789', gtm_id: 'GTM-K9ZX2PQ' });
    expect(json(await send('PATCH', `?id=${made.id}`, owner, { meta_pixel_id: ' ', tiktok_pixel_id: null })).meta_pixel_id).toBeNull();
  });
});

describe('the IP window of the path', () => {
  it('is shared by session and API-key traffic from one IP', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const keyed = await seedStore(limited.ctx, { r: { scopes: ['products:read'] } });
      const member = await seedMember(limited.ctx, keyed.tenantId, 'owner');
      const ip = '198.51.100.7';
      for (let i = 0; i < 30; i++) {
        const res = await limited.request({ method: 'GET', url: `${PATH}?action=embed&id=999`, headers: { 'x-api-key': keyed.keys.r! }, remoteAddress: ip });
        expect(res.statusCode).toBe(404);
      }
      for (let i = 0; i < 30; i++) {
        const res = await limited.request({ method: 'GET', url: PATH, headers: asMember(member), remoteAddress: ip });
        expect(res.statusCode).toBe(200);
      }
      const refused = await limited.request({ method: 'GET', url: PATH, headers: asMember(member), remoteAddress: ip });
      expectError(refused, 429, 'Terlalu banyak permintaan. Coba lagi nanti.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const keyRefused = await limited.request({ method: 'GET', url: `${PATH}?action=embed&id=999`, headers: { 'x-api-key': keyed.keys.r! }, remoteAddress: ip });
      expect(keyRefused.statusCode).toBe(429);
      // Another IP has its own window.
      expect((await limited.request({ method: 'GET', url: PATH, headers: asMember(member), remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
    } finally {
      await limited.drop();
    }
  });
});

describe('soft deletion', () => {
  const formUrl = (slug: string) => `/form/${store.tenantId}/${slug}`;

  async function order(slug: string): Promise<{ thanks: string; orderId: number }> {
    const page = await t.request({ method: 'GET', url: formUrl(slug) });
    expect(page.statusCode).toBe(200);
    const res = await t.request({ method: 'POST', url: formUrl(slug), payload: formBody(tokenOf(page.body)), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    const thanks = res.headers.location as string;
    const shown = await t.request({ method: 'GET', url: thanks });
    return { thanks, orderId: Number(/id="lf-order-id">#(\d+)</.exec(shown.body)![1]) };
  }

  it('the product leaves the list, embed and duplicate answer SPEC\'s 404s, the form says "Produk tidak tersedia"; orders and thank-you pages keep working; the slug stays reserved', async () => {
    const reader = store.keys.reader!;
    const made = await create({ name: 'Hapus Saya', price: 20000, ...{ variants: KAOS.variants, variant_prices: KAOS.variant_prices } });
    const placed = await order(made.slug);

    const deleted = await send('DELETE', `?id=${made.id}`, owner);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectError(await send('DELETE', `?id=${made.id}`, owner), 404, 'Product not found');
    expectError(await send('GET', `?id=${made.id}`, owner), 404, 'Product not found');
    expect(json(await send('GET', '?per_page=100', owner)).products.map((p: { id: number }) => p.id)).not.toContain(made.id);
    expectError(await t.request({ method: 'GET', url: `${PATH}?action=embed&id=${made.id}`, headers: { 'x-api-key': reader } }), 404, 'Product not found');

    const form = await t.request({ method: 'GET', url: formUrl(made.slug) });
    expect(form.statusCode).toBe(410);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('Produk tidak tersedia');
    expect(form.body).not.toContain('<form');
    const post = await t.request({ method: 'POST', url: formUrl(made.slug), payload: formBody('0'.repeat(32)), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.statusCode).toBe(410);

    const thanks = await t.request({ method: 'GET', url: placed.thanks });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(`#${placed.orderId}`);
    const orderRead = await t.request({ method: 'GET', url: `/api/order_status.php?id=${placed.orderId}`, headers: { 'x-api-key': reader } });
    expect(orderRead.statusCode, orderRead.body).not.toBe(404);

    const again = await create({ name: 'Hapus Saya', price: 1 });
    expect(again.slug).toBe(`${made.slug}-2`);
  });

  it('duplicate of a deleted product answers Source product not found', async () => {
    const keyed = await seedStore(t.ctx, { w: { scopes: ['products:write'] } });
    const member = await seedMember(t.ctx, keyed.tenantId, 'owner');
    const made = await create({ name: 'Sumber', price: 1 }, member);
    expect((await send('DELETE', `?id=${made.id}`, member)).statusCode).toBe(204);
    const res = await t.request({ method: 'POST', url: `${PATH}?action=duplicate&id=${made.id}`, headers: { 'x-api-key': keyed.keys.w!, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Salinan' }) });
    expectError(res, 404, 'Source product not found');
  });
});

describe('slug changes', () => {
  it('the old form URL redirects (308) to the new one, query kept, for GET and the form\'s POST; the old slug stays reserved', async () => {
    const made = await create({ name: 'Lama Sekali', price: 15000 });
    const changed = await send('PATCH', `?id=${made.id}`, owner, { slug: 'baru-sekali' });
    expect(json(changed)).toMatchObject({ slug: 'baru-sekali', embed: { slug: 'baru-sekali', form_url: `https://lapak.test/form/${store.tenantId}/baru-sekali` } });
    const old = await t.request({ method: 'GET', url: `/form/${store.tenantId}/lama-sekali?utm_source=ig` });
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe(`/form/${store.tenantId}/baru-sekali?utm_source=ig`);
    const post = await t.request({ method: 'POST', url: `/form/${store.tenantId}/lama-sekali`, payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.statusCode).toBe(308);
    expect((await t.request({ method: 'GET', url: old.headers.location as string })).statusCode).toBe(200);

    // Another product cannot take the old slug; this one may take it back.
    expect((await create({ name: 'Lama Sekali', price: 1 })).slug).toBe('lama-sekali-2');
    expect(json(await send('PATCH', `?id=${made.id}`, owner, { slug: 'Lama Sekali' })).slug).toBe('lama-sekali');
    expect((await t.request({ method: 'GET', url: `/form/${store.tenantId}/baru-sekali` })).statusCode).toBe(308);
    expect((await t.request({ method: 'GET', url: `/form/${store.tenantId}/lama-sekali` })).statusCode).toBe(200);
  });

  it('a wanted slug taken by another product gets a numeric suffix', async () => {
    await create({ name: 'Dipakai', price: 1 });
    const made = await create({ name: 'Mau Pindah', price: 1 });
    expect(json(await send('PATCH', `?id=${made.id}`, owner, { slug: 'dipakai' })).slug).toBe('dipakai-2');
    // Asking again for the taken slug keeps the one it has (no `-3`, no redirect to itself).
    expect(json(await send('PATCH', `?id=${made.id}`, owner, { slug: 'dipakai' })).slug).toBe('dipakai-2');
    expect((await t.request({ method: 'GET', url: `/form/${store.tenantId}/dipakai-2` })).statusCode).toBe(200);
  });
});

describe('duplicate and the form', () => {
  it('duplicate copies every field the editor adds', async () => {
    const keyed = await seedFormStore(t.ctx, {}, 'Toko Salin');
    const member = await seedMember(t.ctx, keyed.tenantId, 'owner');
    const made = await create({
      name: 'Asli', price: 1000, description: 'Deskripsi', weight_grams: 300, payment_methods: ['cod'], couriers: ['Kurir Lokal'],
      meta_pixel_id: '123456789012345', tiktok_pixel_id: 'CABCDEFGHIJ123456789', gtm_id: 'GTM-ABC1234', variant_display: 'small',
    }, member);
    const issued = await issueKey(t.ctx.db, t.ctx.clock, keyed.tenantId, { name: 'salin', scopes: ['products:write'], expiresAt: null });
    if (!issued.ok) throw new Error(issued.message);
    const res = await t.request({ method: 'POST', url: `${PATH}?action=duplicate&id=${made.id}`, headers: { 'x-api-key': issued.value.key, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Salinan' }) });
    expect(res.statusCode).toBe(201);
    const copy = json(await send('GET', `?id=${json(res).id}`, member));
    const { id: _a, name: _b, slug: _c, embed: _d, ...madeRest } = made;
    const { id: _e, name: _f, slug: _g, embed: _h, ...copyRest } = copy;
    expect(copyRest).toEqual(madeRest);
  });

  it('the order form offers only the product\'s payment methods and couriers, and refuses others', async () => {
    const made = await create({ name: 'Pilih Kurir', price: 10000, payment_methods: ['cod'], couriers: ['Kurir Lokal'] });
    const page = await t.request({ method: 'GET', url: `/form/${store.tenantId}/${made.slug}` });
    expect(page.body).toContain('value="cod"');
    expect(page.body).not.toContain('value="bank_transfer"');
    expect(page.body).toContain('value="Kurir Lokal"');
    expect(page.body).not.toContain('value="JNE REG"');
    const token = tokenOf(page.body);
    const refused = await t.request({
      method: 'POST', url: `/form/${store.tenantId}/${made.slug}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(token, { v0: '', v1: '', courier: 'JNE REG', payment_method: 'bank_transfer', province: BUYER.province }),
    });
    expect(refused.statusCode).toBe(422);
    const placed = await t.request({
      method: 'POST', url: `/form/${store.tenantId}/${made.slug}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(token, { courier: 'Kurir Lokal', payment_method: 'cod', province: 'DKI Jakarta' }),
    });
    expect(placed.statusCode, placed.body.slice(0, 300)).toBe(303);
  });
});

describe('GET /dashboard/api/products/choices', () => {
  it('names the store\'s payment methods and couriers to every member', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard/api/products/choices', headers: asMember(cs) });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect({ payment_methods: body.payment_methods, couriers: body.couriers }).toEqual({ payment_methods: ['bank_transfer', 'cod'], couriers: ['JNE REG', 'Kurir Lokal'] });
    // The 38 provinces, for a CS too (Tambah pesanan, the buyer's edit), and the rates, as the order form shows them.
    expect(body.provinces).toEqual([...PROVINCES]);
    expect(body.provinces).toHaveLength(38);
    expect(body.rates).toEqual(
      Object.entries(await storeRates(t.ctx.db).table(store.tenantId)).flatMap(([courier, fees]) => Object.entries(fees).map(([province, fee]) => ({ courier, province, fee }))),
    );
    expect(body.rates.length).toBeGreaterThan(0);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/products/choices' })).statusCode).toBe(401);
  });
});
