// The table test of the integrations routes (API keys and webhooks), beside the session family's
// (session-routes.api.test.ts), whose rows take no store data to act on: every route × {no
// session, expired session, another store's member, each role, X-Lapak-Store of another store}
// and every write × {foreign Origin, Sec-Fetch-Site cross-site, text/plain} gets its documented
// answer, on SQLite and PostgreSQL; nothing of store A reaches anyone else or changes when refused.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { REFUSED_WRITES, asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { issueKey } from '../api-keys/issue-key.js';
import { addEndpoint } from '../webhooks/add-endpoint.js';
import { sendTestEvent } from '../webhooks/send-test-event.js';
import { systemResolver } from '../webhooks/url-safety.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let storeA: number;
let otherStore: number;
const members: Record<string, Member> = {};

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  storeA = (await seedStore(t.ctx, {}, { name: 'Toko A' })).tenantId;
  const storeB = (await seedStore(t.ctx, {}, { name: 'Toko B' })).tenantId;
  members.owner = await seedMember(t.ctx, storeA, 'owner');
  members.adminWithIntegrations = await seedMember(t.ctx, storeA, 'admin', { integrations: true });
  members.admin = await seedMember(t.ctx, storeA, 'admin');
  members.cs = await seedMember(t.ctx, storeA, 'cs');
  members.otherStoreOwner = await seedMember(t.ctx, storeB, 'owner');
  otherStore = storeB;
  members.expired = await seedMember(t.ctx, storeA, 'owner');
  await t.ctx.db.updateTable('sessions').set({ expires_at: t.clock.now() }).where('user_id', '=', members.expired.userId).execute();
});
afterAll(() => t.drop());

let counter = 0;
const inAYear = () => new Date(t.clock.now() + 365 * 86_400_000).toISOString();
const freshKey = async () => {
  const issued = await issueKey(t.ctx.db, t.clock, storeA, { name: `k${++counter}`, scopes: ['orders:read'], expiresAt: null });
  if (!issued.ok) throw new Error(issued.message);
  return issued.value.id;
};
const freshEndpoint = async () => {
  const added = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, storeA, { url: `http://127.0.0.1:9/h${++counter}` }, { allowPrivate: true, resolver: systemResolver });
  if (!added.ok) throw new Error(added.message);
  return added.value.id;
};
const freshDelivery = async () => {
  const endpointId = await freshEndpoint();
  const sent = await t.ctx.writeTransaction((tx) => sendTestEvent(tx, t.clock, storeA, endpointId));
  if (!sent.ok) throw new Error(sent.message);
  // Settled, so that redelivery is allowed.
  await t.ctx.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', sent.value.delivery_id).execute();
  return sent.value.delivery_id;
};

interface Row {
  name: string;
  /** A fresh request against store A's data (targets made anew for each call). */
  request(): Promise<InjectOptions>;
  success: number;
}

const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

const ROUTES: Row[] = [
  { name: 'GET /dashboard/api/keys', request: async () => ({ method: 'GET', url: '/dashboard/api/keys' }), success: 200 },
  {
    name: 'POST /dashboard/api/keys',
    request: async () => ({ method: 'POST', url: '/dashboard/api/keys', ...json({ name: `new${++counter}`, purpose: 'order_status', expires_at: inAYear() }) }),
    success: 201,
  },
  { name: 'POST /dashboard/api/keys/{id}/revoke', request: async () => ({ method: 'POST', url: `/dashboard/api/keys/${await freshKey()}/revoke` }), success: 200 },
  { name: 'GET /dashboard/api/webhooks', request: async () => ({ method: 'GET', url: '/dashboard/api/webhooks' }), success: 200 },
  {
    name: 'POST /dashboard/api/webhooks',
    request: async () => ({ method: 'POST', url: '/dashboard/api/webhooks', ...json({ url: `http://127.0.0.1:9/n${++counter}`, description: 'CRM' }) }),
    success: 201,
  },
  { name: 'DELETE /dashboard/api/webhooks/{id}', request: async () => ({ method: 'DELETE', url: `/dashboard/api/webhooks/${await freshEndpoint()}` }), success: 204 },
  { name: 'POST /dashboard/api/webhooks/{id}/enable', request: async () => ({ method: 'POST', url: `/dashboard/api/webhooks/${await freshEndpoint()}/enable` }), success: 200 },
  { name: 'POST /dashboard/api/webhooks/{id}/disable', request: async () => ({ method: 'POST', url: `/dashboard/api/webhooks/${await freshEndpoint()}/disable` }), success: 200 },
  { name: 'GET /dashboard/api/webhooks/{id}/deliveries', request: async () => ({ method: 'GET', url: `/dashboard/api/webhooks/${await freshEndpoint()}/deliveries` }), success: 200 },
  {
    name: 'POST /dashboard/api/webhooks/deliveries/{id}/redeliver',
    request: async () => ({ method: 'POST', url: `/dashboard/api/webhooks/deliveries/${await freshDelivery()}/redeliver` }),
    success: 202,
  },
  { name: 'POST /dashboard/api/webhooks/{id}/rotate-secret', request: async () => ({ method: 'POST', url: `/dashboard/api/webhooks/${await freshEndpoint()}/rotate-secret` }), success: 201 },
  { name: 'POST /dashboard/api/webhooks/{id}/test', request: async () => ({ method: 'POST', url: `/dashboard/api/webhooks/${await freshEndpoint()}/test` }), success: 202 },
];

