// Issue 31: every malformed request gets a clear 4xx in its route's family, on every surface
// (the dashboard, SPEC's three paths, the order form, the payment callbacks): a Content-Type
// that names no media type, JSON nested deeper than MAX_JSON_DEPTH, text holding U+0000
// (PostgreSQL cannot store it; found by the fuzz test), a path the router cannot
// read, an id not written as a positive integer, a method Fastify does not route by default.
// None of them logs a stack trace. test/fuzz.api.test.ts sends thousands more.
import { PassThrough } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueKey } from './api-keys/issue-key.js';
import { valueOf } from './lib/outcome.js';
import { API_ERRORS, AUTH_TEXT, DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT, PRODUCT_TEXT, TRANSPORT_TEXT } from './lib/http/messages.js';
import { MAX_JSON_DEPTH } from './lib/http/request.js';
import { FORM_TEXT } from './form/messages.js';
import { asMember, seedMember, type Member } from '../test/dashboard-helpers.js';
import { BUYER, formBody, seedFormStore, seedKaos, tokenOf } from '../test/form-helpers.js';
import { seedOrder, startTestApp, type Store, type TestApp } from '../test/helpers.js';

let t: TestApp & { drop(): Promise<void> };
let store: Store;
let owner: Member;
let formPath: string;
let orderId: number;
let productId: number;
let logs = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk));
  t = await startTestApp({ logStream: stream });
  store = await seedFormStore(t.ctx);
  const product = await seedKaos(t.ctx, store.tenantId);
  productId = product.id;
  formPath = `/form/${store.tenantId}/${product.slug}`;
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: 'Hitam / M' })).id;
  store.keys.all = valueOf(await issueKey(t.ctx.db, t.ctx.clock, store.tenantId, { name: 'Semua', scopes: ['*'], expiresAt: null })).key;
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
});
afterAll(() => t.drop());
beforeEach(() => {
  logs = '';
});

