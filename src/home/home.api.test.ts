// The home page's checklist over HTTP (SQLite and PostgreSQL): each step false on a new store,
// true once the store's own data holds it, never moved by another store's data; the snippet
// step recorded by POST /dashboard/api/home/snippet-copied; the store's sending and why it stopped
// (issue 42), for the owner and admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { valueOf } from '../lib/outcome.js';
import { issueKey } from '../api-keys/issue-key.js';
import { revokeKey } from '../api-keys/revoke-key.js';
import { replaceRates } from '../shipping/set-rates.js';
import { updateStoreSettings } from '../tenants/update-store-settings.js';
import { addEndpoint } from '../webhooks/add-endpoint.js';
import { setEndpointEnabled } from '../webhooks/set-endpoint-enabled.js';
import { removeEndpoint } from '../webhooks/remove-endpoint.js';
import { systemResolver } from '../webhooks/url-safety.js';
import { haltSending } from '../messaging/halt.js';
import { saveSensitiveSettings } from '../settings/save-sensitive-settings.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;

const NONE = { product: false, shipping: false, payment: false, snippet: false, first_order: false, integration: false };

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterAll(async () => t.drop());

/** A store with its owner, and the owner's view of the checklist. */
async function newStore(): Promise<{ tenantId: number; owner: Member; checklist(): Promise<Record<string, boolean>> }> {
  const { tenantId } = await seedStore(t.ctx, {});
  const owner = await seedMember(t.ctx, tenantId, 'owner');
  return {
    tenantId,
    owner,
    checklist: async () => {
      const res = await t.request({ method: 'GET', url: '/dashboard/api/home', headers: asMember(owner) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().checklist;
    },
  };
}

const copied = (member: Member) => t.request({ method: 'POST', url: '/dashboard/api/home/snippet-copied', headers: asMember(member) });

describe('GET /dashboard/api/home', () => {
  it('answers every step false for a new store', async () => {
    const store = await newStore();
    expect(await store.checklist()).toEqual(NONE);
  });

  it('product, shipping and first order follow the store\'s data', async () => {
    const store = await newStore();
    const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
    expect(await store.checklist()).toEqual({ ...NONE, product: true });
    await t.ctx.writeTransaction((tx) => replaceRates(tx, store.tenantId, [{ courier: 'JNE', province: '*', fee: 10000 }]));
    expect(await store.checklist()).toEqual({ ...NONE, product: true, shipping: true });
    await seedOrder(t.ctx, store.tenantId, { product_id: product.id });
    expect(await store.checklist()).toEqual({ ...NONE, product: true, shipping: true, first_order: true });
  });

  it('payment: saved settings offering a method a buyer can complete', async () => {
    const store = await newStore();
    const settings = async (input: Record<string, unknown>) => valueOf(await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, store.tenantId, input));
    // A bank transfer with no account to transfer to is not set up.
    await settings({ payment_methods: ['bank_transfer'] });
    expect((await store.checklist()).payment).toBe(false);
    // A gateway without its keys is not offered.
    await settings({ payment_methods: ['gateway'], gateway: 'midtrans' });
    expect((await store.checklist()).payment).toBe(false);
    await settings({ midtrans_server_key: 'SB-Mid-server-xyz' });
    expect((await store.checklist()).payment).toBe(true);
    await settings({ payment_methods: ['bank_transfer'], bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko' }] });
    expect((await store.checklist()).payment).toBe(true);
    await settings({ payment_methods: ['cod'], bank_accounts: [] });
    expect((await store.checklist()).payment).toBe(true);
  });

  it('integration: an active key or an enabled endpoint; revoked or expired keys, disabled or removed endpoints do not count', async () => {
    const store = await newStore();
    const key = async (expiresAt: number | null) => valueOf(await issueKey(t.ctx.db, t.clock, store.tenantId, { name: `k${Math.random()}`, scopes: ['orders:read'], expiresAt }));
    await key(t.clock.now() + 60_000);
    expect((await store.checklist()).integration).toBe(true);
    t.clock.advance(60_001);
    expect((await store.checklist()).integration).toBe(false);
    const revoked = await key(null);
    expect((await store.checklist()).integration).toBe(true);
    valueOf(await revokeKey(t.ctx.db, t.clock, store.tenantId, revoked.id));
    expect((await store.checklist()).integration).toBe(false);

    const endpoint = valueOf(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, store.tenantId, { url: 'http://127.0.0.1:9/hook' }, { allowPrivate: true, resolver: systemResolver }));
    expect((await store.checklist()).integration).toBe(true);
    valueOf(await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, store.tenantId, endpoint.id, false)));
    expect((await store.checklist()).integration).toBe(false);
    valueOf(await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, store.tenantId, endpoint.id, true)));
    expect((await store.checklist()).integration).toBe(true);
    valueOf(await t.ctx.writeTransaction((tx) => removeEndpoint(tx, t.clock, store.tenantId, endpoint.id)));
    expect((await store.checklist()).integration).toBe(false);
  });

  it("another store's data moves none of this store's steps", async () => {
    const busy = await newStore();
    const quiet = await newStore();
    const product = await seedProduct(t.ctx, busy.tenantId, { name: 'Topi', price: 20000 });
    await seedOrder(t.ctx, busy.tenantId, { product_id: product.id });
    await t.ctx.writeTransaction((tx) => replaceRates(tx, busy.tenantId, [{ courier: 'JNE', province: '*', fee: 10000 }]));
    valueOf(await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, busy.tenantId, { payment_methods: ['cod'] }));
    valueOf(await issueKey(t.ctx.db, t.clock, busy.tenantId, { name: 'CRM', scopes: ['orders:read'], expiresAt: null }));
    expect((await copied(busy.owner)).statusCode).toBe(204);
    expect(await busy.checklist()).toEqual({ product: true, shipping: true, payment: true, snippet: true, first_order: true, integration: true });
    expect(await quiet.checklist()).toEqual(NONE);
  });
});

