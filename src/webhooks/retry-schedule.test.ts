import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextRetryDelay, parseRetryAfter, RETRY_DELAYS_MS } from './retry-schedule.js';
import { SEND_TIMEOUT_MS } from './send-webhook.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;

describe('retry schedule', () => {
  it('is the Standard Webhooks schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * s, 5 * m, 30 * m, 2 * h, 5 * h, 10 * h, 14 * h, 20 * h, 24 * h]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect([1, 2, 3, 9].map((n) => nextRetryDelay(n, null))).toEqual([5 * s, 5 * m, 30 * m, 24 * h]);
    expect(nextRetryDelay(10, null)).toBeNull();
    expect(SEND_TIMEOUT_MS).toBe(10 * s);
  });

  it('a longer Retry-After wins, a shorter one does not bring the retry forward', () => {
    expect(nextRetryDelay(1, 120 * s)).toBe(120 * s);
    expect(nextRetryDelay(2, 120 * s)).toBe(5 * m);
    expect(nextRetryDelay(10, 120 * s)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, capped at 24 h', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('120', now)).toBe(120 * s);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 90 * s).toUTCString(), now)).toBe(90 * s);
    expect(parseRetryAfter(new Date(now - 90 * s).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('999999999', now)).toBe(24 * h);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
