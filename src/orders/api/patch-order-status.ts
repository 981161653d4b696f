// PATCH /api/order_status.php: validation, then what was read decides (patch-decision.ts)
// and one of two ways writes it. SQLite (and PostgreSQL's rare cases): in one transaction,
// the key's lock, the read of the remembered response and the order, the change with its
// event and history entry, and the new remembered response. PostgreSQL: what was read with
// the key's row, and the change in one statement (patch-on-postgres.ts). The key's lock, the
// replay rule and the remembered response are idempotency/'s.
import type { AuthenticatedKey } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../lib/db/db.js';
import { apiFailure, fail, ok, type ApiFailure, type Result } from '../../lib/http/failures.js';
import { parsePositiveId } from '../../lib/http/request.js';
import { idempotentRequest, isValidIdempotencyKey, type IdempotentRequest } from '../../idempotency/idempotency-key.js';
import { lockKeyAcrossProcesses, whileHoldingKey } from '../../idempotency/key-lock.js';
import { rememberResponse } from '../../idempotency/remember-response.js';
import { decidePatch, ranOutcome, type PatchOutcome, type PatchRead, type ValidRequest } from './patch-decision.js';
import { patchOnPostgres } from './patch-on-postgres.js';
import { readForPatch } from './read-for-patch.js';
import { recordStatusChange } from '../core/record-status-change.js';
import { isApiWritable, type ApiWritableStatus } from '../core/statuses.js';

export type { PatchOutcome, StatusUpdateResult } from './patch-decision.js';

export const EXTERNAL_REFERENCE_MAX = 120;

export function validatePatchBody(body: Record<string, unknown> | null): Result<ValidRequest, ApiFailure> {
  if (!body) return fail(apiFailure('invalid_json'));
  const orderId = parsePositiveId(body.id);
  const { status, expected_previous_status: expected, external_reference: reference } = body;
  if (orderId === null || typeof status !== 'string' || status.trim() === '') return fail(apiFailure('invalid_request'));
  if (!isApiWritable(status)) return fail(apiFailure('status_not_allowed'));
  if (expected !== undefined && expected !== null && !isApiWritable(expected)) {
    return fail(apiFailure('expected_status_not_allowed'));
  }
  if (reference !== undefined && reference !== null && typeof reference !== 'string') {
    return fail(apiFailure('invalid_request'));
  }
  if (typeof reference === 'string' && [...reference].length > EXTERNAL_REFERENCE_MAX) {
    return fail(apiFailure('external_reference_too_long'));
  }
  return ok({
    orderId,
    status,
    expected: (expected as ApiWritableStatus | null | undefined) ?? null,
    externalReference: (reference as string | null | undefined) ?? null,
  });
}

export interface PatchInput {
  key: AuthenticatedKey;
  body: Record<string, unknown> | null;
  idempotencyKey: string | undefined;
  requestId: string;
  /** PostgreSQL: what the key's lookup read with the key's row (read-for-patch.ts); undefined when it did not run. */
  read?: PatchRead | undefined;
}

export async function patchOrderStatus(ctx: AppContext, input: PatchInput): Promise<Result<PatchOutcome, ApiFailure>> {
  const valid = validatePatchBody(input.body);
  if (!valid.ok) return valid;
  let idempotency: IdempotentRequest | null = null;
  if (input.idempotencyKey !== undefined) {
    if (!isValidIdempotencyKey(input.idempotencyKey)) return fail(apiFailure('idempotency_key_invalid'));
    idempotency = idempotentRequest(input.key.tenantId, input.key.id, input.idempotencyKey, input.body);
  }
  // Repeatable: the unit reads and writes only through tx (write-transaction.ts).
  const inTransaction = () => ctx.writeTransaction((tx) => applyInTransaction(ctx, tx, input, valid.value, idempotency), { repeatable: true });
  return whileHoldingKey(
    ctx.inFlight,
    idempotency,
    () => fail(apiFailure('request_in_progress')),
    () => (ctx.dialect === 'postgres' ? patchOnPostgres(ctx, input, valid.value, idempotency, inTransaction) : inTransaction()),
  );
}

async function applyInTransaction(
  ctx: AppContext,
  tx: Tx,
  input: { key: AuthenticatedKey; requestId: string },
  request: ValidRequest,
  idempotency: IdempotentRequest | null,
): Promise<Result<PatchOutcome, ApiFailure>> {
  const { tenantId } = input.key;
  const now = ctx.clock.now();

  // Another process holds this key inside its own transaction: it is still running.
  if (idempotency && !(await lockKeyAcrossProcesses(tx, ctx.dialect, idempotency))) return fail(apiFailure('request_in_progress'));
  const read = await readForPatch(tx, { key: input.key, idempotency, orderId: request.orderId });
  const decision = decidePatch(read, { key: input.key, requestId: input.requestId, request, idempotency, now, timeZone: ctx.config.timeZone });
  if (decision.kind === 'answer') return decision.result;
  if (decision.kind === 'change' && !(await recordStatusChange(tx, decision.change, ctx.config))) return fail(apiFailure('update_conflict'));
  const outcome = ranOutcome(decision.body);
  if (idempotency) await rememberResponse(tx, { tenantId, keyId: input.key.id, request: idempotency, body: outcome.json, now });
  return ok(outcome);
}