/** Makes the row's fresh target now; the request itself goes when the returned function runs. */
async function prepare(row: Row, headers: Record<string, string> | undefined) {
  const { headers: own, ...rest } = await row.request();
  return () => t.request({ ...rest, headers: { ...(own as Record<string, string> | undefined), ...(headers ?? {}) } });
}

const call = async (row: Row, headers: Record<string, string> | undefined) => (await prepare(row, headers))();

const snapshot = async () => ({
  keys: await t.ctx.db.selectFrom('api_keys').select(['id', 'revoked_at', 'active_name']).where('tenant_id', '=', storeA).orderBy('id').execute(),
  endpoints: await t.ctx.db.selectFrom('webhook_endpoints').select(['id', 'secret', 'enabled', 'removed_at']).where('tenant_id', '=', storeA).orderBy('id').execute(),
  deliveries: await t.ctx.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('tenant_id', '=', storeA).orderBy('id').execute(),
});

describe.each(ROUTES)('$name', (row) => {
  it('no session: 401 login_required', async () => {
    const res = await call(row, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'login_required' });
  });

  it('expired session: 401 login_required', async () => {
    const res = await call(row, asMember(members.expired!) as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'login_required' });
  });

  it.each(['admin', 'cs'])('%s without the integrations permission: 403 forbidden, nothing changed', async (role) => {
    // The request's own fresh target is made before the snapshot: a refused create shows too.
    const send = await prepare(row, asMember(members[role]!) as Record<string, string>);
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', error: 'Anda tidak memiliki izin untuk tindakan ini.' });
    expect(await snapshot()).toEqual(before);
  });

  it.each(['owner', 'adminWithIntegrations'])('%s: the documented success', async (role) => {
    const res = await call(row, asMember(members[role]!) as Record<string, string>);
    expect(res.statusCode, res.body).toBe(row.success);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("another store's member: store A's ids are not found, lists show only their own store", async () => {
    const res = await call(row, asMember(members.otherStoreOwner!) as Record<string, string>);
    if (row.success === 200 && row.name.startsWith('GET /dashboard/api/keys')) expect(res.json()).toEqual([]);
    else if (row.name === 'GET /dashboard/api/webhooks') expect(res.json()).toEqual([]);
    else if (/\{id\}/.test(row.name)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    } else expect(res.statusCode).toBe(row.success); // creating in their own store
    expect(res.body).not.toContain('Toko A');
  });
});

describe.each(ROUTES)('$name: store_changed', (row) => {
  it('answers 409 store_changed when X-Lapak-Store names another store, and does nothing', async () => {
    const send = await prepare(row, asMember(members.owner!, { 'x-lapak-store': String(otherStore) }) as Record<string, string>);
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'store_changed' });
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(ROUTES.filter((r) => !r.name.startsWith('GET')))('$name: cross-site and non-JSON writes', (row) => {
  it.each(REFUSED_WRITES)('refuses %s and changes nothing', async (_label, headers, status, code) => {
    const { headers: own, payload, ...rest } = await row.request();
    const before = await snapshot();
    const res = await t.request({ ...rest, payload: payload ?? '{}', headers: { ...(own as Record<string, string> | undefined), 'content-type': 'application/json', cookie: members.owner!.cookie, ...headers } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await snapshot()).toEqual(before);
  });
});
