// PATCH on PostgreSQL, where every statement is a network round trip (issue 13). What the
// key's lookup read (or a read of its own, outside any transaction) decides; the write is one
// statement, its own transaction, durable when it answers: the key's lock first (a request of
// another process holding the key: request_in_progress, nothing written), then the
// conditional update with its history entry, its event and the remembered response
// (record-status-change.ts). What was read may be stale by then; the statement writes
// nothing unless it is still true:
// - the order no longer in the status read: update_conflict, as when the status changes
//   underneath a transaction; but first a record of the key committed meanwhile (a request
//   with the same key that ran in between) answers (replay or idempotency_key_reused);
// - a record of the key committed meanwhile: its primary key undoes the whole statement; the
//   record answers;
// - a record read as expired (SPEC: the key runs as new): deleted first, if still expired;
// - the hourly cap's slot without room while the hour has room in another, or the hour's
//   slots not created yet: the PATCH runs in a transaction as on SQLite (patch-order-status.ts),
//   which looks in every slot. A full hour is no such case: the statement saves the change
//   without an event (SPEC, over the cap), at the cost of a change with room.
import { sql } from 'kysely';
import type { AuthenticatedKey } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../lib/db/db.js';
import { prepareQuery } from '../../lib/db/prepared.js';
import { apiFailure, fail, ok, type ApiFailure, type Result } from '../../lib/http/failures.js';
import type { IdempotentRequest } from '../../idempotency/idempotency-key.js';
import { takeKeyLockPart } from '../../idempotency/key-lock.js';
import { deleteExpiredRecord, findRememberedResponse, insertRecordPart, isRecordTaken, recordValues, type RecordValues } from '../../idempotency/remember-response.js';
import { replayRule } from '../../idempotency/replay.js';
import { decidePatch, ranOutcome, replayAnswer, type PatchOutcome, type PatchRead, type ValidRequest } from './patch-decision.js';
import { readForPatch } from './read-for-patch.js';
import { recordStatusChangeAlone, type ChangeAloneOutcome } from '../core/record-status-change.js';

// changed: false with a key: the remembered response, written only while this statement holds
// the key (a plain insert: a record of the key committed meanwhile undoes it).
const rememberUnchanged = prepareQuery(
  (_db: Db, a: RecordValues & { lockName: string }) => sql<{ locked: boolean }>`
    with lock as (select ${takeKeyLockPart(a.lockName)} as held),
    holding as (select 1 as one from lock where held),
    remembered as (${insertRecordPart('holding', a)}
    )
    select (select held from lock) as locked`,
);

export async function patchOnPostgres(
  ctx: AppContext,
  input: { key: AuthenticatedKey; requestId: string; read?: PatchRead | undefined },
  request: ValidRequest,
  idempotency: IdempotentRequest | null,
  inTransaction: () => Promise<Result<PatchOutcome, ApiFailure>>,
): Promise<Result<PatchOutcome, ApiFailure>> {
  const { key } = input;
  const now = ctx.clock.now();
  const read = input.read ?? (await readForPatch(ctx.db, { key, idempotency, orderId: request.orderId }));
  const decision = decidePatch(read, { key, requestId: input.requestId, request, idempotency, now, timeZone: ctx.config.timeZone });
  if (decision.kind === 'answer') return decision.result;
  const answered = ok(ranOutcome(decision.body));

  if (!idempotency) {
    if (decision.kind === 'unchanged') return answered;
    const outcome = await recordStatusChangeAlone(ctx.db, decision.change, ctx.config, null);
    if (outcome === 'needs_transaction') return inTransaction();
    return outcome === 'written' ? answered : fail(apiFailure('update_conflict'));
  }

  if (decision.replacesExpired) await deleteExpiredRecord(ctx.db, { tenantId: key.tenantId, keyId: key.id, request: idempotency, now });
  const record = recordValues({ tenantId: key.tenantId, keyId: key.id, request: idempotency, body: answered.value.json, now });
  const outcome =
    decision.kind === 'change'
      ? await recordStatusChangeAlone(ctx.db, decision.change, ctx.config, { lockName: idempotency.lockName, record })
      : await rememberUnchangedResponse(ctx.db, record, idempotency);
  if (outcome === 'written') return answered;
  if (outcome === 'key_held') return fail(apiFailure('request_in_progress'));
  if (outcome === 'needs_transaction') return inTransaction();
  return answerFromRecord(ctx.db, key, idempotency, now);
}

/**
 * Nothing was written because what was read is stale: a request with the same key that
 * committed meanwhile answers through its record (SPEC's replay rule); without one, the
 * order's status changed during processing.
 */
async function answerFromRecord(db: Db, key: AuthenticatedKey, idempotency: IdempotentRequest, now: number): Promise<Result<PatchOutcome, ApiFailure>> {
  const remembered = await findRememberedResponse(db, { tenantId: key.tenantId, keyId: key.id, request: idempotency });
  return replayAnswer(replayRule(remembered, idempotency, now)) ?? fail(apiFailure('update_conflict'));
}

async function rememberUnchangedResponse(db: Db, record: RecordValues, idempotency: IdempotentRequest): Promise<ChangeAloneOutcome> {
  try {
    const row = await rememberUnchanged.first(db, { ...record, lockName: idempotency.lockName });
    return row?.locked ? 'written' : 'key_held';
  } catch (error) {
    if (isRecordTaken(error)) return 'record_taken';
    throw error;
  }
}
