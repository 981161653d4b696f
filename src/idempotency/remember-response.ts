// The response of a request with an Idempotency-Key, remembered in the transaction of the
// change it describes, so that a retry gets the same answer (SPEC: kept 30 days).
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { IDEMPOTENCY_RETENTION_MS, type IdempotentRequest } from './idempotency-key.js';

// A record that expired but was not purged yet is replaced; a live one never is.
const upsertRecord = prepareQuery(
  (db: Db, a: { tenantId: number; keyId: number; idempotencyKey: string; hash: string; body: string; now: number; expiresAt: number }) =>
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

/** Remembers the 200 response `body` (JSON) of `request`, made with API key `keyId`. */
export async function rememberResponse(
  tx: Tx,
  a: { tenantId: number; keyId: number; request: IdempotentRequest; body: string; now: number },
): Promise<void> {
  await upsertRecord.all(tx, {
    tenantId: a.tenantId,
    keyId: a.keyId,
    idempotencyKey: a.request.key,
    hash: a.request.hash,
    body: a.body,
    now: a.now,
    expiresAt: a.now + IDEMPOTENCY_RETENTION_MS,
  });
}
