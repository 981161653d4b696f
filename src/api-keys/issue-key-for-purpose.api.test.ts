// Keys issued by purpose (SPEC "Key issuance"), on SQLite and PostgreSQL: the purposes'
// scopes, the mandatory expiry, connector names unique among active keys only (an expired
// or revoked key gives its name up), and the listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { issueKey } from './issue-key.js';
import { issueKeyForPurpose } from './issue-key-for-purpose.js';
import { listKeys } from './list-keys.js';
import { revokeKey } from './revoke-key.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' } });
});
afterAll(() => t.drop());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(t.clock.now() + n * DAY).toISOString();
const issue = (tenantId: number, name: string, purpose: string, expiresAt: string | null | undefined) =>
  issueKeyForPurpose(t.ctx.db, t.clock, tenantId, { name, purpose, expiresAt }, 'Asia/Jakarta');
const readOrder = (key: string) => t.request({ method: 'GET', url: '/api/order_status.php?id=999999', headers: { 'x-api-key': key } });

describe('issueKeyForPurpose', () => {
  it.each([
    ['customer_lookup', ['customers:read']],
    ['order_status', ['orders:read', 'orders.status:write']],
    ['order_status_customer', ['orders:read', 'orders.status:write', 'customers:read']],
  ])('%s gives exactly its scopes, and the key is shown this once', async (purpose, scopes) => {
    const { tenantId } = await seedStore(t.ctx, {});
    const issued = await issue(tenantId, ' CRM ', purpose, inDays(30));
    expect(issued).toEqual({ ok: true, value: { id: expect.any(Number), key: expect.any(String), marker: expect.any(String), scopes, purpose, expires_at: Date.parse(inDays(30)) } });
    if (!issued.ok) return;
    const listed = await listKeys(t.ctx.db, tenantId, 'Asia/Jakarta');
    expect(listed).toEqual([
      {
        id: issued.value.id, marker: issued.value.marker, name: 'CRM', scopes, purpose, expires_at: expect.stringMatching(/\+07:00$/),
        revoked: false, revoked_at: null, last_used_at: null, created_at: expect.stringMatching(/\+07:00$/),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(issued.value.key);
    expect(Object.keys(listed[0]!)).not.toContain('key_hash');
  });

  it('a date expires at the end of that day in the server time zone; a CLI key has no purpose', async () => {
    const { tenantId } = await seedStore(t.ctx, { cli: { scopes: ['orders:read'] } });
    const issued = await issue(tenantId, 'Sheets', 'order_status', '2099-11-30');
    expect(issued.ok && issued.value.expires_at).toBe(Date.parse('2099-12-01T00:00:00+07:00') - 1);
    const listed = await listKeys(t.ctx.db, tenantId, 'Asia/Jakarta');
    expect(listed.map((k) => [k.name, k.purpose, k.expires_at])).toEqual([
      ['cli', null, null],
      ['Sheets', 'order_status', '2099-11-30T23:59:59+07:00'],
    ]);
  });

  it.each([
    [undefined, 'expires_at_required', 'expires_at is required'],
    [null, 'expires_at_required', 'expires_at is required'],
    ['  ', 'expires_at_required', 'expires_at is required'],
    ['2026-02-30', 'invalid_expires_at', 'expires_at must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with an offset'],
    ['2020-01-01', 'expires_at_past', 'expires_at is in the past'],
  ])('expires_at %j: %s, and nothing is issued', async (expiresAt, code, message) => {
    const { tenantId } = await seedStore(t.ctx, {});
    expect(await issue(tenantId, 'CRM', 'order_status', expiresAt)).toEqual({ ok: false, code, message });
    expect(await listKeys(t.ctx.db, tenantId, 'UTC')).toEqual([]);
  });

  it('a timestamp that has just passed is in the past; an unknown purpose is refused', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    expect(await issue(tenantId, 'CRM', 'order_status', new Date(t.clock.now()).toISOString())).toMatchObject({ ok: false, code: 'expires_at_past' });
    expect(await issue(tenantId, 'CRM', 'orders:write', inDays(1))).toEqual({
      ok: false, code: 'invalid_purpose', message: 'purpose must be one of customer_lookup, order_status, order_status_customer',
    });
    expect(await listKeys(t.ctx.db, tenantId, 'UTC')).toEqual([]);
  });
});

describe('connector names', () => {
  it('an active key blocks its name (409 key_name_taken), in its own store only; a revoked one does not', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const other = await seedStore(t.ctx, {});
    const first = await issue(tenantId, 'CRM', 'order_status', inDays(10));
    expect(await issue(tenantId, 'CRM', 'customer_lookup', inDays(10))).toEqual({ ok: false, code: 'key_name_taken', message: 'an active key named "CRM" already exists for this store' });
    // The CLI's issue is held to the same rule.
    expect(await issueKey(t.ctx.db, t.clock, tenantId, { name: 'CRM', scopes: ['orders:read'], expiresAt: null })).toMatchObject({ ok: false, code: 'key_name_taken' });
    expect((await issue(other.tenantId, 'CRM', 'order_status', inDays(10))).ok).toBe(true);
    expect(first.ok && (await revokeKey(t.ctx.db, t.clock, tenantId, first.value.id)).ok).toBe(true);
    expect((await issue(tenantId, 'CRM', 'order_status', inDays(10))).ok).toBe(true);
  });

  it('an expired key gives its name up; it stays listed and refused', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const old = await issue(tenantId, 'CRM', 'order_status', inDays(1));
    if (!old.ok) throw new Error(old.message);
    t.clock.advance(DAY - 1);
    expect(await issue(tenantId, 'CRM', 'order_status', inDays(5))).toMatchObject({ ok: false, code: 'key_name_taken' });
    t.clock.advance(1);
    const renewed = await issue(tenantId, 'CRM', 'order_status', inDays(5));
    expect(renewed.ok).toBe(true);
    expect((await readOrder(old.value.key)).json()).toEqual({ error: 'API key expired' });
    expect(renewed.ok && (await readOrder(renewed.value.key)).statusCode).toBe(404);
    expect((await listKeys(t.ctx.db, tenantId, 'UTC')).map((k) => [k.name, k.revoked])).toEqual([['CRM', false], ['CRM', false]]);
  });

  it('two issuers racing for the name of an expired key: the unique index lets exactly one through', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    expect((await issue(tenantId, 'Race', 'order_status', inDays(1))).ok).toBe(true);
    t.clock.advance(DAY);
    for (let round = 0; round < 5; round++) {
      const name = round === 0 ? 'Race' : `Race-${round}`;
      const results = await Promise.all(Array.from({ length: 4 }, () => issue(tenantId, name, 'order_status', inDays(3))));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(['key_name_taken', 'key_name_taken', 'key_name_taken']);
    }
  });

  it('the list shows when a key was last used against /api/', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const issued = await issue(tenantId, 'Status', 'order_status', inDays(3));
    if (!issued.ok) throw new Error(issued.message);
    expect((await listKeys(t.ctx.db, tenantId, 'UTC'))[0]!.last_used_at).toBeNull();
    expect((await readOrder(issued.value.key)).statusCode).toBe(404);
    const usedAt = new Date(Math.floor(t.clock.now() / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
    expect((await listKeys(t.ctx.db, tenantId, 'UTC'))[0]!.last_used_at).toBe(usedAt);
  });
});
