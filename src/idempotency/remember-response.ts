// The response of a request with an Idempotency-Key, remembered with the change it describes,
// so that a retry gets the same answer (SPEC: kept 30 days). In the change's transaction
// (rememberResponse), or on PostgreSQL as one part of the change's own statement
// (insertRecordPart, orders/core/record-status-change.ts, orders/api/patch-on-postgres.ts).
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { IDEMPOTENCY_RETENTION_MS, type IdempotentRequest } from './idempotency-key.js';
import type { RememberedResponse } from './replay.js';
import { isUniqueViolation } from '../lib/db/unique-violation.js';

/** A record's values, as every way of writing one takes them. */
export type RecordValues = {
  tenantId: number;
  keyId: number;
  idempotencyKey: string;
  hash: string;
  body: string;
  now: number;
  expiresAt: number;
};

/** The record of the 200 response `body` (JSON) of `request`, made with API key `keyId`. */
export const recordValues = (a: { tenantId: number; keyId: number; request: IdempotentRequest; body: string; now: number }): RecordValues => ({
  tenantId: a.tenantId,
  keyId: a.keyId,
  idempotencyKey: a.request.key,
  hash: a.request.hash,
  body: a.body,
  now: a.now,
  expiresAt: a.now + IDEMPOTENCY_RETENTION_MS,
});

// A record that expired but was not purged yet is replaced; a live one never is.
const upsertRecord = prepareQuery((db: Db, a: RecordValues) =>
  db
    .insertInto('idempotency_records')
    .values({
      tenant_id: a.tenantId,
      api_key_id: a.keyId,
      idempotency_key: a.idempotencyKey,
      request_hash: a.hash,
      response_status: 200,
      response_body: a.body,
      created_at: a.now,
      expires_at: a.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'api_key_id', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          response_status: eb.ref('excluded.response_status'),
          response_body: eb.ref('excluded.response_body'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('idempotency_records.expires_at', '<=', a.now),
    ),
);

/** Remembers the 200 response `body` (JSON) of `request`, made with API key `keyId`, in the change's transaction. */
export async function rememberResponse(
  tx: Tx,
  a: { tenantId: number; keyId: number; request: IdempotentRequest; body: string; now: number },
): Promise<void> {
  await upsertRecord.all(tx, recordValues(a));
}

/**
 * PostgreSQL: the record as one part of a larger statement (a data-modifying CTE), one row per
 * row of `source`. A plain insert, not the upsert above: a record of the same key that is
 * already there (live, committed by a request that ran meanwhile) raises a unique violation
 * (isRecordTaken), which undoes the whole statement. A record known to have expired is
 * deleted first (deleteExpiredRecord).
 */
export const insertRecordPart = (source: string, a: RecordValues): RawBuilder<{ one: number }> => sql`
      insert into idempotency_records (tenant_id, api_key_id, idempotency_key, request_hash, response_status, response_body, created_at, expires_at)
      select ${a.tenantId}::bigint, ${a.keyId}::bigint, ${a.idempotencyKey}::text, ${a.hash}::text, 200, ${a.body}::text, ${a.now}::bigint, ${a.expiresAt}::bigint
      from ${sql.id(source)}
      returning 1 as one`;

/** True when `error` is insertRecordPart's unique violation: the key's record is there. */
export const isRecordTaken = (error: unknown): boolean => isUniqueViolation(error, 'idempotency_records_pk');

const deleteExpired = prepareQuery((db: Db, a: { tenantId: number; keyId: number; idempotencyKey: string; now: number }) =>
  db
    .deleteFrom('idempotency_records')
    .where('tenant_id', '=', a.tenantId)
    .where('api_key_id', '=', a.keyId)
    .where('idempotency_key', '=', a.idempotencyKey)
    .where('expires_at', '<=', a.now),
);

/** Removes the key's record if it has expired (SPEC: afterwards the key runs as new); a live one stays. */
export async function deleteExpiredRecord(db: Db, a: { tenantId: number; keyId: number; request: IdempotentRequest; now: number }): Promise<void> {
  await deleteExpired.all(db, { tenantId: a.tenantId, keyId: a.keyId, idempotencyKey: a.request.key, now: a.now });
}

const findRecord = prepareQuery((db: Db, a: { tenantId: number; keyId: number; idempotencyKey: string }) =>
  db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'response_body', 'expires_at'])
    .where('tenant_id', '=', a.tenantId)
    .where('api_key_id', '=', a.keyId)
    .where('idempotency_key', '=', a.idempotencyKey),
);

/** The key's record as it stands now (outside any transaction), for the replay rule. */
export async function findRememberedResponse(db: Db, a: { tenantId: number; keyId: number; request: IdempotentRequest }): Promise<RememberedResponse | undefined> {
  return findRecord.first(db, { tenantId: a.tenantId, keyId: a.keyId, idempotencyKey: a.request.key });
}
