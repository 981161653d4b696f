// SPEC's replay rule: a remembered response that is still live answers a retry with the same
// content; the same key with other content is refused. An expired or missing record lets the
// request run.
import type { IdempotentRequest } from './idempotency-key.js';

/** The columns of an idempotency record that the rule reads; all null when there is none. */
export interface RememberedResponse {
  request_hash: string | null;
  response_body: string | null;
  expires_at: number | null;
}

export type Replay = { kind: 'run' } | { kind: 'reused' } | { kind: 'replay'; body: string };

export function replayRule(remembered: RememberedResponse | undefined, request: IdempotentRequest, now: number): Replay {
  if (remembered?.request_hash == null || remembered.response_body === null || remembered.expires_at === null || remembered.expires_at <= now) {
    return { kind: 'run' };
  }
  if (remembered.request_hash !== request.hash) return { kind: 'reused' };
  return { kind: 'replay', body: remembered.response_body };
}
