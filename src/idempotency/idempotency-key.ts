import { hash } from 'node:crypto';

export const KEY_SHAPE = /^[A-Za-z0-9._:-]{8,120}$/;

export const isValidIdempotencyKey = (value: string): boolean => KEY_SHAPE.test(value);

/** Retention of remembered responses (SPEC: 30 days). */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 3_600_000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The identity of a request's content: key order does not matter. */
export function contentHash(body: unknown): string {
  return hash('sha256', JSON.stringify(canonical(body)), 'hex');
}

/** A request that carries a valid Idempotency-Key: the key, its content's identity, the name its lock is held under. */
export interface IdempotentRequest {
  key: string;
  hash: string;
  lockName: string;
}

/** The name under which a running request holds its Idempotency-Key (per store and API key). */
export const idempotencyLockName = (tenantId: number, keyId: number, key: string) => `idem:${tenantId}:${keyId}:${key}`;

export const idempotentRequest = (tenantId: number, keyId: number, key: string, body: unknown): IdempotentRequest => ({
  key,
  hash: contentHash(body),
  lockName: idempotencyLockName(tenantId, keyId, key),
});
