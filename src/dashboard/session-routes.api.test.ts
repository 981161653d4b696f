// The session family's table test (the API key one is src/auth/common-route.api.test.ts):
// every session route × {no session, expired session, another store's member, each role}
// gets the documented answer, and nothing of store A shows in another store's answers. The
// session, team and home routes; the integrations routes (integrations-table.api.test.ts) and the
// settings routes (src/settings/settings-table.api.test.ts) have their own tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, seedStore } from '../../test/helpers.js';
import { REFUSED_WRITES, asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { SESSION_TTL_MS } from '../sessions/session-token.js';
import { createInvitation } from '../team/invitations.js';
import type { Role } from '../lib/db/schema.js';
import { permissionsOf, type Permission } from '../sessions/permissions.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let storeA: number;
let storeB: number;
const SECRET_NAME = 'Toko Rahasia A';

beforeAll(async () => {
  t = await startTestApp();
  storeA = (await seedStore(t.ctx, {}, { name: SECRET_NAME })).tenantId;
  storeB = (await seedStore(t.ctx, {}, { name: 'Toko B' })).tenantId;
});
afterAll(async () => t.drop());

/** What a case acts on in store A: a member to change and an open invitation. */
interface Targets {
  userId: number;
  email: string;
  invitationId: number;
}

interface RouteCase {
  name: string;
  request(targets: Targets): InjectOptions;
  /** Who may: a member of any role, or a member whose role holds the permission. */
  access: 'member' | Permission;
  /** The answer of an allowed member of store A. */
  allowed: number;
  /** The answer of another store's owner acting with store A's ids. */
  otherStore: number;
}

const json = (method: InjectOptions['method'], url: string, body?: unknown): InjectOptions => ({
  method,
  url,
  ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
});

const ROUTES: RouteCase[] = [
  { name: 'GET /me', request: () => json('GET', '/dashboard/api/me'), access: 'member', allowed: 200, otherStore: 200 },
  { name: 'POST /stores', request: () => json('POST', '/dashboard/api/stores', { name: 'Toko Baru' }), access: 'member', allowed: 201, otherStore: 201 },
  { name: 'POST /stores/{id}/select', request: () => json('POST', `/dashboard/api/stores/${storeA}/select`), access: 'member', allowed: 200, otherStore: 404 },
  // Seeded members have no password: the current one is always wrong (422), after the session check.
  { name: 'POST /me/password', request: () => json('POST', '/dashboard/api/me/password', { current_password: 'x', new_password: 'sandi-baru-panjang' }), access: 'member', allowed: 422, otherStore: 422 },
  { name: 'GET /team', request: () => json('GET', '/dashboard/api/team'), access: 'team:manage', allowed: 200, otherStore: 200 },
  { name: 'POST /team/invitations', request: () => json('POST', '/dashboard/api/team/invitations', { role: 'cs', integrations: false }), access: 'team:manage', allowed: 201, otherStore: 201 },
  { name: 'GET /team/invitations', request: () => json('GET', '/dashboard/api/team/invitations'), access: 'team:manage', allowed: 200, otherStore: 200 },
  { name: 'DELETE /team/invitations/{id}', request: (x) => json('DELETE', `/dashboard/api/team/invitations/${x.invitationId}`), access: 'team:manage', allowed: 204, otherStore: 404 },
  { name: 'PATCH /team/{user_id}', request: (x) => json('PATCH', `/dashboard/api/team/${x.userId}`, { role: 'admin', integrations: false }), access: 'team:manage', allowed: 204, otherStore: 404 },
  { name: 'DELETE /team/{user_id}', request: (x) => json('DELETE', `/dashboard/api/team/${x.userId}`), access: 'team:manage', allowed: 204, otherStore: 404 },
  { name: 'POST /team/{user_id}/password-reset', request: (x) => json('POST', `/dashboard/api/team/${x.userId}/password-reset`), access: 'team:manage', allowed: 201, otherStore: 404 },
  { name: 'GET /home', request: () => json('GET', '/dashboard/api/home'), access: 'member', allowed: 200, otherStore: 200 },
  // The other store's owner records the copy in their own store; store A's stays unrecorded (below).
  { name: 'POST /home/snippet-copied', request: () => json('POST', '/dashboard/api/home/snippet-copied'), access: 'products:manage', allowed: 204, otherStore: 204 },
];

const ROLES: Array<{ label: string; role: Role; integrations: boolean }> = [
  { label: 'owner', role: 'owner', integrations: false },
  { label: 'admin', role: 'admin', integrations: false },
  { label: 'admin with integrations', role: 'admin', integrations: true },
  { label: 'cs', role: 'cs', integrations: false },
];

/** When the store recorded a snippet copy (a refused request leaves it as it was). */
async function snippetCopiedAt(tenantId: number): Promise<number | null> {
  const row = await t.ctx.db.selectFrom('tenants').select('snippet_copied_at').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return row.snippet_copied_at;
}

let serial = 0;
async function targets(): Promise<Targets> {
  serial += 1;
  const email = `target${serial}@rahasia-a.test`;
  const target = await seedMember(t.ctx, storeA, 'cs', { email });
  const owner = await t.ctx.db.selectFrom('memberships').select('user_id').where('tenant_id', '=', storeA).where('role', '=', 'owner').executeTakeFirst();
  const invitation = await createInvitation(t.ctx.db, t.ctx.clock, storeA, owner ? Number(owner.user_id) : target.userId, { role: 'cs', integrations: false });
  return { userId: target.userId, email, invitationId: invitation.id };
}

async function send(route: RouteCase, x: Targets, member: Member | null) {
  const request = route.request(x);
  const headers = { ...(request.headers as Record<string, string> | undefined), ...(member ? asMember(member) : { 'sec-fetch-site': 'same-origin' }) };
  return t.request({ ...request, headers });
}

describe.each(ROUTES)('$name', (route) => {
  it('answers 401 login_required without a session, and with an expired one', async () => {
    const x = await targets();
    const none = await send(route, x, null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'login_required' });
    const member = await seedMember(t.ctx, storeA, 'owner');
    t.clock.advance(SESSION_TTL_MS + 1);
    const expired = await send(route, x, member);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'login_required' });
  });

  it.each(ROLES)('as $label of the store', async ({ role, integrations }) => {
    const x = await targets();
    const member = await seedMember(t.ctx, storeA, role, { integrations });
    const copiedBefore = await snippetCopiedAt(storeA);
    const res = await send(route, x, member);
    const allowed = route.access === 'member' || permissionsOf(role, integrations).includes(route.access);
    expect(res.statusCode, res.body).toBe(allowed ? route.allowed : 403);
    if (!allowed) {
      expect(res.json()).toMatchObject({ code: 'forbidden', error: 'Anda tidak memiliki izin untuk tindakan ini.' });
      // Nothing was done.
      const still = await t.ctx.db.selectFrom('memberships').select('role').where('tenant_id', '=', storeA).where('user_id', '=', x.userId).executeTakeFirst();
      expect(still?.role).toBe('cs');
      expect(await snippetCopiedAt(storeA)).toBe(copiedBefore);
    }
  });

  it('as the owner of another store, with store A\'s ids: its own store only, nothing of A', async () => {
    const x = await targets();
    const outsider = await seedMember(t.ctx, storeB, 'owner');
    const copiedBefore = await snippetCopiedAt(storeA);
    const res = await send(route, x, outsider);
    expect(res.statusCode, res.body).toBe(route.otherStore);
    expect(res.body).not.toContain(SECRET_NAME);
    expect(res.body).not.toContain('rahasia-a.test');
    expect(await snippetCopiedAt(storeA)).toBe(copiedBefore);
    const still = await t.ctx.db.selectFrom('memberships').select('role').where('tenant_id', '=', storeA).where('user_id', '=', x.userId).executeTakeFirst();
    expect(still?.role).toBe('cs');
  });

  it('answers 409 store_changed when X-Lapak-Store names another store, and does nothing', async () => {
    const x = await targets();
    const owner = await seedMember(t.ctx, storeA, 'owner');
    const request = route.request(x);
    const copiedBefore = await snippetCopiedAt(storeA);
    const res = await t.request({ ...request, headers: { ...(request.headers as Record<string, string> | undefined), ...asMember(owner, { 'x-lapak-store': String(storeB) }) } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'store_changed' });
    expect(await snippetCopiedAt(storeA)).toBe(copiedBefore);
    const still = await t.ctx.db.selectFrom('memberships').select('role').where('tenant_id', '=', storeA).where('user_id', '=', x.userId).executeTakeFirst();
    expect(still?.role).toBe('cs');
  });
});

