// The CS scope of the orders (issue 32 §4): which orders of the store a member may see and work.
// `orders:all` (owner, admin) sees every order; anyone else (a CS, `orders:assigned`) sees only
// the orders assigned to them. Every orders route reads its scope here and every orders query
// passes it through inScope, so an order outside the scope is simply not found: the same 404
// `order_not_found` as an order of another store, telling a CS nothing about it.
import type { WhereInterface } from 'kysely';
import type { Database } from '../../lib/db/schema.js';
import type { Permission } from '../../lib/permissions.js';
import type { Mover } from './status-moves.js';

export type OrderScope = { kind: 'all' } | { kind: 'assigned'; userId: number };

/** The scope of a session: `orders:all` wins over `orders:assigned` (an owner holds both). */
export function orderScopeOf(session: { userId: number; permissions: readonly Permission[] }): OrderScope {
  return session.permissions.includes('orders:all') ? { kind: 'all' } : { kind: 'assigned', userId: session.userId };
}

/** Which status moves a session may make (status-moves.ts): owners and admins (`orders:all`) the managers' too. */
export function moverOf(session: { permissions: readonly Permission[] }): Mover {
  return { manager: session.permissions.includes('orders:all') };
}

/**
 * A query on `orders` (joined or not, select, update or delete) narrowed to the scope: for
 * 'assigned', `orders.assigned_user_id = userId`; for 'all', the query unchanged. The tenant id
 * stays the caller's own `where`: the scope narrows within a store, it never replaces it.
 */
export function inScope<QB extends WhereInterface<Database, 'orders'>>(qb: QB, scope: OrderScope): QB {
  return scope.kind === 'all' ? qb : (qb.where('orders.assigned_user_id', '=', scope.userId) as QB);
}
