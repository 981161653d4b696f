import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db/schema.js';
import { permissionsOf } from '../../team/roles.js';
import { inScope, orderScopeOf } from './order-scope.js';

// Compiles only: no database behind it.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('orderScopeOf', () => {
  it('gives owners and admins every order, whatever the integrations flag', () => {
    expect(orderScopeOf({ userId: 7, permissions: permissionsOf('owner', false) })).toEqual({ kind: 'all' });
    expect(orderScopeOf({ userId: 7, permissions: permissionsOf('admin', false) })).toEqual({ kind: 'all' });
    expect(orderScopeOf({ userId: 7, permissions: permissionsOf('admin', true) })).toEqual({ kind: 'all' });
  });

  it('gives a CS only their own orders', () => {
    expect(orderScopeOf({ userId: 7, permissions: permissionsOf('cs', false) })).toEqual({ kind: 'assigned', userId: 7 });
  });

  it('gives a session holding neither orders permission only its own orders, never all', () => {
    expect(orderScopeOf({ userId: 9, permissions: [] })).toEqual({ kind: 'assigned', userId: 9 });
  });
});

describe('inScope', () => {
  const base = () => db.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', 3);

  it('leaves the query unchanged for every order', () => {
    expect(inScope(base(), { kind: 'all' }).compile()).toEqual(base().compile());
  });

  it("adds the member's id beside the tenant id for their own orders", () => {
    const compiled = inScope(base(), { kind: 'assigned', userId: 42 }).compile();
    expect(compiled.sql).toBe('select "orders"."id" from "orders" where "orders"."tenant_id" = ? and "orders"."assigned_user_id" = ?');
    expect(compiled.parameters).toEqual([3, 42]);
  });

  it('narrows an update the same way', () => {
    const compiled = inScope(db.updateTable('orders').set({ resi: 'X' }).where('orders.tenant_id', '=', 3), { kind: 'assigned', userId: 42 }).compile();
    expect(compiled.sql).toContain('"orders"."assigned_user_id" = ?');
    expect(compiled.parameters).toEqual(['X', 3, 42]);
  });
});
