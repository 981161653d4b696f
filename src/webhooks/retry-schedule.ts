// The Standard Webhooks retry schedule: the first attempt at once, then these delays after
// each failed attempt, then the delivery is marked failed (10 attempts over about 3 days).
// The webhook worker's schedule (jobs/retry-schedule.ts), with a receiver's Retry-After.
import { attemptsOf, nextRetryDelay as delayOf, type RetrySchedule } from '../jobs/retry-schedule.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];
export const WEBHOOK_RETRY: RetrySchedule = { delaysMs: RETRY_DELAYS_MS };
export const MAX_ATTEMPTS = attemptsOf(WEBHOOK_RETRY);
// A receiver may ask for a longer pause, but not park a delivery for longer than this.
export const RETRY_AFTER_MAX_MS = 24 * HOUR;

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from wallNow; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, wallNow: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Math.min(Number(text) * SECOND, RETRY_AFTER_MAX_MS);
  // An HTTP date names its day and month; Date.parse alone would take "-5" for a year.
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - wallNow, 0), RETRY_AFTER_MAX_MS);
}

/**
 * Delay before the next attempt after `attemptsMade` attempts have failed, or null when
 * the delivery has used all its attempts. A Retry-After longer than the schedule's delay wins.
 */
export function nextRetryDelay(attemptsMade: number, retryAfterMs: number | null): number | null {
  return delayOf(WEBHOOK_RETRY, attemptsMade, retryAfterMs);
}
