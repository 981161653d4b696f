// Team: invitations, roles, removal, reset links (SQLite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, seedStore } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let store: number;
let owner: Member;

beforeAll(async () => {
  t = await startTestApp();
  store = (await seedStore(t.ctx, {})).tenantId;
  owner = await seedMember(t.ctx, store, 'owner');
});
afterAll(async () => t.drop());

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const cookieOf = (setCookie: string | string[] | undefined): string => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function invite(role: 'admin' | 'cs', integrations = false) {
  const res = await t.request({ method: 'POST', url: '/dashboard/api/team/invitations', headers: { ...asMember(owner), ...JSON_WRITE }, payload: JSON.stringify({ role, integrations }) });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; invite_url: string; expires_at: string };
}
const accept = (payload: Record<string, unknown>, cookie?: string) =>
  t.request({ method: 'POST', url: '/dashboard/api/invitations/accept', headers: { ...JSON_WRITE, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) });

describe('invitations', () => {
  it('say whom they are for: the name given and the number the link was sent to (stored 62...); a bad number is refused beside its field', async () => {
    const post = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/dashboard/api/team/invitations', headers: { ...asMember(owner), ...JSON_WRITE }, payload: JSON.stringify(body) });
    const named = await post({ role: 'cs', integrations: false, name: '  Dewi Kasir ', whatsapp_number: '0812-3456-7001' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().whatsapp_number).toBe('6281234567001');
    const numberOnly = await post({ role: 'cs', integrations: false, whatsapp_number: '+62 857 1111 2222' });
    const nobody = await post({ role: 'admin', integrations: false });
    expect(nobody.json().whatsapp_number).toBeNull();
    const listed = (await t.request({ method: 'GET', url: '/dashboard/api/team/invitations', headers: asMember(owner) })).json().invitations as Array<{ id: number; name: string | null; whatsapp_number: string | null }>;
    const of = (id: number) => listed.find((i) => i.id === id);
    expect(of(named.json().id)).toMatchObject({ name: 'Dewi Kasir', whatsapp_number: '6281234567001' });
    expect(of(numberOnly.json().id)).toMatchObject({ name: null, whatsapp_number: '6285711112222' });
    expect(of(nobody.json().id)).toMatchObject({ name: null, whatsapp_number: null });
    const before = await t.ctx.db.selectFrom('invitations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const refused = await post({ role: 'cs', integrations: false, name: 'Eko', whatsapp_number: '12345' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invalid_request', fields: { whatsapp_number: DASHBOARD_FIELD_TEXT.whatsappNumber } });
    expect(await t.ctx.db.selectFrom('invitations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    for (const { id } of [named.json(), numberOnly.json(), nobody.json()]) await t.request({ method: 'DELETE', url: `/dashboard/api/team/invitations/${id}`, headers: asMember(owner) });
  });

  it('invites with a 7-day single-use link under PUBLIC_URL; a new user accepts and is logged in with the role', async () => {
    const created = await invite('admin', true);
    expect(created.invite_url).toMatch(/^https:\/\/lapak\.test\/dashboard\/invite\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expires_at) - t.clock.now()).toBe(7 * 24 * 3600 * 1000);
    const stored = await t.ctx.db.selectFrom('invitations').select('token_hash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(tokenOf(created.invite_url));
    const listed = await t.request({ method: 'GET', url: '/dashboard/api/team/invitations', headers: asMember(owner) });
    expect(listed.json().invitations.map((i: { id: number }) => i.id)).toContain(created.id);
    expect(listed.body).not.toContain(tokenOf(created.invite_url));
    const res = await accept({ token: tokenOf(created.invite_url), name: 'Eka <script>x</script>', email: 'eka@example.test', password: 'rahasia-eka-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Eka <script>x</script>' }, store: { id: store }, role: 'admin' });
    expect(res.json().permissions).toContain('integrations:manage');
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-lapak_session=/);
    const again = await accept({ token: tokenOf(created.invite_url), name: 'F', email: 'f@example.test', password: 'rahasia-f-12' });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invitation_invalid');
  });

  it('never changes an existing user: a registered email without its session gets 409 email_registered and nothing changes', async () => {
    const existing = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner', { email: 'gita@example.test', name: 'Gita' });
    const before = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', existing.userId).executeTakeFirstOrThrow();
    const created = await invite('cs');
    const res = await accept({ token: tokenOf(created.invite_url), name: 'Penyusup', email: ' GITA@example.test', password: 'password-baru-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_registered');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.ctx.db.selectFrom('users').selectAll().where('id', '=', existing.userId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.ctx.db.selectFrom('memberships').select('user_id').where('tenant_id', '=', store).where('user_id', '=', existing.userId).execute()).toHaveLength(0);
    // The invitation is still open: the person logs in and accepts with only the token.
    const withSession = await accept({ token: tokenOf(created.invite_url) }, existing.cookie);
    expect(withSession.statusCode).toBe(200);
    expect(withSession.json()).toMatchObject({ store: { id: store }, role: 'cs', user: { name: 'Gita' } });
  });

  it('revokes an open invitation; the link then fails; another store\'s invitation id is 404', async () => {
    const created = await invite('cs');
    const revoked = await t.request({ method: 'DELETE', url: `/dashboard/api/team/invitations/${created.id}`, headers: asMember(owner) });
    expect(revoked.statusCode).toBe(204);
    expect((await accept({ token: tokenOf(created.invite_url), name: 'H', email: 'h@example.test', password: 'rahasia-h-12' })).statusCode).toBe(404);
    const otherOwner = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
    const open = await invite('cs');
    const foreign = await t.request({ method: 'DELETE', url: `/dashboard/api/team/invitations/${open.id}`, headers: asMember(otherOwner) });
    expect(foreign.statusCode).toBe(404);
  });

  it('expires after 7 days', async () => {
    const created = await invite('cs');
    t.clock.advance(7 * 24 * 3600 * 1000);
    expect((await accept({ token: tokenOf(created.invite_url), name: 'I', email: 'i@example.test', password: 'rahasia-i-12' })).json().code).toBe('invitation_invalid');
    // No longer open: revoking it is 404, as for a used or revoked one, and marks nothing.
    const revoked = await t.request({ method: 'DELETE', url: `/dashboard/api/team/invitations/${created.id}`, headers: asMember(owner) });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().code).toBe('not_found');
    const row = await t.ctx.db.selectFrom('invitations').select('revoked_at').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});

describe('invitation preview', () => {
  const preview = (payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/dashboard/api/invitations/preview', headers: { ...JSON_WRITE, ...headers }, payload: JSON.stringify(payload) });

  it('shows an open invitation without a session: the store name (as data), the role, integrations, the expiry; changes nothing', async () => {
    const named = (await seedStore(t.ctx, {}, { name: 'Toko <script>alert(1)</script>' })).tenantId;
    const namedOwner = await seedMember(t.ctx, named, 'owner');
    const res = await t.request({ method: 'POST', url: '/dashboard/api/team/invitations', headers: { ...asMember(namedOwner), ...JSON_WRITE }, payload: JSON.stringify({ role: 'admin', integrations: true }) });
    const created = res.json() as { id: number; invite_url: string; expires_at: string };
    const shown = await preview({ token: tokenOf(created.invite_url) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ store: { name: 'Toko <script>alert(1)</script>' }, role: 'admin', integrations: true, expires_at: created.expires_at });
    expect(shown.headers['set-cookie']).toBeUndefined();
    const row = await t.ctx.db.selectFrom('invitations').select(['accepted_at', 'revoked_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ accepted_at: null, revoked_at: null });
    // A logged-in visitor sees the same.
    expect((await preview({ token: tokenOf(created.invite_url) }, { cookie: owner.cookie })).json()).toEqual(shown.json());
  });

  it('answers an unknown, accepted, revoked or expired token exactly as accepting it would (404 invitation_invalid)', async () => {
    const body = (res: { json(): Record<string, unknown> }) => ({ ...res.json(), request_id: 'x' });
    const unknown = 'A'.repeat(43);
    const accepted = tokenOf((await invite('cs')).invite_url);
    expect((await accept({ token: accepted, name: 'Ina', email: 'ina@example.test', password: 'rahasia-ina-1' })).statusCode).toBe(200);
    const revokedInvitation = await invite('cs');
    await t.request({ method: 'DELETE', url: `/dashboard/api/team/invitations/${revokedInvitation.id}`, headers: asMember(owner) });
    const expired = tokenOf((await invite('admin')).invite_url);
    t.clock.advance(7 * 24 * 3600 * 1000);
    for (const token of [unknown, accepted, tokenOf(revokedInvitation.invite_url), expired]) {
      const res = await preview({ token });
      expect(res.statusCode).toBe(404);
      const refusedAccept = await accept({ token, name: 'Joko', email: `joko${Math.random()}@example.test`, password: 'rahasia-joko-1' });
      expect(body(res)).toEqual(body(refusedAccept));
      expect(res.json()).toMatchObject({ code: 'invitation_invalid' });
    }
  });

  it('refuses bad input with 422 and cross-site requests with 403', async () => {
    const missing = await preview({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toEqual({ token: 'Wajib diisi.' });
    const token = tokenOf((await invite('cs')).invite_url);
    const crossSite = await preview({ token }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('cross_site_request');
    const foreign = await t.request({ method: 'POST', url: '/dashboard/api/invitations/preview', headers: { 'content-type': 'application/json', origin: 'https://evil.test' }, payload: JSON.stringify({ token }) });
    expect(foreign.statusCode).toBe(403);
    const plain = await preview({ token }, { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(415);
  });
});

describe('members', () => {
  it('changes a role and ends that member\'s sessions; the next request sees the new role', async () => {
    const admin = await seedMember(t.ctx, store, 'admin');
    const res = await t.request({ method: 'PATCH', url: `/dashboard/api/team/${admin.userId}`, headers: { ...asMember(owner), ...JSON_WRITE }, payload: JSON.stringify({ role: 'cs', integrations: true }) });
    expect(res.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(admin) })).statusCode).toBe(401);
    const team = await t.request({ method: 'GET', url: '/dashboard/api/team', headers: asMember(owner) });
    expect(team.json().members.find((m: { user_id: number }) => m.user_id === admin.userId)).toMatchObject({ role: 'cs', integrations: false });
  });

  it('removes a member, whose session then gets 401', async () => {
    const cs = await seedMember(t.ctx, store, 'cs');
    expect((await t.request({ method: 'DELETE', url: `/dashboard/api/team/${cs.userId}`, headers: asMember(owner) })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(cs) })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/dashboard/api/team/${cs.userId}`, headers: asMember(owner) })).statusCode).toBe(404);
  });

  it('keeps an owner: the last owner can be neither demoted nor removed', async () => {
    const demote = await t.request({ method: 'PATCH', url: `/dashboard/api/team/${owner.userId}`, headers: { ...asMember(owner), ...JSON_WRITE }, payload: JSON.stringify({ role: 'admin', integrations: true }) });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_owner');
    expect((await t.request({ method: 'DELETE', url: `/dashboard/api/team/${owner.userId}`, headers: asMember(owner) })).json().code).toBe('last_owner');
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(owner) })).json().role).toBe('owner');
  });
});

describe('password reset links', () => {
  it('gives a 24-hour single-use link; using it sets the password and ends every session of the user', async () => {
    const cs = await seedMember(t.ctx, store, 'cs', { email: 'joko@example.test' });
    const link = await t.request({ method: 'POST', url: `/dashboard/api/team/${cs.userId}/password-reset`, headers: asMember(owner) });
    expect(link.statusCode).toBe(201);
    const { reset_url, expires_at } = link.json() as { reset_url: string; expires_at: string };
    expect(reset_url).toMatch(/^https:\/\/lapak\.test\/dashboard\/reset-password\?token=/);
    expect(Date.parse(expires_at) - t.clock.now()).toBe(24 * 3600 * 1000);
    const reset = (password: string) => t.request({ method: 'POST', url: '/dashboard/api/password-reset', headers: JSON_WRITE, payload: JSON.stringify({ token: tokenOf(reset_url), password }) });
    expect((await reset('pendek')).json().fields).toEqual({ password: 'Kata sandi minimal 10 karakter.' });
    expect((await reset('sandi-baru-joko')).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: asMember(cs) })).statusCode).toBe(401);
    expect((await reset('sandi-lain-joko')).json().code).toBe('reset_invalid');
    const login = await t.request({ method: 'POST', url: '/dashboard/api/login', headers: JSON_WRITE, payload: JSON.stringify({ email: 'joko@example.test', password: 'sandi-baru-joko' }) });
    expect(login.statusCode).toBe(200);
    expect(cookieOf(login.headers['set-cookie'])).not.toBe(cs.cookie);
  });

  it('refuses a member who belongs to another store too (403 member_in_other_store)', async () => {
    const cs = await seedMember(t.ctx, store, 'cs');
    const elsewhere = (await seedStore(t.ctx, {})).tenantId;
    await t.ctx.db.insertInto('memberships').values({ tenant_id: elsewhere, user_id: cs.userId, role: 'cs', integrations: 0, created_at: t.clock.now() }).execute();
    const res = await t.request({ method: 'POST', url: `/dashboard/api/team/${cs.userId}/password-reset`, headers: asMember(owner) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('member_in_other_store');
  });
});