describe('POST /dashboard/api/home/snippet-copied', () => {
  it('records the first copy on the store: 204, the snippet step done, its time kept', async () => {
    const store = await newStore();
    const res = await copied(store.owner);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await store.checklist()).toEqual({ ...NONE, snippet: true });
    const first = await t.ctx.db.selectFrom('tenants').select('snippet_copied_at').where('id', '=', store.tenantId).executeTakeFirstOrThrow();
    expect(Number(first.snippet_copied_at)).toBe(t.clock.now());
    t.clock.advance(5_000);
    expect((await copied(store.owner)).statusCode).toBe(204);
    const again = await t.ctx.db.selectFrom('tenants').select('snippet_copied_at').where('id', '=', store.tenantId).executeTakeFirstOrThrow();
    expect(again.snippet_copied_at).toEqual(first.snippet_copied_at);
  });

  it('is refused to a CS member (products:manage), changing nothing', async () => {
    const store = await newStore();
    const cs = await seedMember(t.ctx, store.tenantId, 'cs');
    const res = await copied(cs);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    expect((await store.checklist()).snippet).toBe(false);
  });
});

describe("GET /dashboard/api/home: the store's sending", () => {
  const homeOf = async (member: Member) => {
    const res = await t.request({ method: 'GET', url: '/dashboard/api/home', headers: asMember(member) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('says the provider and why the store\'s sending stopped, to the owner and admins; null to a CS', async () => {
    const store = await newStore();
    const admin = await seedMember(t.ctx, store.tenantId, 'admin');
    const cs = await seedMember(t.ctx, store.tenantId, 'cs');
    expect((await homeOf(store.owner)).messaging).toEqual({ provider: null, halted: null });
    await t.ctx.db.insertInto('messaging_settings').values({ tenant_id: store.tenantId, provider: 'sandbox', paused: 0, updated_at: t.clock.now() }).execute();
    expect((await homeOf(store.owner)).messaging).toEqual({ provider: 'sandbox', halted: null });
    await haltSending(t.ctx.db, store.tenantId, 'token', t.clock.now());
    for (const member of [store.owner, admin]) expect((await homeOf(member)).messaging).toEqual({ provider: 'sandbox', halted: 'token' });
    expect((await homeOf(cs)).messaging).toBeNull();
    // Another store's sending is its own.
    const other = await newStore();
    expect((await homeOf(other.owner)).messaging).toEqual({ provider: null, halted: null });
    // A new token lets it send again.
    valueOf(await t.ctx.writeTransaction((tx) => saveSensitiveSettings(tx, t.clock, t.ctx.sealer, store.tenantId, store.owner.userId, { whatsapp_access_token: 'EAAG-new-token' })));
    expect((await homeOf(store.owner)).messaging).toEqual({ provider: 'sandbox', halted: null });
    await haltSending(t.ctx.db, store.tenantId, 'device', t.clock.now());
    expect((await homeOf(admin)).messaging).toEqual({ provider: 'sandbox', halted: 'device' });
  });
});
