// The expiry the dashboard accepts: a date (YYYY-MM-DD: the key works through the end of
// that day in the given zone: the store's, else the server's TZ) or an ISO 8601 timestamp with Z or an offset. A
// timestamp without one is refused rather than read in some zone the caller did not say.
import { zonedInstant } from '../lib/time.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Epoch milliseconds, or null when the text is neither form. */
export function parseExpiry(text: string, timeZone: string): number | null {
  const date = DATE.exec(text);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!realDate(y, m, d)) return null;
    // The last millisecond before the next local midnight; a key is expired from expires_at on.
    return zonedInstant(Date.UTC(y, m - 1, d + 1), timeZone) - 1;
  }
  const stamp = TIMESTAMP.exec(text);
  if (!stamp) return null;
  const [y, m, d, hh, mm, ss] = [1, 2, 3, 4, 5, 6].map((i) => Number(stamp[i] ?? 0)) as [number, number, number, number, number, number];
  if (!realDate(y, m, d) || hh > 23 || mm > 59 || ss > 59) return null;
  if (stamp[7] !== undefined && (Number(stamp[7]) > 23 || Number(stamp[8]) > 59)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
