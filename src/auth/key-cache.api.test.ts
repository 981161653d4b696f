// The key cache (SQLite) must never outlive SPEC's rule: revocation and a deactivated store
// take effect on the very next request, whichever connection or process made the change.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { backend, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { openDatabase, type DbHandle } from '../lib/db/db.js';
import { revokeKey } from '../api-keys/revoke-key.js';
import { setTenantActive } from '../tenants/set-tenant-active.js';
import { issueKey } from '../api-keys/issue-key.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
/** A second connection to the same database: what the CLI or another process uses. */
let other: DbHandle;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
  other = openDatabase(t.url);
});
afterAll(async () => {
  await other.close();
  await t.drop();
});

async function freshKey(): Promise<{ key: string; id: number }> {
  const issued = await issueKey(t.ctx.db, t.clock, store.tenantId, { name: `k-${Math.random()}`, scopes: ['orders:read'], expiresAt: null });
  if (!issued.ok) throw new Error(issued.message);
  return issued.value;
}

const read = (key: string) => t.request({ method: 'GET', url: '/api/order_status.php?id=999999', headers: { 'x-api-key': key } });

it('a key revoked through another connection is refused on the next request', async () => {
  const { key, id } = await freshKey();
  for (let i = 0; i < 3; i++) expect((await read(key)).statusCode).toBe(404);
  expect((await revokeKey(other.db, t.clock, store.tenantId, id)).ok).toBe(true);
  const res = await read(key);
  expect({ status: res.statusCode, body: json(res) }).toEqual({ status: 401, body: { error: 'API key revoked' } });
});

it('a store deactivated and reactivated through another connection is seen on the next request', async () => {
  const { key } = await freshKey();
  for (let i = 0; i < 3; i++) expect((await read(key)).statusCode).toBe(404);
  await setTenantActive(other.db, store.tenantId, false);
  expect((await read(key)).statusCode).toBe(403);
  await setTenantActive(other.db, store.tenantId, true);
  expect((await read(key)).statusCode).toBe(404);
});

it('a key issued through another connection works on the first request', async () => {
  const issued = await issueKey(other.db, t.clock, store.tenantId, { name: 'from-cli', scopes: ['orders:read'], expiresAt: null });
  if (!issued.ok) throw new Error(issued.message);
  expect((await read(issued.value.key)).statusCode).toBe(404);
});

// The cache lives while keyChangeToken() stays the same (migration 016's count): it moves with
// every change to a key or to a store's active flag, made through any connection, and not
// with the writes of orders that fill a busy store's day.
it.runIf(backend === 'sqlite')('the key change token moves with keys and stores, whoever changes them, and not with orders', async () => {
  const token = () => other.keyChangeToken();
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Peci', price: 1000 });
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' });
  const before = token();
  expect(before).not.toBeNull();
  // Orders written through this connection and through another: the token stays.
  await other.db.updateTable('orders').set({ status: 'closing' }).where('tenant_id', '=', store.tenantId).where('id', '=', order.id).execute();
  await t.ctx.db.updateTable('orders').set({ status: 'pending' }).where('tenant_id', '=', store.tenantId).where('id', '=', order.id).execute();
  expect(token()).toBe(before);

  const seen = [before];
  const moved = () => {
    const now = token();
    expect(seen).not.toContain(now);
    seen.push(now);
  };
  const { id } = await freshKey(); // issued through another connection
  moved();
  await other.db.updateTable('api_keys').set({ last_used_at: 1 }).where('id', '=', id).execute(); // this connection
  moved();
  expect((await revokeKey(other.db, t.clock, store.tenantId, id)).ok).toBe(true);
  moved();
  await setTenantActive(t.ctx.db, store.tenantId, false);
  moved();
  await setTenantActive(other.db, store.tenantId, true);
  moved();
  await t.ctx.db.deleteFrom('api_keys').where('id', '=', id).execute();
  moved();
});

// Issue 13: on SQLite a GET with a cached key reads the key's change token and the order in one
// statement (orders/api/read-order.ts, orderWithKeyToken): one read transaction, whose lock costs
// two system calls, instead of two. Every statement better-sqlite3 runs is counted.
it.runIf(backend === 'sqlite')('SQLite: a GET with a cached key reads the change token and the order in one statement', async () => {
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Sarung', price: 1000 });
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' });
  const { key } = await freshKey();
  const get = () => t.request({ method: 'GET', url: `/api/order_status.php?id=${order.id}`, headers: { 'x-api-key': key } });
  const scratch = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(scratch.prepare('select 1')) as Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
  scratch.close();
  const spies = (['all', 'get', 'run', 'iterate'] as const).map((method) => vi.spyOn(Statement, method));
  const statements = () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  try {
    const first = await get(); // not cached yet: the token, the key, its last use, the order
    expect(first.statusCode).toBe(200);
    // Writing the key's last use moved the token: this one looks the key up once more.
    expect((await get()).statusCode).toBe(200);
    spies.forEach((spy) => spy.mockClear());
    const second = await get();
    expect(second.statusCode).toBe(200);
    expect({ ...json(second), request_id: null }).toEqual({ ...json(first), request_id: null });
    expect(statements()).toBe(1);
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
});
