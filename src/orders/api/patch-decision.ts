// What a PATCH /api/order_status.php does, decided from what was read (the remembered
// response of its Idempotency-Key and the order), without writing anything: SPEC's
// idempotency rules and its "States and transitions" for an API caller. Both ways of writing
// (a transaction, patch-order-status.ts; one statement on PostgreSQL, patch-on-postgres.ts)
// act on this one decision.
import type { AuthenticatedKey } from '../../auth/authenticate.js';
import { apiFailure, fail, ok, type ApiFailure, type Result } from '../../lib/http/failures.js';
import { formatTimestamp } from '../../lib/time.js';
import type { IdempotentRequest } from '../../idempotency/idempotency-key.js';
import { replayRule, type RememberedResponse, type Replay } from '../../idempotency/replay.js';
import { CLOSING_COLUMNS, missingClosingFields } from './closing-requirements.js';
import type { OrderRow } from '../core/order-record.js';
import type { StatusChange } from '../core/record-status-change.js';
import { isTerminalForApi, type ApiWritableStatus } from '../core/statuses.js';

export interface StatusUpdateResult {
  order_id: number;
  previous_status: string;
  status: string;
  updated_at: string | null;
  request_id: string;
  changed: boolean;
}

export interface PatchOutcome {
  /** The answer's JSON text (a StatusUpdateResult): stringified once, sent and remembered as is. */
  json: string;
  replayed: boolean;
}

/** The outcome of a request that ran (not a replay), answering `body`. */
export const ranOutcome = (body: StatusUpdateResult): PatchOutcome => ({ json: JSON.stringify(body), replayed: false });

export interface ValidRequest {
  orderId: number;
  status: ApiWritableStatus;
  expected: ApiWritableStatus | null;
  externalReference: string | null;
}

/** The order's columns that the decision reads, beside its store's integration. */
export const PATCH_ORDER_COLUMNS = ['id', 'tenant_id', 'status', ...CLOSING_COLUMNS] as const;

type OrderForChange = Pick<OrderRow, (typeof PATCH_ORDER_COLUMNS)[number]> & { shipping_integration: string | null };

/**
 * What a PATCH reads: the key's remembered response (columns null without one, or without a
 * key) and the order (columns null when the store has no such order).
 */
export type PatchRead = RememberedResponse & { [C in keyof OrderForChange]: OrderForChange[C] | null };

export type PatchDecision =
  /** Answered from what was read: a replay, or a rejection (never remembered). */
  | { kind: 'answer'; result: Result<PatchOutcome, ApiFailure> }
  /** changed: false; remembered with a key. */
  | { kind: 'unchanged'; body: StatusUpdateResult; replacesExpired: boolean }
  /** The change to make; `body` is the answer once it is made (and remembered, with a key). */
  | { kind: 'change'; body: StatusUpdateResult; change: StatusChange; replacesExpired: boolean };

const answer = (result: Result<PatchOutcome, ApiFailure>): PatchDecision => ({ kind: 'answer', result });

/** The answer of a remembered response (SPEC rules 2 and 3), or null when the request runs. */
export function replayAnswer(replay: Replay): Result<PatchOutcome, ApiFailure> | null {
  if (replay.kind === 'reused') return fail(apiFailure('idempotency_key_reused'));
  if (replay.kind === 'replay') return ok({ json: replay.body, replayed: true });
  return null;
}

export function decidePatch(
  read: PatchRead | undefined,
  a: {
    key: AuthenticatedKey;
    requestId: string;
    request: ValidRequest;
    idempotency: IdempotentRequest | null;
    now: number;
    timeZone: string;
  },
): PatchDecision {
  const { request, now } = a;
  if (a.idempotency) {
    const replayed = replayAnswer(replayRule(read, a.idempotency, now));
    if (replayed) return answer(replayed);
  }
  // A record that is there but expired (SPEC: the key runs as new) is replaced by this request's.
  const replacesExpired = a.idempotency !== null && read?.expires_at != null;
  if (read?.id == null) return answer(fail(apiFailure('order_not_found')));
  const order = read as OrderForChange;

  const previous = order.status;
  if (isTerminalForApi(previous)) return answer(fail(apiFailure('order_terminal')));
  if (request.expected !== null && request.expected !== previous) return answer(fail(apiFailure('status_conflict')));
  const result = (changed: boolean): StatusUpdateResult => ({
    order_id: order.id,
    previous_status: previous,
    status: request.status,
    updated_at: changed ? formatTimestamp(now, a.timeZone) : null,
    request_id: a.requestId,
    changed,
  });
  if (previous === request.status) return { kind: 'unchanged', body: result(false), replacesExpired };

  if (request.status === 'closing' && order.shipping_integration) {
    const missing = missingClosingFields(order);
    if (missing.length > 0) return answer(fail(apiFailure('closing_incomplete', { missing_fields: missing })));
  }
  return {
    kind: 'change',
    body: result(true),
    change: {
      tenantId: order.tenant_id,
      orderId: order.id,
      from: previous,
      to: request.status,
      now,
      source: 'api',
      actor: a.key.name,
      integration: { name: a.key.name, externalReference: request.externalReference },
    },
    replacesExpired,
  };
}
