// SPEC "GET /api/products.php?action=embed", "POST ...?action=duplicate", "action handling" and
// "Product endpoint errors", row by row. Auth, scopes and tenant isolation of these two
// operations are covered by src/auth/common-route.api.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import type { Product } from './product-record.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const PUBLIC_URL = 'https://lapak.test';
const CELL_TEXT = 'variant_prices tiap kombinasi wajib diisi harga lebih dari 0 (ada sel kosong/0).';
const SHAPE_TEXT = 'variant_prices bentuk matriks tidak sesuai jumlah opsi variasi.';
const COMPARE_SHAPE_TEXT = 'variant_compare_prices bentuk matriks tidak sesuai jumlah opsi variasi.';
const COMPARE_CELL_TEXT = 'variant_compare_prices tiap kombinasi wajib diisi angka 0 atau lebih (ada sel kosong).';

let t: App;
let store: Store;
let other: Store;
let kaos: Product; // two variations, pixel settings, sale price
let mug: Product; // no variations
let topi: Product; // one variation
let tas: Product; // three variations

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, { all: { scopes: ['*'] }, reader: { scopes: ['products:read'] }, writer: { scopes: ['products:write'] } });
  other = await seedStore(t.ctx, { all: { scopes: ['*'] } }, { name: 'Toko Lain' });
  kaos = await seedProduct(t.ctx, store.tenantId, {
    name: 'Kaos Polos',
    price: 50000,
    sale_price: 75000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L', 'XL'] }],
    variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]],
    variant_compare_prices: [[70000, 0, 0], [0, 0, 80000]],
    variant_display: 'small',
    meta_pixel_id: '123456789012345',
    gtm_id: 'GTM-ABC1234',
  });
  mug = await seedProduct(t.ctx, store.tenantId, { name: 'Mug Keramik', price: 35000 });
  topi = await seedProduct(t.ctx, store.tenantId, {
    name: 'Topi',
    price: 40000,
    variants: [{ dimension: 'Warna', options: ['Merah', 'Biru', 'Hijau'] }],
    variant_prices: [40000, 41000, 42000],
  });
  tas = await seedProduct(t.ctx, store.tenantId, {
    name: 'Tas',
    price: 100000,
    variants: [
      { dimension: 'Warna', options: ['Hitam', 'Coklat'] },
      { dimension: 'Ukuran', options: ['S', 'M', 'L'] },
      { dimension: 'Bahan', options: ['Kanvas', 'Kulit'] },
    ],
  });
});
afterAll(() => t.drop());

