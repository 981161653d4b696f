// Writes what one attempt did, and what happens next, in one transaction: the attempt row,
// the delivery's new state and, on 410 Gone, the endpoint switched off.
import type { Tx } from '../lib/db/db.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import { disableEndpoint } from './disable-endpoint.js';
import { nextRetryDelay } from './retry-schedule.js';
import type { SendOutcome } from './send-webhook.js';
import { PENDING } from '../lib/db/pending-delivery.js';

export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'endpoint_disabled';

export interface RecordedAttempt {
  outcome: AttemptOutcome;
  /** false when the lease was lost meanwhile (another dispatcher took over); the attempt is still logged. */
  applied: boolean;
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status <= 299;

export async function recordAttempt(
  tx: Tx,
  delivery: ClaimedDelivery,
  sent: SendOutcome,
  retryAfterMs: number | null,
  now: number,
): Promise<RecordedAttempt> {
  await tx
    .insertInto('webhook_attempts')
    .values({
      tenant_id: delivery.tenantId,
      delivery_id: delivery.id,
      attempted_at: now,
      status_code: sent.statusCode,
      latency_ms: sent.latencyMs,
      response_snippet: sent.snippet,
      error: sent.error,
    })
    .execute();

  const attempts = delivery.attempts + 1;
  let outcome: AttemptOutcome;
  let nextAttemptAt: number | null = null;
  if (isSuccess(sent.statusCode)) {
    outcome = 'delivered';
  } else if (sent.statusCode === 410) {
    outcome = 'endpoint_disabled';
  } else {
    const delay = nextRetryDelay(attempts, retryAfterMs);
    outcome = delay === null ? 'failed' : 'retry';
    if (delay !== null) nextAttemptAt = now + delay;
  }

  const updated = await tx
    .updateTable('webhook_deliveries')
    .set({
      status: outcome === 'delivered' ? 'delivered' : outcome === 'retry' ? 'pending' : 'failed',
      attempts,
      next_attempt_at: nextAttemptAt ?? now,
      locked_until: null,
      lease_token: null,
      last_status: sent.statusCode,
      last_error: sent.error,
      updated_at: now,
      delivered_at: outcome === 'delivered' ? now : null,
    })
    .where('tenant_id', '=', delivery.tenantId)
    .where('id', '=', delivery.id)
    .where('lease_token', '=', delivery.leaseToken)
    .where('status', '=', PENDING)
    .executeTakeFirst();

  // 410 Gone: the receiver says the endpoint no longer exists. Stop sending to it; what
  // was still queued for it is cancelled and can be replayed once it is enabled again.
  if (outcome === 'endpoint_disabled') await disableEndpoint(tx, delivery.tenantId, delivery.endpointId, 'gone', now);
  return { outcome, applied: updated.numUpdatedRows > 0n };
}
