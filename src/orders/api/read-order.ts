import { sql } from 'kysely';
import type { KeyLookup, KeyLookupRow, KeyRow, TokenAlongside } from '../../auth/authenticate.js';
import { hasScope } from '../../auth/scopes.js';
import { keyChangeTokenOf, type Db } from '../../lib/db/db.js';
import { isUnavailable } from '../../lib/unavailable.js';
import { prepareQuery } from '../../lib/db/prepared.js';
import { CUSTOMER_COLUMNS, RECORD_COLUMNS, type OrderRecordRow } from '../core/order-record.js';

// Only the record's columns, and the buyer's only when the key may see them: personal data
// is not even read for a key without customers:read, and every column read costs time.
const findOrder = prepareQuery((db: Db, args: { tenantId: number; orderId: number }) =>
  db.selectFrom('orders').select(RECORD_COLUMNS).where('tenant_id', '=', args.tenantId).where('id', '=', args.orderId),
);

const findOrderWithCustomer = prepareQuery((db: Db, args: { tenantId: number; orderId: number }) =>
  db
    .selectFrom('orders')
    .select([...RECORD_COLUMNS, ...CUSTOMER_COLUMNS])
    .where('tenant_id', '=', args.tenantId)
    .where('id', '=', args.orderId),
);

export async function readOrder(db: Db, tenantId: number, orderId: number, withCustomer: boolean): Promise<OrderRecordRow | null> {
  const query = withCustomer ? findOrderWithCustomer : findOrder;
  return (await query.first(db, { tenantId, orderId })) ?? null;
}

// PostgreSQL: the key's row by hash and the order of the key's store in one statement, one
// round trip instead of two (issue 13). The buyer's columns are read only for a key holding
// customers:read or * (hasScope's rule, in SQL); the route still decides what is shown, and
// shows the order only after every check of the key has passed.
const findKeyAndOrder = prepareQuery((db: Db, a: { hash: string; orderId: number }) => {
  const mayReadCustomer = sql`(k.scopes::jsonb ?| array['customers:read', '*'])`;
  const columns = [
    ...RECORD_COLUMNS.map((c) => (c === 'id' ? sql`o.id as order_id` : sql`o.${sql.ref(c)}`)),
    ...CUSTOMER_COLUMNS.map((c) => sql`case when ${mayReadCustomer} then o.${sql.ref(c)} end as ${sql.ref(c)}`),
  ];
  return sql<KeyLookupRow & { order_id: number | null } & Record<(typeof RECORD_COLUMNS)[number] | (typeof CUSTOMER_COLUMNS)[number], unknown>>`
    select k.id, k.tenant_id, k.name, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, t.active, ${sql.join(columns)}
    from api_keys k
    join tenants t on t.id = k.tenant_id
    left join orders o on o.tenant_id = k.tenant_id and o.id = ${a.orderId}
    where k.key_hash = ${a.hash}`;
});

/** For requireKey: a lookup that reads the key's row with more in one statement, and what it read. */
export interface AlongsideKey<T> {
  lookup: KeyLookup;
  /** What was read with the key, or undefined when the lookup did not run (a cached key) or fell back to the plain one. */
  found(): T | undefined;
}

/**
 * The lookup `read` (the key's row by hash with more), and `extract(row)` of what it read. The
 * database down: the request fails as it would have. Any other failure of the joined
 * statement (a broken orders table): the key is checked alone, its windows are consumed, and
 * the caller's own read fails afterwards, as before.
 */
export function alongsideKey<R extends KeyLookupRow, T>(read: (hash: string) => Promise<R | undefined>, extract: (row: R | undefined) => T): AlongsideKey<T> {
  let found: T | undefined;
  return {
    lookup: async (hash, plain) => {
      let row;
      try {
        row = await read(hash);
      } catch (error) {
        if (isUnavailable(error)) throw error;
        return plain(hash);
      }
      found = extract(row);
      return row;
    },
    found: () => found,
  };
}

// SQLite: the key cache's change token (migration 016's count, as DbHandle.keyChangeToken reads
// it) and the order, in one statement: one read transaction, not two (each takes and releases
// the WAL's read lock: two system calls, issue 13). Always one row; the order's columns are null
// when the store has no such order.
const tokenAndOrder = (withCustomer: boolean) =>
  prepareQuery((db: Db, a: { tenantId: number; orderId: number }) =>
    db
      .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
      .leftJoin('orders as o', (join) => join.on('o.tenant_id', '=', a.tenantId).on('o.id', '=', a.orderId))
      .select(sql<number | null>`(select count from key_changes where id = 1)`.as('key_changes'))
      .select((withCustomer ? [...RECORD_COLUMNS, ...CUSTOMER_COLUMNS] : RECORD_COLUMNS).map((c) => `o.${c}` as const)),
  );
const findTokenAndOrder = tokenAndOrder(false);
const findTokenAndOrderWithCustomer = tokenAndOrder(true);

/**
 * SQLite: for requireKey, the key cache's token read with the order `orderId` of the cached
 * key's store (with the buyer's columns when that key may see them); `found` gives the order
 * (null: none) once the key is confirmed, when it was read for the same store and columns.
 */
export function orderWithKeyToken(db: Db, orderId: number): { tokenAlongside: TokenAlongside; found(tenantId: number, withCustomer: boolean): OrderRecordRow | null | undefined } {
  let read: { tenantId: number; withCustomer: boolean; order: OrderRecordRow | null } | null = null;
  return {
    tokenAlongside: async (cached: KeyRow) => {
      const withCustomer = hasScope(cached.scopes, 'customers:read');
      const query = withCustomer ? findTokenAndOrderWithCustomer : findTokenAndOrder;
      let row;
      try {
        row = await query.first(db, { tenantId: cached.tenantId, orderId });
      } catch (error) {
        if (isUnavailable(error)) throw error;
        return undefined; // the token is read alone, and the order by the route, as before
      }
      if (!row || row.key_changes === null) return undefined;
      const { key_changes: count, ...order } = row;
      read = { tenantId: cached.tenantId, withCustomer, order: order.id === null ? null : (order as unknown as OrderRecordRow) };
      return keyChangeTokenOf(count);
    },
    found: (tenantId, withCustomer) => (read && read.tenantId === tenantId && read.withCustomer === withCustomer ? read.order : undefined),
  };
}

/** The order with id orderId of whichever store the key belongs to, read in the key's lookup (null: none in the key's store). */
export function orderAlongsideKey(db: Db, orderId: number): AlongsideKey<OrderRecordRow | null> {
  return alongsideKey(
    (hash) => findKeyAndOrder.first(db, { hash, orderId }),
    (row): OrderRecordRow | null => {
      if (!row || row.order_id === null) return null;
      const found: Record<string, unknown> = { id: row.order_id };
      for (const c of RECORD_COLUMNS) if (c !== 'id') found[c] = row[c];
      for (const c of CUSTOMER_COLUMNS) found[c] = row[c];
      return found as unknown as OrderRecordRow;
    },
  );
}
