// The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11): `RateLimit-Policy`
// lists every SPEC window of an endpoint, `RateLimit` the windows this request consumed, in
// the order consumed, with the limiter's own remaining count and seconds to reset. The lookup's
// database brake is not a window here: it is not advertised. No partition key (`pk`) is sent.
// Beside them, `Retry-After`, written by every refusal that asks the caller to wait (429, 503).
import type { FastifyReply } from 'fastify';
import { WINDOWS, scaledPoints, type LimitResult, type WindowName } from '../limits.js';

/** The public name of each advertised window, as it appears in both fields. */
export const WINDOW_NAMES = {
  productsPerIp: 'ip',
  orderStatusPerKey: 'key-minute',
  lookupPerIp: 'ip',
  lookupPerKeyMinute: 'key-minute',
  lookupPerKeyHour: 'key-hour',
  lookupPerKeyDay: 'key-day',
  lookupPerKeyAndIp: 'key-ip',
} as const satisfies Partial<Record<WindowName, string>>;

export type AdvertisedWindow = keyof typeof WINDOW_NAMES;

export const POLICY_HEADER = 'RateLimit-Policy';
export const STATE_HEADER = 'RateLimit';
export const RETRY_AFTER_HEADER = 'Retry-After';

/**
 * `Retry-After` as delay-seconds (RFC 9110): an integer, and at least 1, since 0 or a fraction
 * would send a client straight back.
 */
export function setRetryAfter(reply: FastifyReply, seconds: number): void {
  reply.header(RETRY_AFTER_HEADER, String(Math.max(1, Math.ceil(seconds))));
}

/** The endpoint's `RateLimit-Policy` value; built once at start (the quotas after RATE_LIMIT_SCALE). */
export function rateLimitPolicy(windows: readonly AdvertisedWindow[], scale: number): string {
  return windows
    .map((window) => {
      const rule = WINDOWS[window];
      return `"${WINDOW_NAMES[window]}";q=${scaledPoints(rule.points, scale)};w=${rule.durationSec}`;
    })
    .join(', ');
}

/** Appends the consumed window to `RateLimit`; a refusing window shows r=0. */
export function noteWindow(reply: FastifyReply, window: WindowName, result: LimitResult): void {
  const name: string | undefined = (WINDOW_NAMES as Partial<Record<WindowName, string>>)[window];
  if (name === undefined) return;
  const item = `"${name}";r=${result.ok ? result.remaining : 0};t=${result.resetSec}`;
  const before = reply.getHeader(STATE_HEADER);
  reply.header(STATE_HEADER, typeof before === 'string' ? `${before}, ${item}` : item);
}