describe.each(ROUTES.filter((r) => r.request({ userId: 1, email: '', invitationId: 1 }).method !== 'GET'))('$name: cross-site and non-JSON writes', (route) => {
  it.each(REFUSED_WRITES)('refuses %s and changes nothing', async (_label, headers, status, code) => {
    const x = await targets();
    const owner = await seedMember(t.ctx, storeA, 'owner');
    const request = route.request(x);
    const before = {
      members: await t.ctx.db.selectFrom('memberships').selectAll().orderBy('tenant_id').orderBy('user_id').execute(),
      invitations: await t.ctx.db.selectFrom('invitations').selectAll().orderBy('id').execute(),
      resets: await t.ctx.db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
      tenants: await t.ctx.db.selectFrom('tenants').select(['id', 'snippet_copied_at']).orderBy('id').execute(),
      sessions: await t.ctx.db.selectFrom('sessions').select(['id', 'tenant_id']).orderBy('id').execute(),
    };
    const res = await t.request({ ...request, payload: request.payload ?? '{}', headers: { 'content-type': 'application/json', cookie: owner.cookie, ...headers } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect({
      members: await t.ctx.db.selectFrom('memberships').selectAll().orderBy('tenant_id').orderBy('user_id').execute(),
      invitations: await t.ctx.db.selectFrom('invitations').selectAll().orderBy('id').execute(),
      resets: await t.ctx.db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
      tenants: await t.ctx.db.selectFrom('tenants').select(['id', 'snippet_copied_at']).orderBy('id').execute(),
      sessions: await t.ctx.db.selectFrom('sessions').select(['id', 'tenant_id']).orderBy('id').execute(),
    }).toEqual(before);
  });
});
