// PATCH /api/order_status.php: validation, idempotency and the state table of SPEC.
// With an Idempotency-Key, the lookup of the remembered response, the change, its event,
// its history entry and the new remembered response are one transaction. The key's lock,
// the replay rule and the remembered response are idempotency/'s.
import { sql } from 'kysely';
import type { AuthenticatedKey } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { apiFailure, fail, ok, type ApiFailure, type Result } from '../lib/http/failures.js';
import { parsePositiveId } from '../lib/http/request.js';
import { formatTimestamp } from '../lib/time.js';
import { idempotentRequest, isValidIdempotencyKey, type IdempotentRequest } from '../idempotency/idempotency-key.js';
import { lockKeyAcrossProcesses, whileHoldingKey } from '../idempotency/key-lock.js';
import { rememberResponse } from '../idempotency/remember-response.js';
import { replayRule } from '../idempotency/replay.js';
import { CLOSING_COLUMNS, missingClosingFields } from './closing-requirements.js';
import type { OrderRow } from './order-record.js';
import { recordStatusChange } from './record-status-change.js';
import { isApiWritable, isTerminalForApi, type ApiWritableStatus } from './statuses.js';

export const EXTERNAL_REFERENCE_MAX = 120;

export interface StatusUpdateResult {
  order_id: number;
  previous_status: string;
  status: string;
  updated_at: string | null;
  request_id: string;
  changed: boolean;
}

export interface PatchOutcome {
  body: StatusUpdateResult;
  replayed: boolean;
}

interface ValidRequest {
  orderId: number;
  status: ApiWritableStatus;
  expected: ApiWritableStatus | null;
  externalReference: string | null;
}

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

// Once the Idempotency-Key is held (or without one): the remembered response and the order,
// in one statement. Always one row; the left joins leave the columns of whatever is missing
// null (with no key, the record's: a comparison with null matches nothing). It reads
// idempotency/'s table from here because one statement is one round trip on the hot path
// (on PostgreSQL, a network round trip) where a read in each folder would be two.
const findRememberedAndOrder = prepareQuery(
  (db: Db, a: { tenantId: number; keyId: number; idempotencyKey: string | null; orderId: number }) =>
    db
      .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
      .leftJoin('idempotency_records as r', (join) =>
        join.on('r.tenant_id', '=', a.tenantId).on('r.api_key_id', '=', a.keyId).on('r.idempotency_key', '=', a.idempotencyKey),
      )
      .leftJoin('orders as o', (join) => join.on('o.tenant_id', '=', a.tenantId).on('o.id', '=', a.orderId))
      .leftJoin('tenants as t', 't.id', 'o.tenant_id')
      .select(['r.request_hash', 'r.response_body', 'r.expires_at', 'o.id', 'o.tenant_id', 'o.status', 't.shipping_integration'])
      .select(CLOSING_COLUMNS.map((c) => `o.${c}` as const)),
);

/** The order as decide() needs it. */
type OrderForChange = Pick<OrderRow, 'id' | 'tenant_id' | 'status' | (typeof CLOSING_COLUMNS)[number]> & {
  shipping_integration: string | null;
};

export async function patchOrderStatus(
  ctx: AppContext,
  input: { key: AuthenticatedKey; body: Record<string, unknown> | null; idempotencyKey: string | undefined; requestId: string },
): Promise<Result<PatchOutcome, ApiFailure>> {
  const valid = validatePatchBody(input.body);
  if (!valid.ok) return valid;
  let idempotency: IdempotentRequest | null = null;
  if (input.idempotencyKey !== undefined) {
    if (!isValidIdempotencyKey(input.idempotencyKey)) return fail(apiFailure('idempotency_key_invalid'));
    idempotency = idempotentRequest(input.key.tenantId, input.key.id, input.idempotencyKey, input.body);
  }
  return whileHoldingKey(
    ctx.inFlight,
    idempotency,
    () => fail(apiFailure('request_in_progress')),
    () => ctx.writeTransaction((tx) => applyInTransaction(ctx, tx, input, valid.value, idempotency)),
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
  const found = await findRememberedAndOrder.first(tx, {
    tenantId,
    keyId: input.key.id,
    idempotencyKey: idempotency?.key ?? null,
    orderId: request.orderId,
  });
  if (idempotency) {
    const replay = replayRule(found, idempotency, now);
    if (replay.kind === 'reused') return fail(apiFailure('idempotency_key_reused'));
    if (replay.kind === 'replay') return ok({ body: JSON.parse(replay.body) as StatusUpdateResult, replayed: true });
  }
  const order = found?.id != null ? (found as OrderForChange) : undefined;
  if (!order) return fail(apiFailure('order_not_found'));

  const decided = await decide(ctx, tx, input, request, order, now);
  if (!decided.ok) return decided;

  if (idempotency) await rememberResponse(tx, { tenantId, keyId: input.key.id, request: idempotency, body: JSON.stringify(decided.value), now });
  return ok({ body: decided.value, replayed: false });
}

/** SPEC "States and transitions" for an API caller. */
async function decide(
  ctx: AppContext,
  tx: Tx,
  input: { key: AuthenticatedKey; requestId: string },
  request: ValidRequest,
  order: OrderForChange,
  now: number,
): Promise<Result<StatusUpdateResult, ApiFailure>> {
  const previous = order.status;
  if (isTerminalForApi(previous)) return fail(apiFailure('order_terminal'));
  if (request.expected !== null && request.expected !== previous) return fail(apiFailure('status_conflict'));
  const result = (changed: boolean): StatusUpdateResult => ({
    order_id: order.id,
    previous_status: previous,
    status: request.status,
    updated_at: changed ? formatTimestamp(now, ctx.config.timeZone) : null,
    request_id: input.requestId,
    changed,
  });
  if (previous === request.status) return ok(result(false));

  if (request.status === 'closing' && order.shipping_integration) {
    const missing = missingClosingFields(order);
    if (missing.length > 0) return fail(apiFailure('closing_incomplete', { missing_fields: missing }));
  }

  const changed = await recordStatusChange(
    tx,
    {
      tenantId: order.tenant_id,
      orderId: order.id,
      from: previous,
      to: request.status,
      now,
      source: 'api',
      actor: input.key.name,
      integration: { name: input.key.name, externalReference: request.externalReference },
    },
    ctx.config,
  );
  if (!changed) return fail(apiFailure('update_conflict'));
  return ok(result(true));
}
