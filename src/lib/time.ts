// Responses show time as ISO 8601 with the server's UTC offset (TZ, default Asia/Jakarta).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's UTC offset in minutes at an instant, from the zone database (slow: ~7 us). */
export function exactOffsetMinutes(epochMs: number, timeZone: string): number {
  const seconds = Math.floor(epochMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(seconds))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((wall - seconds) / 60000);
}

/** The instant a local wall time (given as if it were UTC: Date.UTC(y, m - 1, d, ...)) has in the zone. */
export function zonedInstant(wallAsUtc: number, timeZone: string): number {
  // Twice: the offset at the first guess can differ from the one at the answer (DST).
  const first = wallAsUtc - exactOffsetMinutes(wallAsUtc, timeZone) * 60_000;
  return wallAsUtc - exactOffsetMinutes(first, timeZone) * 60_000;
}

const DAY_MS = 86_400_000;
const DAYS_CACHED_PER_ZONE = 10_000;
// Offsets per zone and UTC day (numeric keys: no string built per call). A day is cached
// only when its first and last second have the same offset, so a day holding a transition
// is always computed exactly; no zone changes its offset twice within one day.
const offsets = new Map<string, Map<number, number>>();

function offsetMinutes(epochMs: number, timeZone: string): number {
  const day = Math.floor(epochMs / DAY_MS);
  let days = offsets.get(timeZone);
  const cached = days?.get(day);
  if (cached !== undefined) return cached;
  const start = exactOffsetMinutes(day * DAY_MS, timeZone);
  if (start !== exactOffsetMinutes(day * DAY_MS + DAY_MS - 1000, timeZone)) return exactOffsetMinutes(epochMs, timeZone);
  if (!days) offsets.set(timeZone, (days = new Map()));
  if (days.size >= DAYS_CACHED_PER_ZONE) days.clear();
  days.set(day, start);
  return start;
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function formatTimestamp(epochMs: number, timeZone: string): string {
  const seconds = Math.floor(epochMs / 1000) * 1000;
  const offset = offsetMinutes(seconds, timeZone);
  // The wall clock's fields from the UTC getters: toISOString() formats through C++ (about
  // 7,500 instructions a call, twice in every PATCH; issue 13), these stay in JavaScript.
  const wall = new Date(seconds + offset * 60_000);
  const abs = Math.abs(offset);
  return (
    `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
    `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The instant the day holding `epochMs` began in the zone (its local midnight). */
export function startOfDay(epochMs: number, timeZone: string): number {
  const wall = new Date(epochMs + exactOffsetMinutes(epochMs, timeZone) * 60_000);
  return zonedInstant(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()), timeZone);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a YYYY-MM-DD day (plus `days`) in the zone; null for no such date. */
export function localDayStart(text: string, timeZone: string, days: number): number | null {
  const parts = DATE.exec(text);
  if (!parts) return null;
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1970 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return zonedInstant(Date.UTC(y, m - 1, d + days), timeZone);
}

/** The local day (YYYY-MM-DD) an instant falls on in the zone. */
export const localDay = (epochMs: number, timeZone: string): string => formatTimestamp(epochMs, timeZone).slice(0, 10);