/** Paths the router cannot decode cannot be placed in an OpenAPI document: sent without its check. */
const raw = (options: InjectOptions) => t.app.inject(options);
const key = () => ({ 'x-api-key': store.keys.all! });
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** The store's products, deleted ones included: a refused write adds none. */
const productCount = async () =>
  Number((await t.ctx.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', store.tenantId).executeTakeFirstOrThrow()).n);

function expectDashboard(res: LightMyRequestResponse, status: number, code: keyof typeof DASHBOARD_ERRORS) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: DASHBOARD_ERRORS[code].error, code, request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
}

function expectApi(res: LightMyRequestResponse, code: keyof typeof API_ERRORS) {
  expect(res.statusCode).toBe(API_ERRORS[code].status);
  expect(res.json()).toEqual({ error: API_ERRORS[code].error, code, request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
}

function expectPage(res: LightMyRequestResponse, status: number, text: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain(`<h1>${text}</h1>`);
}

/** Nothing of these answers is Fastify's, and none of them logged a stack or an error line. */
function expectQuiet(...answers: LightMyRequestResponse[]) {
  for (const res of answers) {
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/FST_|statusCode|Unsupported Media Type|valid url component|max param length/);
  }
  expect(logs).not.toMatch(/"stack"|"level":50/);
}

describe('a Content-Type that names no media type', () => {
  const malformed = ['', ';', 'nonsense', 'application/', '/json'];

  it('dashboard: 415 unsupported_media_type, with or without a body, logged in or not', async () => {
    for (const type of malformed) {
      const login = await t.request({ method: 'POST', url: '/dashboard/api/login', headers: { 'content-type': type } });
      expectDashboard(login, 415, 'unsupported_media_type');
      const settings = await t.request({ method: 'PATCH', url: '/dashboard/api/settings', headers: asMember(owner, { 'content-type': type }), payload: '{"store_name":"Baru"}' });
      expectDashboard(settings, 415, 'unsupported_media_type');
      expectQuiet(login, settings);
    }
  });

  // One rule on both paths of SPEC's {error, code} family (issue 40 §4): such a Content-Type
  // declares no JSON, so the request is SPEC's 400 invalid_json after the key, whatever the body,
  // a well-formed JSON object included (it used to change the order: 200). SPEC gives the
  // family no 415. A named media type, even not JSON's, is read as before.
  it('order status: 400 invalid_json after the key, whatever the body, and the order does not change', async () => {
    const statusOf = async () => (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
    const before = await statusOf();
    const move = JSON.stringify({ id: orderId, status: before === 'closing' ? 'pending' : 'closing' });
    for (const type of malformed) {
      const noKey = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { 'content-type': type }, payload: move });
      expect(noKey.statusCode).toBe(401);
      for (const payload of ['not json', move, undefined]) {
        expectApi(await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...key(), 'content-type': type }, ...(payload === undefined ? {} : { payload }) }), 'invalid_json');
      }
      expectQuiet(noKey);
    }
    expect(await statusOf()).toBe(before);
    const named = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...key(), 'content-type': 'text/plain' }, payload: move });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ order_id: orderId, changed: true });
  });

  it('customer lookup: 400 invalid_json after the key, whatever the body', async () => {
    for (const type of malformed) {
      for (const payload of ['0812', JSON.stringify({ phone: '0812-3456-7890' })]) {
        expectApi(await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: { ...key(), 'content-type': type }, payload }), 'invalid_json');
      }
      expect((await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: { 'content-type': type }, payload: '{}' })).statusCode).toBe(401);
    }
    const named = await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers: { ...key(), 'content-type': 'text/plain' }, payload: JSON.stringify({ phone: '0812-3456-7890' }) });
    expect(named.json().code).not.toBe('invalid_json');
  });

  it('products path with an API key: 415 after the key (401 without one), before the id and the body; a named type is read as JSON', async () => {
    const duplicate = (type: string, headers: Record<string, string>, payload?: string) =>
      t.request({ method: 'POST', url: `/api/products.php?action=duplicate&id=${productId}`, headers: { ...headers, 'content-type': type }, ...(payload === undefined ? {} : { payload }) });
    const before = await productCount();
    for (const type of malformed) {
      const noKey = await duplicate(type, {}, '{"name":"Kaos Salinan"}');
      expect(noKey.statusCode).toBe(401);
      expect(noKey.json()).toEqual({ error: AUTH_TEXT.keyRequired });
      for (const payload of ['{"name":"Kaos Salinan"}', 'x', undefined]) {
        const refused = await duplicate(type, key(), payload);
        expect(refused.statusCode).toBe(415);
        expect(refused.json()).toEqual({ error: TRANSPORT_TEXT.unsupportedMediaType });
        expectQuiet(noKey, refused);
      }
    }
    // Judged before the id, after the method and the action.
    const noId = await t.request({ method: 'POST', url: '/api/products.php?action=duplicate', headers: { ...key(), 'content-type': ';' }, payload: '{}' });
    expect(noId.statusCode).toBe(415);
    const wrongMethod = await t.request({ method: 'POST', url: `/api/products.php?action=embed&id=${productId}`, headers: { ...key(), 'content-type': ';' }, payload: '{}' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(await productCount()).toBe(before);
    // A GET carries no body: its Content-Type is not read.
    expect((await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${productId}`, headers: { ...key(), 'content-type': ';' } })).statusCode).toBe(200);
    // A media type that is named, even not JSON's, is read as before.
    const copied = await duplicate('text/plain', key(), '{"name":"Kaos Salinan"}');
    expect(copied.statusCode).toBe(201);
    expect(await productCount()).toBe(before + 1);
  });

  it("products path with a session: 415 in the dashboard's words after the session (401 without one), before the id and the body", async () => {
    const before = await productCount();
    for (const type of malformed) {
      const noSession = await t.request({ method: 'DELETE', url: `/api/products.php?id=${productId}`, headers: { 'content-type': type }, payload: '{}' });
      expect(noSession.statusCode).toBe(401);
      expect(noSession.json()).toEqual({ error: PRODUCT_TEXT.loginRequired });
      const answers = [
        await t.request({ method: 'DELETE', url: `/api/products.php?id=${productId}`, headers: asMember(owner, { 'content-type': type }), payload: '{}' }),
        await t.request({ method: 'DELETE', url: '/api/products.php', headers: asMember(owner, { 'content-type': type }) }),
        await t.request({ method: 'POST', url: '/api/products.php', headers: asMember(owner, { 'content-type': type }), payload: '{"name":"Topi","price":1000}' }),
        await t.request({ method: 'PATCH', url: `/api/products.php?id=${productId}`, headers: asMember(owner, { 'content-type': type }), payload: '{"name":"Kaos Baru"}' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ error: DASHBOARD_ERRORS.unsupported_media_type.error });
      }
      expectQuiet(noSession, ...answers);
    }
    // Another method is the member's 405 first.
    const put = await t.request({ method: 'PUT', url: '/api/products.php', headers: asMember(owner, { 'content-type': ';' }), payload: '{}' });
    expect(put.statusCode).toBe(405);
    const kept = await t.request({ method: 'GET', url: `/api/products.php?id=${productId}`, headers: asMember(owner, { 'content-type': ';' }) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ id: productId, name: 'Kaos Polos' });
    expect(await productCount()).toBe(before);
    // A named media type is read as before.
    const created = await t.request({ method: 'POST', url: '/api/products.php', headers: asMember(owner, { 'content-type': 'text/plain' }), payload: '{"name":"Topi","price":1000}' });
    expect(created.statusCode).toBe(201);
  });

  it('order form: the 415 page in Indonesian, the token kept; a named type (the real form\'s, or another) is read as before', async () => {
    const page = await t.request({ method: 'GET', url: formPath });
    const fields = formBody(tokenOf(page.body), { name: BUYER.name });
    const answers = [];
    for (const type of malformed) {
      for (const payload of [fields, '%zz', undefined]) {
        const res = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': type }, ...(payload === undefined ? {} : { payload }) });
        expectPage(res, 415, FORM_TEXT.unsupportedMediaType);
        answers.push(res);
      }
    }
    // Any other POST under /form/ too (no route takes /form/1 or a store id not written as one).
    for (const url of ['/form/1', '/form/0x1/kaos']) {
      const res = await t.request({ method: 'POST', url, headers: { 'content-type': ';' }, payload: 'a=1' });
      expectPage(res, 415, FORM_TEXT.unsupportedMediaType);
      answers.push(res);
    }
    expectQuiet(...answers);
    // Nothing was read: the same token places the order, with the real form's type.
    const placed = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: fields });
    expect(placed.statusCode).toBe(303);
    const again = await t.request({ method: 'GET', url: formPath });
    const plain = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'text/plain' }, payload: formBody(tokenOf(again.body), { name: BUYER.name }) });
    expect(plain.statusCode).toBe(303);
  });

  it('payment callbacks: the body is read as with any Content-Type (a notification is never lost to its header): 400 {error} when it is not a JSON object', async () => {
    for (const path of ['/payments/midtrans/notification', '/payments/xendit/callback']) {
      const res = await t.request({ method: 'POST', url: path, headers: { 'content-type': '' }, payload: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PRODUCT_TEXT.invalidJson });
      expectQuiet(res);
    }
  });
});

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it('dashboard: 422 invalid_request naming the body, before the schema check (10,000 levels overflowed its hashing)', async () => {
    const tooDeep = await t.request({ method: 'PATCH', url: '/dashboard/api/settings', headers: asMember(owner, { 'content-type': 'application/json' }), payload: `{"payment_methods":${deep(10_000)}}` });
    expectDashboard(tooDeep, 422, 'invalid_request');
    expect(tooDeep.json().fields).toEqual({ body: DASHBOARD_FIELD_TEXT.tooDeep });
    // At the limit the body is read and checked as usual.
    const atLimit = await t.request({ method: 'PATCH', url: '/dashboard/api/settings', headers: asMember(owner, { 'content-type': 'application/json' }), payload: `{"payment_methods":${deep(MAX_JSON_DEPTH - 1)}}` });
    expectDashboard(atLimit, 422, 'invalid_request');
    expect(Object.keys(atLimit.json().fields)).not.toContain('body');
    expectQuiet(tooDeep, atLimit);
  });

  it("SPEC's paths and the payment callbacks: their answer to a body that is not a JSON object", async () => {
    const headers = { ...key(), 'content-type': 'application/json' };
    // An Idempotency-Key's content was hashed recursively: 20,000 levels were a 500.
    const patch = await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...headers, 'idempotency-key': 'deep-body-0001' }, payload: `{"id":${orderId},"status":"pending","x":${deep(20_000)}}` });
    expectApi(patch, 'invalid_json');
    expectApi(await t.request({ method: 'POST', url: '/api/customer_lookup.php', headers, payload: `{"phone":${deep(MAX_JSON_DEPTH + 1)}}` }), 'invalid_json');
    const duplicate = await t.request({ method: 'POST', url: `/api/products.php?action=duplicate&id=${productId}`, headers, payload: `{"name":"x","variant_prices":${deep(30_000)}}` });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ error: PRODUCT_TEXT.invalidJson });
    const callback = await t.request({ method: 'POST', url: '/payments/midtrans/notification', headers, payload: `{"order_id":${deep(5_000)}}` });
    expect(callback.statusCode).toBe(400);
    expectQuiet(patch, duplicate, callback);
  });
});

describe('text holding U+0000, which PostgreSQL cannot store (it was a 500 there)', () => {
  it('dashboard: 422 naming the body; SPEC\'s paths: their answer to a body that is not a JSON object', async () => {
    const settings = await t.request({ method: 'PATCH', url: '/dashboard/api/settings', headers: asMember(owner, { 'content-type': 'application/json' }), payload: '{"store_name":"Toko\\u0000"}' });
    expectDashboard(settings, 422, 'invalid_request');
    expect(settings.json().fields).toEqual({ body: DASHBOARD_FIELD_TEXT.nul });
    const login = await t.request({ method: 'POST', url: '/dashboard/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":"a\\u0000@b.test","password":"x"}' });
    expectDashboard(login, 422, 'invalid_request');
    const duplicate = await t.request({ method: 'POST', url: `/api/products.php?action=duplicate&id=${productId}`, headers: { ...key(), 'content-type': 'application/json' }, payload: '{"name":"Kaos\\u0000"}' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ error: PRODUCT_TEXT.invalidJson });
    expectApi(await t.request({ method: 'PATCH', url: '/api/order_status.php', headers: { ...key(), 'content-type': 'application/json' }, payload: `{"id":${orderId},"status":"closing","external_reference":"a\\u0000"}` }), 'invalid_json');
    expectQuiet(settings, login, duplicate);
  });

  it('order form: a slug holding it names no product (404 page); a field holding it is refused (400 page)', async () => {
    const slug = await t.request({ method: 'GET', url: `/form/${store.tenantId}/%00` });
    expectPage(slug, 404, FORM_TEXT.notFound);
    const page = await t.request({ method: 'GET', url: formPath });
    const field = await t.request({ method: 'POST', url: formPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formBody(tokenOf(page.body), { name: 'Siti\u0000Aminah' }) });
    expectPage(field, 400, FORM_TEXT.refused);
    expectQuiet(slug, field);
  });
});

describe('a path the router cannot read', () => {
  it('dashboard: a bad percent-escape or a parameter over 100 characters is 404 not_found', async () => {
    const badEscape = await raw({ method: 'POST', url: '/dashboard/api/keys/%zz/revoke', headers: asMember(owner) });
    expectDashboard(badEscape, 404, 'not_found');
    const long = await t.request({ method: 'POST', url: `/dashboard/api/keys/${'1'.repeat(101)}/revoke`, headers: asMember(owner) });
    expectDashboard(long, 404, 'not_found');
    expectQuiet(badEscape, long);
  });

  it('order form: its HTML page saying the product is not found', async () => {
    const answers = [
      await raw({ method: 'GET', url: '/form/1/%' }),
      await raw({ method: 'POST', url: `/form/${store.tenantId}/%E2%82`, payload: 'a=1' }),
      await raw({ method: 'GET', url: `/form/${store.tenantId}/${'x'.repeat(101)}` }),
      await raw({ method: 'GET', url: `${formPath}/terima-kasih/${'f'.repeat(120)}` }),
      await raw({ method: 'GET', url: '/form/1' }),
    ];
    for (const res of answers) expectPage(res, 404, FORM_TEXT.notFound);
    expectQuiet(...answers);
  });

  it("SPEC's paths and the payment callbacks: the {error} 404 of a path that names nothing", async () => {
    for (const url of ['/api/%zz', '/api/order_status.php/%', '/payments/%zz/callback']) {
      const res = await raw({ method: 'POST', url, headers: key() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: TRANSPORT_TEXT.notFound });
      expectQuiet(res);
    }
  });

  it('logs the refusal without the path (it may hold a thank-you token)', async () => {
    await raw({ method: 'GET', url: `${formPath}/terima-kasih/secret-token-%zz` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logs).toContain('FST_ERR_BAD_URL');
    expect(logs).not.toContain('secret-token');
  });
});

describe('ids in dashboard paths', () => {
  it('are positive integers written as such, else 404 not_found (were read as 1)', async () => {
    for (const id of ['0x1', '1e0', '+1', '%201', '1%20', '01', '1.0', '0', '-1', '9'.repeat(17)]) {
      const res = await t.request({ method: 'POST', url: `/dashboard/api/stores/${id}/select`, headers: asMember(owner) });
      expectDashboard(res, 404, 'not_found');
    }
    expect((await t.request({ method: 'POST', url: `/dashboard/api/stores/${store.tenantId}/select`, headers: asMember(owner) })).statusCode).toBe(200);
  });

  it("and the form's store id likewise (%201 was store 1)", async () => {
    expectPage(await t.request({ method: 'GET', url: formPath.replace(`/form/${store.tenantId}/`, `/form/%20${store.tenantId}/`) }), 404, FORM_TEXT.notFound);
  });
});

describe('a method Fastify does not route by default', () => {
  it("gets SPEC's 405 on its paths and the dashboard's 404 on the dashboard", async () => {
    const order = await t.request({ method: 'PROPFIND' as 'GET', url: '/api/order_status.php', headers: key() });
    expectApi(order, 'method_not_allowed');
    expect(order.headers.allow).toBe('GET, PATCH');
    expectApi(await t.request({ method: 'SEARCH' as 'GET', url: '/api/customer_lookup.php', headers: key() }), 'method_not_allowed');
    const embed = await t.request({ method: 'LOCK' as 'GET', url: `/api/products.php?action=embed&id=${productId}`, headers: key() });
    expect(embed.statusCode).toBe(405);
    expect(embed.json()).toEqual({ error: TRANSPORT_TEXT.methodNotAllowed });
    expectDashboard(await t.request({ method: 'PROPFIND' as 'GET', url: '/dashboard/api/me', headers: asMember(owner) }), 404, 'not_found');
  });
});
