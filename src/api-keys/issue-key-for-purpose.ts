import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, type Outcome } from '../lib/outcome.js';
import { issueKey, type IssuedKey, type IssueKeyCode } from './issue-key.js';
import { parseExpiry } from './parse-expiry.js';
import { isKeyPurpose, KEY_PURPOSE_NAMES, KEY_PURPOSES } from './purposes.js';

export interface PurposeKeyInput {
  name: string;
  purpose: string;
  /** A date (YYYY-MM-DD) or an ISO 8601 timestamp; mandatory in this flow (SPEC). */
  expiresAt: string | null | undefined;
}

export type IssueKeyForPurposeCode = IssueKeyCode | 'invalid_purpose' | 'expires_at_required' | 'invalid_expires_at' | 'expires_at_past';

/** SPEC "Key issuance": a connector name, a purpose and a mandatory expiry; the key shown once. */
export async function issueKeyForPurpose(
  db: Db,
  clock: Clock,
  tenantId: number,
  input: PurposeKeyInput,
  timeZone: string,
): Promise<Outcome<IssuedKey & { purpose: string }, IssueKeyForPurposeCode>> {
  if (!isKeyPurpose(input.purpose)) return refuse('invalid_purpose', `purpose must be one of ${KEY_PURPOSE_NAMES.join(', ')}`);
  if (input.expiresAt === null || input.expiresAt === undefined || input.expiresAt.trim() === '') {
    return refuse('expires_at_required', 'expires_at is required');
  }
  const expiresAt = parseExpiry(input.expiresAt.trim(), timeZone);
  if (expiresAt === null) return refuse('invalid_expires_at', 'expires_at must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with an offset');
  if (expiresAt <= clock.now()) return refuse('expires_at_past', 'expires_at is in the past');
  const issued = await issueKey(db, clock, tenantId, { name: input.name, scopes: [...KEY_PURPOSES[input.purpose]], expiresAt, purpose: input.purpose });
  return issued.ok ? { ok: true, value: { ...issued.value, purpose: input.purpose } } : issued;
}
