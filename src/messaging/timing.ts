// When an automated message falls due and when it may go (issue 41 §1; docs/messaging.md): the
// steps' timing, the buyer's zone from the order's province (WIB, WITA, WIT: Indonesia keeps no
// daylight saving, so each is a fixed offset), and quiet hours [start, end) in that zone. Pure
// functions of epoch milliseconds: the planner and the sender call them, the tests call them
// directly.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The buyer's zone (WIB, WITA, WIT) by province: shipping/province-zones.ts, where the order's
// message input (orders/core) reads it too.
export { ZONES, zoneOfProvince, buyerOffsetMinutes, type ZoneName } from '../shipping/province-zones.js';

/** Minutes since local midnight of 'HH:MM'. */
export function minutesOfClock(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return h! * 60 + m!;
}

const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const isClockText = (text: string): boolean => CLOCK.test(text);

/** The first moment at or after `at` whose local time (at `offset` minutes) is `minutes` past midnight. */
export function nextLocalTime(at: number, offset: number, minutes: number): number {
  const local = at + offset * MINUTE;
  const midnight = Math.floor(local / DAY) * DAY;
  let candidate = midnight + minutes * MINUTE;
  if (candidate < local) candidate += DAY;
  return candidate - offset * MINUTE;
}

export interface QuietHours {
  start: string;
  end: string;
}

/** Whether `at` falls in quiet hours [start, end) at `offset`; a window may pass midnight (20:00-08:00). */
export function inQuietHours(at: number, offset: number, quiet: QuietHours): boolean {
  const local = (((at + offset * MINUTE) % DAY) + DAY) % DAY / MINUTE;
  const start = minutesOfClock(quiet.start);
  const end = minutesOfClock(quiet.end);
  if (start === end) return false;
  return start < end ? local >= start && local < end : local >= start || local < end;
}

/** The first moment at or after `at` outside quiet hours (at `at` itself when it is outside). */
export function afterQuietHours(at: number, offset: number, quiet: QuietHours | null): number {
  if (!quiet || !inQuietHours(at, offset, quiet)) return at;
  return nextLocalTime(at, offset, minutesOfClock(quiet.end));
}

/** The follow-ups' default timing; fu3 has none of its own (09:00 after fu2, below). */
export const DEFAULT_DELAYS = { fu1: 60, fu2: 20 * 60, fu4: 72 * 60 } as const;

export const FU3_LOCAL_MINUTES = 9 * 60;
/** fu3 goes on the first morning at least this long after fu2's configured time. */
export const FU3_AFTER_FU2 = 12 * HOUR;

export interface FollowUpTiming {
  fu1Minutes: number;
  fu2Minutes: number;
  fu4Minutes: number;
}

/**
 * When each follow-up of an order created at `createdAt` falls due: fu1 and fu2 after creation;
 * fu3 at 09:00 in the buyer's zone on the first morning at least 12 hours after fu2's configured
 * time (whether fu2 is on or not); fu4 after creation, and never before fu3.
 */
export function followUpDueTimes(createdAt: number, offset: number, timing: FollowUpTiming): { fu1: number; fu2: number; fu3: number; fu4: number } {
  const fu1 = createdAt + timing.fu1Minutes * MINUTE;
  const fu2 = createdAt + timing.fu2Minutes * MINUTE;
  const fu3 = nextLocalTime(fu2 + FU3_AFTER_FU2, offset, FU3_LOCAL_MINUTES);
  const fu4 = Math.max(createdAt + timing.fu4Minutes * MINUTE, fu3 + MINUTE);
  return { fu1, fu2, fu3, fu4 };
}

/** A status notice goes this long after the move (a move undone at once sends nothing). */
export const NOTICE_DELAY_MS = 2 * MINUTE;
/** A message not sent within this long of the first moment it was allowed to go expires. */
export const EXPIRY_MS = 6 * HOUR;
/** At least this long between two messages to one phone. */
export const PHONE_SPACING_MS = 10_000;
/** Fonnte (issue 42 §3; reference/whatsapp.md §5): at least this long between two of a store's messages, plus a jitter of up to FONNTE_JITTER_MS. */
export const FONNTE_SPACING_MS = 10_000;
export const FONNTE_JITTER_MS = 5_000;

/**
 * The gap after a store's Fonnte message: 10 seconds and a jitter drawn from the message's id, so
 * that every sender process agrees on it without storing it (a multiplicative hash: ids in a row
 * get unrelated jitters).
 */
export const fonnteGapAfter = (messageId: number): number => FONNTE_SPACING_MS + Math.floor(((Math.imul(messageId, 2654435761) >>> 0) / 2 ** 32) * (FONNTE_JITTER_MS + 1));
