// The API-key routes of the dashboard over HTTP (SQLite and PostgreSQL): issue by purpose, use
// the key, see its last use, revoke it and see the next API call refused; the refusals' codes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let owner: Member;
beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' } });
  owner = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
});
afterAll(() => t.drop());

const post = (url: string, body?: unknown) =>
  t.request({ method: 'POST', url, headers: asMember(owner, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const list = async () => (await t.request({ method: 'GET', url: '/dashboard/api/keys', headers: asMember(owner) })).json() as Array<Record<string, unknown>>;
const status = (key: string) => t.request({ method: 'GET', url: '/api/order_status.php?id=999999', headers: { 'x-api-key': key } });

it('issue "change order status", use it, see its last use, revoke it, and the next call is refused', async () => {
  const issued = await post('/dashboard/api/keys', { name: 'Sheets', purpose: 'order_status', expires_at: '2099-12-31' });
  expect(issued.statusCode).toBe(201);
  const body = issued.json();
  expect(body).toEqual({ id: expect.any(Number), key: expect.any(String), marker: expect.any(String), scopes: ['orders:read', 'orders.status:write'], expires_at: '2099-12-31T23:59:59+07:00' });
  expect(Object.keys(body)).toEqual(['id', 'key', 'marker', 'scopes', 'expires_at']);

  expect((await list())[0]).toMatchObject({ id: body.id, name: 'Sheets', purpose: 'order_status', last_used_at: null, revoked: false });
  expect(JSON.stringify(await list())).not.toContain(body.key);

  expect((await status(body.key)).statusCode).toBe(404);
  expect((await list())[0]!.last_used_at).toMatch(/\+07:00$/);

  const again = await post('/dashboard/api/keys', { name: 'Sheets', purpose: 'customer_lookup', expires_at: '2099-12-31' });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ error: 'Nama konektor sudah dipakai kunci aktif lain di toko ini. Pilih nama lain atau cabut kunci itu.', code: 'key_name_taken', request_id: expect.any(String) });

  const revoked = await post(`/dashboard/api/keys/${body.id}/revoke`);
  expect(revoked.statusCode).toBe(200);
  expect(revoked.json()).toEqual({ id: body.id, revoked: true });
  const refused = await status(body.key);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual({ error: 'API key revoked' });
  expect((await post(`/dashboard/api/keys/${body.id}/revoke`)).statusCode).toBe(404);
  expect((await post('/dashboard/api/keys', { name: 'Sheets', purpose: 'customer_lookup', expires_at: '2099-12-31' })).statusCode).toBe(201);
});

it.each([
  [{ name: 'A', purpose: 'order_status' }, 422, 'expires_at_required', 'Tanggal kedaluwarsa wajib diisi.'],
  [{ name: 'A', purpose: 'order_status', expires_at: null }, 422, 'expires_at_required', 'Tanggal kedaluwarsa wajib diisi.'],
  [{ name: 'A', purpose: 'order_status', expires_at: '2020-01-01' }, 422, 'expires_at_past', 'Tanggal kedaluwarsa sudah lewat.'],
])('%j → %i %s', async (input, code, name, error) => {
  const res = await post('/dashboard/api/keys', input);
  expect(res.statusCode).toBe(code);
  expect(res.json()).toEqual({ error, code: name, request_id: expect.any(String) });
});

it('malformed input is 422 invalid_request with the field named, and nothing is issued', async () => {
  const before = (await list()).length;
  for (const [input, field] of [
    [{ name: 'A', purpose: 'orders:write', expires_at: '2099-01-01' }, 'purpose'],
    [{ name: 'A', purpose: 'order_status', expires_at: '31-12-2099' }, 'expires_at'],
    [{ name: '   ', purpose: 'order_status', expires_at: '2099-01-01' }, 'name'],
    [{ purpose: 'order_status', expires_at: '2099-01-01' }, 'name'],
  ] as const) {
    const res = await post('/dashboard/api/keys', input);
    expect(res.statusCode, JSON.stringify(input)).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_request', fields: { [field]: expect.any(String) } });
  }
  expect((await list()).length).toBe(before);
});
