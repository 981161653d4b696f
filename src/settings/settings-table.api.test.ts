// The table test of the settings routes (beside integrations-table.api.test.ts): every route ×
// {no session, expired session, each role, another store's owner, X-Lapak-Store of another
// store}, and every write × {foreign Origin, Sec-Fetch-Site cross-site, text/plain}, gets its
// documented answer on SQLite and PostgreSQL; a refusal changes nothing of store A.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { REFUSED_WRITES, asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let storeA: number;
let otherStore: number;
const members: Record<string, Member> = {};
const PASSWORD = 'sandi-tabel-peran-1';

beforeAll(async () => {
  t = await startTestApp();
  storeA = (await seedStore(t.ctx, {}, { name: 'Toko A' })).tenantId;
  otherStore = (await seedStore(t.ctx, {}, { name: 'Toko B' })).tenantId;
  members.owner = await seedMember(t.ctx, storeA, 'owner');
  members.adminWithIntegrations = await seedMember(t.ctx, storeA, 'admin', { integrations: true });
  members.admin = await seedMember(t.ctx, storeA, 'admin');
  members.cs = await seedMember(t.ctx, storeA, 'cs');
  members.otherStoreOwner = await seedMember(t.ctx, otherStore, 'owner');
  members.expired = await seedMember(t.ctx, storeA, 'owner');
  await t.ctx.db.updateTable('sessions').set({ expires_at: t.clock.now() }).where('user_id', '=', members.expired.userId).execute();
  // Everyone knows their password: a refusal is about the role, never the password.
  const hash = await t.ctx.passwordHasher.hash(PASSWORD);
  await t.ctx.db.updateTable('users').set({ password_hash: hash }).execute();
});
afterAll(() => t.drop());

let counter = 0;
const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

interface Row {
  name: string;
  request(): InjectOptions;
  /** Who succeeds: settings:manage (owner, admin) or settings:sensitive (owner). */
  who: 'manage' | 'sensitive';
  success: number;
}

const ROUTES: Row[] = [
  { name: 'GET /dashboard/api/settings', request: () => ({ method: 'GET', url: '/dashboard/api/settings' }), who: 'manage', success: 200 },
  {
    name: 'PATCH /dashboard/api/settings',
    request: () => ({ method: 'PATCH', url: '/dashboard/api/settings', ...json({ store_name: `Nama ${++counter}`, shipping_rates: [{ courier: 'JNE', province: '*', fee: counter }] }) }),
    who: 'manage',
    success: 200,
  },
  {
    name: 'PATCH /dashboard/api/settings/sensitive',
    request: () => ({ method: 'PATCH', url: '/dashboard/api/settings/sensitive', ...json({ password: PASSWORD, bank_accounts: [{ bank: 'BCA', number: `1000${++counter}`, holder: 'A' }] }) }),
    who: 'sensitive',
    success: 200,
  },
  { name: 'GET /dashboard/api/settings/audit', request: () => ({ method: 'GET', url: '/dashboard/api/settings/audit' }), who: 'sensitive', success: 200 },
  {
    name: 'POST /dashboard/api/templates/preview',
    request: () => ({ method: 'POST', url: '/dashboard/api/templates/preview', ...json({ kind: 'opening', template: 'Halo {nama} dari {toko}' }) }),
    who: 'manage',
    success: 200,
  },
];

const call = (row: Row, headers: Record<string, string>) => {
  const { headers: own, ...rest } = row.request();
  return t.request({ ...rest, headers: { ...(own as Record<string, string> | undefined), ...headers } });
};

const snapshot = async () => ({
  tenant: await t.ctx.db.selectFrom('tenants').select(['name', 'opening_message_template', 'time_zone']).where('id', '=', storeA).executeTakeFirst(),
  settings: await t.ctx.db.selectFrom('store_settings').selectAll().where('tenant_id', '=', storeA).executeTakeFirst(),
  rates: await t.ctx.db.selectFrom('shipping_rates').selectAll().where('tenant_id', '=', storeA).orderBy('courier').orderBy('province').execute(),
  audit: await t.ctx.db.selectFrom('settings_audit').select('id').where('tenant_id', '=', storeA).execute(),
});

const ALLOWED = { manage: ['owner', 'admin', 'adminWithIntegrations'], sensitive: ['owner'] } as const;
const ROLES = ['owner', 'admin', 'adminWithIntegrations', 'cs'] as const;

describe.each(ROUTES)('$name', (row) => {
  it('no session: 401 login_required', async () => {
    const res = await call(row, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'login_required' });
  });

  it('expired session: 401 login_required', async () => {
    const res = await call(row, asMember(members.expired!) as Record<string, string>);
    expect(res.statusCode).toBe(401);
  });

  it.each(ROLES)('%s: the documented answer (success, or 403 forbidden changing nothing)', async (role) => {
    const before = await snapshot();
    const res = await call(row, asMember(members[role]!) as Record<string, string>);
    if ((ALLOWED[row.who] as readonly string[]).includes(role)) {
      expect(res.statusCode, res.body).toBe(row.success);
      expect(res.headers['cache-control']).toBe('no-store');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', error: 'Anda tidak memiliki izin untuk tindakan ini.' });
      expect(await snapshot()).toEqual(before);
    }
  });

  it("another store's owner: their own store only; store A neither shows nor changes", async () => {
    const before = await snapshot();
    const res = await call(row, asMember(members.otherStoreOwner!) as Record<string, string>);
    expect(res.statusCode, res.body).toBe(row.success);
    expect(res.body).not.toContain('Toko A');
    expect(await snapshot()).toEqual(before);
  });

  it('X-Lapak-Store of another store: 409 store_changed, nothing changed', async () => {
    const before = await snapshot();
    const res = await call(row, asMember(members.owner!, { 'x-lapak-store': String(otherStore) }) as Record<string, string>);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'store_changed' });
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(ROUTES.filter((r) => !r.name.startsWith('GET')))('$name: cross-site and non-JSON writes', (row) => {
  it.each(REFUSED_WRITES)('refuses %s and changes nothing', async (_label, headers, status, code) => {
    const { headers: own, payload, ...rest } = row.request();
    const before = await snapshot();
    const res = await t.request({ ...rest, payload: payload ?? '{}', headers: { ...(own as Record<string, string> | undefined), 'content-type': 'application/json', cookie: members.owner!.cookie, ...headers } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await snapshot()).toEqual(before);
  });
});
