// What a PATCH reads before it decides (patch-decision.ts): the key's remembered response and
// the order. On PostgreSQL, in the key's own lookup when it runs (one round trip for the key
// check and this read, issue 13); otherwise in a statement of its own.
import { sql } from 'kysely';
import type { AuthenticatedKey, KeyLookupRow } from '../../auth/authenticate.js';
import type { Db, Tx } from '../../lib/db/db.js';
import { prepareQuery } from '../../lib/db/prepared.js';
import { isValidIdempotencyKey, type IdempotentRequest } from '../../idempotency/idempotency-key.js';
import { parsePositiveId } from '../../lib/http/request.js';
import { PATCH_ORDER_COLUMNS, type PatchRead } from './patch-decision.js';
import { alongsideKey, type AlongsideKey } from './read-order.js';

// The remembered response and the order, in one statement. Always one row; the left joins
// leave the columns of whatever is missing null (with no key, the record's: a comparison with
// null matches nothing). It reads idempotency/'s table from here because one statement is one
// round trip on the hot path (on PostgreSQL, a network round trip) where a read in each
// folder would be two. On PostgreSQL the key's lookup usually reads the same with the key's
// row (read-order.ts); this is the read when it did not.
const findRememberedAndOrder = prepareQuery(
  (db: Db, a: { tenantId: number; keyId: number; idempotencyKey: string | null; orderId: number }) =>
    db
      .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
      .leftJoin('idempotency_records as r', (join) =>
        join.on('r.tenant_id', '=', a.tenantId).on('r.api_key_id', '=', a.keyId).on('r.idempotency_key', '=', a.idempotencyKey),
      )
      .leftJoin('orders as o', (join) => join.on('o.tenant_id', '=', a.tenantId).on('o.id', '=', a.orderId))
      .leftJoin('tenants as t', 't.id', 'o.tenant_id')
      .select(['r.request_hash', 'r.response_body', 'r.expires_at', 't.shipping_integration'])
      .select(PATCH_ORDER_COLUMNS.map((c) => `o.${c}` as const)),
);

export function readForPatch(db: Db | Tx, a: { key: AuthenticatedKey; idempotency: IdempotentRequest | null; orderId: number }): Promise<PatchRead | undefined> {
  return findRememberedAndOrder.first(db, {
    tenantId: a.key.tenantId,
    keyId: a.key.id,
    idempotencyKey: a.idempotency?.key ?? null,
    orderId: a.orderId,
  });
}


// PostgreSQL: the key's row by hash, the key's remembered response for `idempotencyKey` and
// the order of the key's store, in one statement. The record's expires_at is renamed (the
// key has one too). What was read is used only after every check of the key has passed
// (requireKey returns before the operation runs otherwise).
const findKeyRememberedAndOrder = prepareQuery((db: Db, a: { hash: string; idempotencyKey: string | null; orderId: number }) => {
  const orderColumns = PATCH_ORDER_COLUMNS.map((c) => sql`o.${sql.ref(c)} as ${sql.ref(`order_${c}`)}`);
  return sql<KeyLookupRow & { shipping_integration: string | null; request_hash: string | null; response_body: string | null; record_expires_at: number | null } & Record<`order_${(typeof PATCH_ORDER_COLUMNS)[number]}`, unknown>>`
    select k.id, k.tenant_id, k.name, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, t.active,
      r.request_hash, r.response_body, r.expires_at as record_expires_at, t.shipping_integration, ${sql.join(orderColumns)}
    from api_keys k
    join tenants t on t.id = k.tenant_id
    left join orders o on o.tenant_id = k.tenant_id and o.id = ${a.orderId}
    left join idempotency_records r on r.tenant_id = k.tenant_id and r.api_key_id = k.id and r.idempotency_key = ${a.idempotencyKey}
    where k.key_hash = ${a.hash}`;
});

/**
 * For requireKey on PostgreSQL: the lookup that reads what the PATCH of `body` will need with
 * the key's row. Null when there is nothing to read with it (no valid order id).
 */
export function patchReadAlongsideKey(db: Db, body: Record<string, unknown> | null, idempotencyKey: string | undefined): AlongsideKey<PatchRead | undefined> | null {
  const orderId = body ? parsePositiveId(body.id) : null;
  if (orderId === null) return null;
  const key = idempotencyKey !== undefined && isValidIdempotencyKey(idempotencyKey) ? idempotencyKey : null;
  return alongsideKey(
    (hash) => findKeyRememberedAndOrder.first(db, { hash, idempotencyKey: key, orderId }),
    (row): PatchRead | undefined => {
      if (!row) return undefined;
      const read: Record<string, unknown> = {
        request_hash: row.request_hash,
        response_body: row.response_body,
        expires_at: row.record_expires_at,
        shipping_integration: row.order_id === null ? null : row.shipping_integration,
      };
      for (const c of PATCH_ORDER_COLUMNS) read[c] = row[`order_${c}`];
      return read as unknown as PatchRead;
    },
  );
}
