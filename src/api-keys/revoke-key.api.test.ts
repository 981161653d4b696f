// Revoking a key acts only inside the store named: another store's key is "not found" and
// keeps working. The operator CLI, which names the key alone, finds its store first.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { findKeyTenant } from './find-key-tenant.js';
import { listKeys } from './list-keys.js';
import { revokeKey } from './revoke-key.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

const readOrder = (key: string) => t.request({ method: 'GET', url: '/api/order_status.php?id=999999', headers: { 'x-api-key': key } });

it("revoking store B's key through store A changes nothing and says not found", async () => {
  const a = await seedStore(t.ctx, { crm: { scopes: ['orders:read'] } }, { name: 'Toko A' });
  const b = await seedStore(t.ctx, { crm: { scopes: ['orders:read'] } }, { name: 'Toko B' });
  const keyOfB = b.keyIds.crm!;

  expect(await revokeKey(t.ctx.db, t.clock, a.tenantId, keyOfB)).toEqual({ ok: false, code: 'key_not_found', message: `no active key ${keyOfB}` });
  expect((await listKeys(t.ctx.db, b.tenantId, 'UTC'))[0]).toMatchObject({ id: keyOfB, revoked: false, revoked_at: null });
  expect((await readOrder(b.keys.crm!)).statusCode).toBe(404);

  expect(await findKeyTenant(t.ctx.db, keyOfB)).toBe(b.tenantId);
  expect(await revokeKey(t.ctx.db, t.clock, b.tenantId, keyOfB)).toEqual({ ok: true, value: { id: keyOfB, revoked: true } });
  expect((await readOrder(b.keys.crm!)).statusCode).toBe(401);
  expect((await readOrder(a.keys.crm!)).statusCode).toBe(404);
});

it('a key revoked once is not found the second time, nor by the operator lookup', async () => {
  const store = await seedStore(t.ctx, { crm: { scopes: ['orders:read'] } });
  const id = store.keyIds.crm!;
  expect((await revokeKey(t.ctx.db, t.clock, store.tenantId, id)).ok).toBe(true);
  expect(await revokeKey(t.ctx.db, t.clock, store.tenantId, id)).toMatchObject({ ok: false, code: 'key_not_found' });
  expect(await findKeyTenant(t.ctx.db, id)).toBeNull();
});
