// When to send an operation again, from SPEC's codes (README "Retries"):
// - 429 on every operation (the request was refused before it ran), honouring Retry-After up
//   to maxRetryAfter; a longer wait is not slept: the RateLimitError is thrown at once;
// - 500 and 503, and connection failures and timeouts, only on operations that are safe to
//   repeat (reads, the lookup, and the PATCH, which always carries its Idempotency-Key);
//   never on duplicate, which has no idempotency: a timeout or a reset may have created the
//   product. Duplicate is retried after a connection failure only when the request cannot
//   have left (connection refused, DNS);
// - 409 request_in_progress (after Retry-After, else SPEC's "about 5 seconds") and
//   update_conflict;
// - never 401, 403, 422 or any other answer.

export type AttemptOutcome =
  | { kind: 'response'; status: number; code: string | null; retryAfter: number | null; resetSeconds: number | null }
  | { kind: 'connection'; beforeSending: boolean }
  | { kind: 'timeout' };

export interface RetryPolicy {
  maxRetries: number;
  /** Seconds: a longer Retry-After is not waited for. */
  maxRetryAfter: number;
  random: () => number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

const BASE_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const IN_PROGRESS_WAIT_SECONDS = 5;

/** Full jitter: anywhere between 0 and the exponential ceiling of this retry. */
export function backoffMs(retryIndex: number, random: () => number): number {
  return Math.floor(random() * Math.min(MAX_BACKOFF_MS, BASE_MS * 2 ** retryIndex));
}

/**
 * `retriesDone` retries have been made already; `safeToRepeat` is false for operations whose
 * repetition could repeat an effect.
 */
export function decideRetry(outcome: AttemptOutcome, retriesDone: number, safeToRepeat: boolean, policy: RetryPolicy): RetryDecision {
  if (retriesDone >= policy.maxRetries) return { retry: false };
  const backoff = { retry: true, waitMs: backoffMs(retriesDone, policy.random) } as const;
  const after = (seconds: number): RetryDecision =>
    seconds > policy.maxRetryAfter ? { retry: false } : { retry: true, waitMs: seconds * 1000 };
  switch (outcome.kind) {
    case 'connection':
      return safeToRepeat || outcome.beforeSending ? backoff : { retry: false };
    case 'timeout':
      return safeToRepeat ? backoff : { retry: false };
    case 'response':
      if (outcome.status === 429) return after(outcome.retryAfter ?? outcome.resetSeconds ?? 1);
      if (!safeToRepeat) return { retry: false };
      if (outcome.status === 500) return backoff;
      if (outcome.status === 503) return outcome.retryAfter === null ? backoff : after(outcome.retryAfter);
      if (outcome.status === 409 && outcome.code === 'request_in_progress') return after(outcome.retryAfter ?? IN_PROGRESS_WAIT_SECONDS);
      if (outcome.status === 409 && outcome.code === 'update_conflict') return backoff;
      return { retry: false };
  }
}

/** Connection failures that happen before a byte is sent (safe to retry even for duplicate). */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EHOSTUNREACH']);

/** The system error code behind a failed fetch (undici nests it in `cause`). */
export function systemCodeOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) return systemCodeOf(errors[0]);
  }
  return null;
}

export const failedBeforeSending = (error: unknown): boolean => BEFORE_SENDING.has(systemCodeOf(error) ?? '');
