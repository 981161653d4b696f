// Endpoint management on SQLite and PostgreSQL: the URL rules at save, the secret shown
// once, listings without secrets, and every operation confined to its own store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { addEndpoint } from './add-endpoint.js';
import { findEndpointTenant } from './find-endpoint-tenant.js';
import { listDeliveries } from './list-deliveries.js';
import { listEndpoints } from './list-endpoints.js';
import { removeEndpoint } from './remove-endpoint.js';
import { setEndpointEnabled } from './set-endpoint-enabled.js';
import type { Resolver } from './url-safety.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

const resolver: Resolver = async (host) => {
  const table: Record<string, string> = { 'hooks.example.com': '93.184.216.34', 'intranet.example.com': '10.1.2.3', 'meta.example.com': '169.254.169.254' };
  const address = table[host];
  if (!address) throw new Error('ENOTFOUND');
  return [{ address, family: 4 }];
};
const strict = { allowPrivate: false, resolver };

describe('webhook endpoints', () => {
  it('add returns the id and a whsec_ secret once; list shows the endpoint but never the secret', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const added = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: 'https://hooks.example.com/lapak?x=1', description: '  CRM  ' }, strict);
    expect(added).toEqual({ ok: true, value: { id: expect.any(Number), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) } });
    if (!added.ok) return;
    const listed = await listEndpoints(t.ctx.db, tenantId, 'Asia/Jakarta');
    expect(listed).toEqual([
      { id: added.value.id, url: 'https://hooks.example.com/lapak?x=1', description: 'CRM', enabled: true, disabled_reason: null, created_at: expect.stringMatching(/\+07:00$/) },
    ]);
    expect(JSON.stringify(listed)).not.toContain(added.value.secret.slice(6, 20));
    const second = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: 'https://hooks.example.com/lapak?x=1' }, strict);
    expect(second.ok).toBe(true);
    expect(second.ok && second.value.secret).not.toBe(added.value.secret);
  });

  it.each([
    ['http://hooks.example.com/h', 'url must use https', 'url_not_https'],
    ['https://intranet.example.com/h', 'host intranet.example.com resolves to a private, loopback or link-local address (10.1.2.3)', 'host_not_public'],
    ['https://meta.example.com/latest', 'host meta.example.com resolves to a private, loopback or link-local address (169.254.169.254)', 'host_not_public'],
    ['https://127.0.0.1/h', 'host 127.0.0.1 resolves to a private, loopback or link-local address (127.0.0.1)', 'host_not_public'],
    ['https://[::1]/h', 'host ::1 resolves to a private, loopback or link-local address (::1)', 'host_not_public'],
    ['https://[fe80::1]/h', 'host fe80::1 resolves to a private, loopback or link-local address (fe80::1)', 'host_not_public'],
    ['https://[::ffff:10.0.0.1]/h', 'host ::ffff:a00:1 resolves to a private, loopback or link-local address (::ffff:a00:1)', 'host_not_public'],
    ['https://nowhere.example.com/h', 'host nowhere.example.com does not resolve', 'host_unresolved'],
    ['https://u:p@hooks.example.com/h', 'url must not contain a user name or password', 'url_has_credentials'],
    ['hooks.example.com', 'url is not a valid absolute URL', 'invalid_url'],
  ])('refuses %s without WEBHOOK_ALLOW_PRIVATE', async (url, error, code) => {
    const { tenantId } = await seedStore(t.ctx, {});
    expect(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url }, strict)).toEqual({ ok: false, code, message: error });
    expect(await listEndpoints(t.ctx.db, tenantId, 'UTC')).toEqual([]);
  });

  it('with WEBHOOK_ALLOW_PRIVATE http and loopback are accepted (development and tests)', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    expect(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: 'http://127.0.0.1:9/h' }, { allowPrivate: true, resolver })).toMatchObject({ ok: true });
  });

  it('refuses an unknown store and an over-long description', async () => {
    expect(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, 999_999, { url: 'https://hooks.example.com/' }, strict)).toEqual({ ok: false, code: 'tenant_not_found', message: 'no tenant 999999' });
    const { tenantId } = await seedStore(t.ctx, {});
    expect(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: 'https://hooks.example.com/', description: 'x'.repeat(201) }, strict)).toEqual({
      ok: false,
      code: 'invalid_description',
      message: 'description is longer than 200 characters',
    });
  });

  it("one store cannot see, disable or remove another store's endpoints", async () => {
    const mine = await seedStore(t.ctx, {});
    const theirs = await seedStore(t.ctx, {});
    const added = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, mine.tenantId, { url: 'https://hooks.example.com/' }, strict);
    if (!added.ok) throw new Error(added.message);
    const id = added.value.id;
    expect(await listEndpoints(t.ctx.db, theirs.tenantId, 'UTC')).toEqual([]);
    expect((await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, theirs.tenantId, id, false))).ok).toBe(false);
    expect((await t.ctx.writeTransaction((tx) => removeEndpoint(tx, t.clock, theirs.tenantId, id))).ok).toBe(false);
    expect(await listDeliveries(t.ctx.db, theirs.tenantId, {}, 'UTC')).toEqual([]);
    expect((await listEndpoints(t.ctx.db, mine.tenantId, 'UTC'))[0]).toMatchObject({ id, enabled: true });

    expect(await findEndpointTenant(t.ctx.db, id)).toBe(mine.tenantId);
    expect((await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, mine.tenantId, id, false))).ok).toBe(true);
    expect((await listEndpoints(t.ctx.db, mine.tenantId, 'UTC'))[0]).toMatchObject({ id, enabled: false, disabled_reason: 'disabled by the operator' });
    expect((await t.ctx.writeTransaction((tx) => removeEndpoint(tx, t.clock, mine.tenantId, id))).ok).toBe(true);
    expect((await t.ctx.writeTransaction((tx) => removeEndpoint(tx, t.clock, mine.tenantId, id))).ok).toBe(false);
    expect(await listEndpoints(t.ctx.db, mine.tenantId, 'UTC')).toEqual([]);
    expect(await findEndpointTenant(t.ctx.db, id)).toBeNull();
  });
});
