// The dashboard's foundation: its error family, the session check, the cross-site and
// JSON-only rule, on the real app (SQLite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, seedStore } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { SESSION_TTL_MS } from '../sessions/session-token.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let owner: Member;
let storeA: number;

beforeAll(async () => {
  t = await startTestApp();
  storeA = (await seedStore(t.ctx, {})).tenantId;
  owner = await seedMember(t.ctx, storeA, 'owner', { name: 'Pemilik <script>alert(1)</script>' });
});
afterAll(async () => t.drop());

const REQUEST_ID = /^[0-9a-f]{8}$/;

describe('dashboard error family', () => {
  it('answers an unknown /dashboard/api/ path with a JSON 404 not_found', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.request({ method, url: '/dashboard/api/no-such-thing', headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Tidak ditemukan.', code: 'not_found', request_id: expect.stringMatching(REQUEST_ID) });
    }
  });

  it('keeps the transport 404 elsewhere', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard-nope' });
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('requireSession', () => {
  it('answers 401 login_required without a cookie, with a malformed or unknown token, and with a wrong secret', async () => {
    const [id] = owner.token.split('.');
    for (const cookie of [undefined, '__Host-lapak_session=garbage', `__Host-lapak_session=${'A'.repeat(27)}.${'B'.repeat(27)}`, `__Host-lapak_session=${id}.${'B'.repeat(27)}`]) {
      const res = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'login_required', error: 'Silakan masuk terlebih dahulu.' });
    }
  });

  it('answers /me for a valid session, names as data', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      user: { id: owner.userId, name: 'Pemilik <script>alert(1)</script>' },
      store: { id: storeA, name: 'Toko Test' },
      role: 'owner',
      stores: [{ id: storeA, name: 'Toko Test', role: 'owner' }],
    });
    expect(res.json().permissions).toContain('team:manage');
  });

  it('answers 409 store_changed when X-Lapak-Store differs from the selected store', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(owner, { 'x-lapak-store': String(storeA + 1000) }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('store_changed');
    const same = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(owner, { 'x-lapak-store': String(storeA) }) });
    expect(same.statusCode).toBe(200);
  });

  it('slides the expiry on use and ends a session unused for 30 days', async () => {
    const member = await seedMember(t.ctx, storeA, 'cs');
    t.clock.advance(SESSION_TTL_MS - 60_000);
    const used = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(member) });
    expect(used.statusCode).toBe(200);
    expect(used.headers['set-cookie']).toMatch(/Max-Age=2592000/);
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(member) })).statusCode).toBe(200);
    t.clock.advance(SESSION_TTL_MS);
    const expired = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(member) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('login_required');
  });

  it('checks the membership on every request: a removed member gets 401 at once', async () => {
    const member = await seedMember(t.ctx, storeA, 'admin');
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(member) })).statusCode).toBe(200);
    await t.ctx.db.deleteFrom('memberships').where('tenant_id', '=', storeA).where('user_id', '=', member.userId).execute();
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(member) })).statusCode).toBe(401);
  });
});

describe('cross-site and JSON-only rule', () => {
  const post = (headers: Record<string, string | undefined>, payload?: string) =>
    t.request({ method: 'POST', url: '/dashboard/api/no-such-thing', headers: { cookie: owner.cookie, ...headers } as Record<string, string>, payload });

  it('refuses Sec-Fetch-Site other than same-origin, and a foreign Origin without it', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'none' }, { origin: 'https://evil.test' }, { 'sec-fetch-site': 'cross-site', origin: 'https://lapak.test' }]) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'cross_site_request', error: 'Permintaan dari situs lain ditolak.' });
    }
  });

  it('lets same-origin, the own Origin, and requests without both (scripts) pass', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: 'https://lapak.test' }, {}]) {
      expect((await post(headers)).statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('refuses a non-JSON body with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post({ 'sec-fetch-site': 'same-origin', 'content-type': contentType }, '{"a":1}');
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    }
    expect((await post({ 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' }, '{"a":1}')).statusCode).toBe(404);
  });

  it('leaves safe methods and API-key requests alone', async () => {
    const member = await seedMember(t.ctx, storeA, 'cs');
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: member.cookie, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    const keyed = await t.request({ method: 'POST', url: '/api/products.php?action=duplicate&id=1', headers: { origin: 'https://evil.test', 'x-api-key': 'lpk_' + '0'.repeat(48) } });
    expect(keyed.json()).toEqual({ error: 'Invalid API key' });
  });

  it('checks the route a percent-encoded path reaches, not the raw path: no way around the rule', async () => {
    const before = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', owner.userId).execute();
    for (const url of ['/dashboard/%61pi/logout', '/%64ashboard/api/logout']) {
      const crossSite = await t.request({ method: 'POST', url, headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode, url).toBe(403);
      expect(crossSite.json().code).toBe('cross_site_request');
      const plain = await t.request({ method: 'POST', url, headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' }, payload: '{}' });
      expect(plain.statusCode, url).toBe(415);
    }
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', owner.userId).execute()).toEqual(before);
    const products = await t.request({ method: 'POST', url: '/api/products%2Ephp?action=duplicate&id=1', headers: { cookie: owner.cookie, origin: 'https://evil.test' } });
    expect(products.statusCode).toBe(403);
    expect(products.json()).toEqual({ error: 'Cross-site request refused' });
  });

  it('refuses a cross-site session write on the products path in its {error} family', async () => {
    const res = await t.request({ method: 'POST', url: '/api/products.php', headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
  });
});