const key = () => store.keys.all!;
const embed = (id: number | string, apiKey = key()) =>
  t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${id}`, headers: { 'x-api-key': apiKey } });
const duplicate = (id: number | string, body: unknown, apiKey = key()) =>
  t.request({
    method: 'POST',
    url: `/api/products.php?action=duplicate&id=${id}`,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

function expectError(res: LightMyRequestResponse, status: number, error: string): void {
  expect({ status: res.statusCode, body: json(res) }).toEqual({ status, body: { error } });
}

const productRow = (id: number) => t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET action=embed', () => {
  it('returns the embed record field for field, in SPEC order', async () => {
    const res = await embed(kaos.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = json(res);
    expect(Object.keys(body)).toEqual([
      'success', 'id', 'name', 'slug', 'price', 'sale_price', 'variants', 'variant_prices', 'variant_display', 'embed',
    ]);
    expect(Object.keys(body.embed)).toEqual(['product_id', 'tenant_id', 'slug', 'form_url', 'iframe', 'iframe_with_pixel']);
    const formUrl = `${PUBLIC_URL}/form/${store.tenantId}/kaos-polos`;
    expect(body).toEqual({
      success: true,
      id: kaos.id,
      name: 'Kaos Polos',
      slug: 'kaos-polos',
      price: 50000,
      sale_price: 75000,
      variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L', 'XL'] }],
      variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]],
      variant_display: 'small',
      embed: {
        product_id: kaos.id,
        tenant_id: store.tenantId,
        slug: 'kaos-polos',
        form_url: formUrl,
        iframe: expect.any(String),
        iframe_with_pixel: expect.any(String),
      },
    });
    // The snippets load the form itself; the pixel variant carries extra markup.
    expect(body.embed.iframe).toContain(`src="${formUrl}"`);
    expect(body.embed.iframe_with_pixel).toContain(`src="${formUrl}"`);
    expect(body.embed.iframe_with_pixel.length).toBeGreaterThan(body.embed.iframe.length);
    // Internal fields stay out of the record.
    expect(body).not.toHaveProperty('variant_compare_prices');
    expect(body).not.toHaveProperty('meta_pixel_id');
    expect(body).not.toHaveProperty('tenant_id');
  });

  it('shows sale_price null and empty variant lists for a plain product; integers stay integers', async () => {
    const body = json(await embed(mug.id, store.keys.reader!));
    expect(body).toMatchObject({ id: mug.id, price: 35000, sale_price: null, variants: [], variant_prices: [], variant_display: 'default' });
    expect(body.embed.form_url).toBe(`${PUBLIC_URL}/form/${store.tenantId}/mug-keramik`);
    expect(Number.isInteger(body.price) && Number.isInteger(body.id) && Number.isInteger(body.embed.tenant_id)).toBe(true);
  });

  it('400 id required when id is missing, 0, negative or not a positive integer', async () => {
    const urls = ['', '&id=', '&id=0', '&id=-1', '&id=-5', '&id=abc', '&id=1.5', '&id=1e3', '&id=%20'].map(
      (q) => `/api/products.php?action=embed${q}`,
    );
    const results = await Promise.all(urls.map((url) => t.request({ method: 'GET', url, headers: { 'x-api-key': key() } })));
    results.forEach((res) => expectError(res, 400, 'id required'));
  });

  it('404 Product not found for an unknown id and for another store\'s product', async () => {
    const foreign = await seedProduct(t.ctx, other.tenantId, { name: 'Produk Lain', price: 1000 });
    expectError(await embed(999999), 404, 'Product not found');
    expectError(await embed(foreign.id), 404, 'Product not found');
    expect((await embed(foreign.id, other.keys.all!)).statusCode).toBe(200);
  });
});

describe('POST action=duplicate', () => {
  it('201 with the embed record of the new product, which embed then returns too', async () => {
    const res = await duplicate(kaos.id, { name: 'Kaos Lebaran' });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.id).not.toBe(kaos.id);
    const formUrl = `${PUBLIC_URL}/form/${store.tenantId}/kaos-lebaran`;
    expect(body).toMatchObject({
      success: true,
      name: 'Kaos Lebaran',
      slug: 'kaos-lebaran',
      embed: { product_id: body.id, tenant_id: store.tenantId, slug: 'kaos-lebaran', form_url: formUrl },
    });
    const { variant_compare_prices: compare, ...record } = body;
    expect(compare).toEqual(kaos.variant_compare_prices);
    expect(json(await embed(body.id))).toEqual(record);
  });

  it('copies price, sale_price, variants, variant prices, variant_display and pixel settings from the source', async () => {
    const body = json(await duplicate(kaos.id, { name: 'Kaos Salinan', price: 1, sale_price: 2, variant_display: 'default', meta_pixel_id: 'x' }));
    expect(body).toMatchObject({
      price: 50000,
      sale_price: 75000,
      variants: kaos.variants,
      variant_prices: kaos.variant_prices,
      variant_display: 'small',
      variant_compare_prices: kaos.variant_compare_prices,
    });
    const [copy, source] = await Promise.all([productRow(body.id), productRow(kaos.id)]);
    expect(copy).toMatchObject({ tenant_id: store.tenantId, meta_pixel_id: '123456789012345', gtm_id: 'GTM-ABC1234' });
    const fields = ['price', 'sale_price', 'variants', 'variant_prices', 'variant_compare_prices', 'variant_display', 'meta_pixel_id', 'gtm_id'] as const;
    for (const field of fields) expect(copy[field], field).toEqual(source[field]);
  });

  it('400 name required for a missing, empty, blank or non-string name', async () => {
    const bodies = [{}, { name: '' }, { name: '   ' }, { name: '\t\n' }, { name: null }, { name: 42 }, { name: true }, { name: ['Kaos'] }, { name: { x: 1 } }, { slug: 'promo' }];
    const results = await Promise.all(bodies.map((b) => duplicate(kaos.id, b)));
    results.forEach((res) => expectError(res, 400, 'name required'));
  });

  it('400 cannot derive slug from name when the name has no usable characters and no slug is sent', async () => {
    for (const body of [{ name: '!!!' }, { name: '---' }, { name: '日本語' }, { name: '!!!', slug: '' }, { name: '!!!', slug: '   ' }]) {
      expectError(await duplicate(kaos.id, body), 400, 'cannot derive slug from name');
    }
  });

  it('uses the slug when sent', async () => {
    const res = await duplicate(kaos.id, { name: '!!!', slug: 'promo' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ name: '!!!', slug: 'promo', embed: { slug: 'promo', form_url: `${PUBLIC_URL}/form/${store.tenantId}/promo` } });
    const named = json(await duplicate(kaos.id, { name: 'Nama Apa Saja', slug: 'Promo Ramadhan!' }));
    expect(named.slug).toBe('promo-ramadhan');
    // A sent slug that yields nothing falls back to the name.
    expect(json(await duplicate(kaos.id, { name: 'Nama Cadangan', slug: '???' })).slug).toBe('nama-cadangan');
  });

  it('derives the slug from the name: accents folded, lower case, dashes', async () => {
    const body = json(await duplicate(mug.id, { name: '  Café Crème — Édition Spéciale 2026  ' }));
    expect(body).toMatchObject({ name: 'Café Crème — Édition Spéciale 2026', slug: 'cafe-creme-edition-speciale-2026' });
  });

  it('appends a numeric suffix on collision: slug, slug-2, slug-3', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      const res = await duplicate(mug.id, { name: 'Mug Promo' });
      expect(res.statusCode).toBe(201);
      slugs.push(json(res).slug);
    }
    expect(slugs).toEqual(['mug-promo', 'mug-promo-2', 'mug-promo-3']);
    // A collision with the source's own slug, and with a sent slug.
    expect(json(await duplicate(mug.id, { name: 'Mug Keramik' })).slug).toBe('mug-keramik-2');
    expect(json(await duplicate(mug.id, { name: 'x', slug: 'mug-promo' })).slug).toBe('mug-promo-4');
    // Slugs are per store: another store gets the plain slug.
    const foreign = await seedProduct(t.ctx, other.tenantId, { name: 'Mug', price: 1000 });
    const res = await duplicate(foreign.id, { name: 'Mug Promo' }, other.keys.all!);
    expect(json(res)).toMatchObject({ slug: 'mug-promo', embed: { form_url: `${PUBLIC_URL}/form/${other.tenantId}/mug-promo` } });
  });

  it('parallel duplicates with the same name all get distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => duplicate(mug.id, { name: 'Mug Serbu' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(results.map((r) => json(r).slug).sort()).toEqual(['mug-serbu', 'mug-serbu-2', 'mug-serbu-3', 'mug-serbu-4', 'mug-serbu-5', 'mug-serbu-6']);
  });

  it('404 Source product not found for an unknown or foreign id', async () => {
    const foreign = await seedProduct(t.ctx, other.tenantId, { name: 'Asing', price: 1000 });
    expectError(await duplicate(999999, { name: 'X' }), 404, 'Source product not found');
    expectError(await duplicate(foreign.id, { name: 'X' }), 404, 'Source product not found');
  });

  it('400 id required when id is missing, 0, negative or not a positive integer', async () => {
    const urls = ['', '&id=', '&id=0', '&id=-3', '&id=abc', '&id=2.5'].map((q) => `/api/products.php?action=duplicate${q}`);
    const results = await Promise.all(
      urls.map((url) =>
        t.request({ method: 'POST', url, headers: { 'x-api-key': key(), 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'X' }) }),
      ),
    );
    results.forEach((res) => expectError(res, 400, 'id required'));
  });

  it('400 when the body is not a JSON object', async () => {
    for (const payload of ['', 'not json', '{"name":', '[1,2]', '"Kaos"', '42', 'null']) {
      const res = await duplicate(kaos.id, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(json(res)).toEqual({ error: 'body must be a JSON object' });
    }
  });
});

describe('POST action=duplicate: variant prices (validated against the source variants)', () => {
  it('accepts a matrix of the right shape and stores it', async () => {
    const variant_prices = [[10000, 11000, 12000], [13000, 14000, 15000]];
    const res = await duplicate(kaos.id, { name: 'Kaos Murah', variant_prices });
    expect(res.statusCode).toBe(201);
    expect(json(res).variant_prices).toEqual(variant_prices);
    expect(JSON.parse((await productRow(json(res).id)).variant_prices)).toEqual(variant_prices);
  });

  it(`cell 0, negative, null, empty, non-integer or non-number: "${CELL_TEXT}"`, async () => {
    const cells: unknown[] = [0, -1000, null, '', '50000', 1.5, [50000], { v: 1 }, true];
    for (const cell of cells) {
      const variant_prices = [[10000, 11000, 12000], [13000, cell, 15000]];
      expectError(await duplicate(kaos.id, { name: 'Kaos Sel', variant_prices }), 400, cell instanceof Array ? SHAPE_TEXT : CELL_TEXT);
    }
  });

  it(`wrong dimensions: "${SHAPE_TEXT}"`, async () => {
    const matrices: unknown[] = [
      [[10000, 11000, 12000]], // one row short
      [[10000, 11000, 12000], [13000, 14000, 15000], [1, 2, 3]], // one row too many
      [[10000, 11000], [13000, 14000]], // rows too short
      [[10000, 11000, 12000, 13000], [13000, 14000, 15000, 16000]], // rows too long
      [[10000, 11000, 12000], [13000, 14000]], // a missing cell: the row is short
      [10000, 11000, 12000, 13000, 14000, 15000], // flat list for two variations
      [[[10000], [11000], [12000]], [[13000], [14000], [15000]]], // one level too deep
      'abc',
      { 0: [1, 2, 3] },
      42,
    ];
    for (const variant_prices of matrices) {
      expectError(await duplicate(kaos.id, { name: 'Kaos Bentuk', variant_prices }), 400, SHAPE_TEXT);
    }
  });

  it('one variation takes a flat list, never a nested one', async () => {
    const ok = await duplicate(topi.id, { name: 'Topi Murah', variant_prices: [1000, 2000, 3000] });
    expect(ok.statusCode).toBe(201);
    expect(json(ok).variant_prices).toEqual([1000, 2000, 3000]);
    for (const variant_prices of [[[1000], [2000], [3000]], [[1000, 2000, 3000]], [1000, 2000], [1000, 2000, 3000, 4000]]) {
      expectError(await duplicate(topi.id, { name: 'Topi Salah', variant_prices }), 400, SHAPE_TEXT);
    }
    expectError(await duplicate(topi.id, { name: 'Topi Nol', variant_prices: [1000, 0, 3000] }), 400, CELL_TEXT);
  });

  it('three variations take a three-level matrix', async () => {
    const cube = [
      [[1, 2], [3, 4], [5, 6]],
      [[7, 8], [9, 10], [11, 12]],
    ];
    const ok = await duplicate(tas.id, { name: 'Tas Murah', variant_prices: cube });
    expect(ok.statusCode).toBe(201);
    expect(json(ok).variant_prices).toEqual(cube);
    expectError(await duplicate(tas.id, { name: 'Tas Dua', variant_prices: cube.map((plane) => plane.map((row) => row[0])) }), 400, SHAPE_TEXT);
    const zero = structuredClone(cube);
    zero[1]![2]![1] = 0;
    expectError(await duplicate(tas.id, { name: 'Tas Nol', variant_prices: zero }), 400, CELL_TEXT);
  });

  it('a product without variations accepts only an empty list', async () => {
    expect((await duplicate(mug.id, { name: 'Mug Kosong', variant_prices: [] })).statusCode).toBe(201);
    expectError(await duplicate(mug.id, { name: 'Mug Harga', variant_prices: [35000] }), 400, SHAPE_TEXT);
  });

  it('an empty list clears the per-variant prices; null means "copy from the source"', async () => {
    expect(json(await duplicate(kaos.id, { name: 'Kaos Rata', variant_prices: [] })).variant_prices).toEqual([]);
    expect(json(await duplicate(kaos.id, { name: 'Kaos Null', variant_prices: null })).variant_prices).toEqual(kaos.variant_prices);
  });

  it('variant_compare_prices allows 0 but must have the same shape', async () => {
    const zeros = [[0, 0, 0], [0, 0, 0]];
    const res = await duplicate(kaos.id, { name: 'Kaos Coret', variant_compare_prices: zeros });
    expect(res.statusCode).toBe(201);
    expect(json(res).variant_compare_prices).toEqual(zeros);
    expectError(await duplicate(kaos.id, { name: 'Kaos Coret 2', variant_compare_prices: [[0, 0], [0, 0]] }), 400, COMPARE_SHAPE_TEXT);
    expectError(await duplicate(kaos.id, { name: 'Kaos Coret 3', variant_compare_prices: [0, 0, 0, 0, 0, 0] }), 400, COMPARE_SHAPE_TEXT);
    for (const cell of [-1, null, '', 2.5]) {
      expectError(await duplicate(kaos.id, { name: 'Kaos Coret 4', variant_compare_prices: [[0, 0, 0], [0, cell, 0]] }), 400, COMPARE_CELL_TEXT);
    }
  });

  it('a rejected duplicate creates nothing', async () => {
    const count = async () => (await t.ctx.db.selectFrom('products').select('id').where('tenant_id', '=', store.tenantId).execute()).length;
    const before = await count();
    await duplicate(kaos.id, { name: 'Kaos Gagal', variant_prices: [[0]] });
    await duplicate(kaos.id, { name: 'Kaos Gagal', variant_prices: [[1, 2, 3], [4, 0, 6]] });
    await duplicate(kaos.id, { name: '' });
    expect(await count()).toBe(before);
  });
});

describe('action handling', () => {
  it('400 Unknown action: <value> for any other action', async () => {
    for (const [query, value] of [
      ['list', 'list'],
      ['delete', 'delete'],
      ['EMBED', 'EMBED'],
      ['embed%20', 'embed '],
      ['foo%20bar', 'foo bar'],
      ['%C3%A9', 'é'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/products.php?action=${query}&id=${kaos.id}`, headers: { 'x-api-key': key() } });
      expect(res.statusCode, query).toBe(400);
      const { error } = json(res);
      expect(error.startsWith('Unknown action: ')).toBe(true);
      expect(json(res)).toEqual({ error: `Unknown action: ${value}` });
    }
    // The action is judged only after the key (docs/decisions.md): anonymous callers learn nothing.
    const anonymous = await t.request({ method: 'GET', url: '/api/products.php?action=list' });
    expectError(anonymous, 401, 'API key required (X-API-Key header)');
  });

  it('without an action the dashboard path answers 401 Login required, even with a valid key', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const) {
      for (const url of ['/api/products.php', `/api/products.php?id=${kaos.id}`, '/api/products.php?action=']) {
        for (const headers of [{ 'x-api-key': key() }, {}]) {
          const res = await t.request({
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { payload: JSON.stringify({ name: 'Baru', price: 1000 }) }),
          });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(json(res)).toEqual({ error: 'Login required' });
        }
      }
    }
    // Nothing was created or deleted through the dashboard path.
    expect(await productRow(kaos.id)).toMatchObject({ name: 'Kaos Polos' });
  });

  it('405 for the wrong method of an action, naming the allowed one', async () => {
    const cases = [
      ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({ method, action: 'embed', allow: 'GET' })),
      ...(['GET', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({ method, action: 'duplicate', allow: 'POST' })),
    ];
    for (const { method, action, allow } of cases) {
      const res = await t.request({
        method,
        url: `/api/products.php?action=${action}&id=${kaos.id}`,
        headers: { 'x-api-key': key(), 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'X' }),
      });
      expect(res.statusCode, `${method} ${action}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(json(res)).toEqual({ error: 'Method not allowed' });
    }
  });
});
