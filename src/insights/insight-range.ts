// The days an insights request asks for (issue 45 §2): `from` and `to`, both required, days in the
// store's time zone, at most 366 of them, as the UTC hours they cover, and the periods of the
// totals that add up to them (whole UTC days inside, hours at the edges).
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { localDay, localDayStart } from '../lib/time.js';
import { HOUR_MS } from './figures.js';
import { INSIGHTS_TEXT } from './insights-text.js';

export const MAX_DAYS = 366;

export interface InsightRange {
  /** The first UTC hour of `from`'s local midnight, and the hour after `to`'s last (exclusive). */
  startHour: number;
  endHour: number;
  /** Each local day of the range, YYYY-MM-DD. */
  days: string[];
  timeZone: string;
}

/** A part of a range kept in one unit: hours (1) or UTC days (24), epoch hours [from, to). */
export interface Period {
  unit: 1 | 24;
  from: number;
  to: number;
}

export type RangeOutcome = { ok: true; range: InsightRange } | { ok: false; fields: Record<string, string> };

/**
 * A zone whose midnight is not on the hour (UTC+5:30) counts each day from the hour its
 * midnight falls in: the totals are kept per hour.
 */
export function readInsightRange(query: { from?: string; to?: string }, timeZone: string): RangeOutcome {
  const fields: Record<string, string> = {};
  const from = query.from === undefined ? null : localDayStart(query.from, timeZone, 0);
  const end = query.to === undefined ? null : localDayStart(query.to, timeZone, 1);
  if (query.from === undefined) fields.from = DASHBOARD_FIELD_TEXT.required;
  else if (from === null) fields.from = DASHBOARD_FIELD_TEXT.day;
  if (query.to === undefined) fields.to = DASHBOARD_FIELD_TEXT.required;
  else if (end === null) fields.to = DASHBOARD_FIELD_TEXT.day;
  if (from === null || end === null) return { ok: false, fields };
  if (from >= end) return { ok: false, fields: { from: DASHBOARD_FIELD_TEXT.dayRange } };
  const days: string[] = [];
  // Noon of each day: never on the edge of a day, whatever the zone's offset.
  for (let at = from + 12 * HOUR_MS; at < end && days.length <= MAX_DAYS; at += 24 * HOUR_MS) {
    const day = localDay(at, timeZone);
    if (days[days.length - 1] !== day) days.push(day);
  }
  if (days.length > MAX_DAYS) return { ok: false, fields: { to: INSIGHTS_TEXT.rangeTooLong(MAX_DAYS) } };
  return { ok: true, range: { startHour: Math.floor(from / HOUR_MS), endHour: Math.floor(end / HOUR_MS), days, timeZone } };
}

/** The periods that cover the range: its whole UTC days from the daily totals, the hours around them from the hourly ones. */
export function periodsOf(range: Pick<InsightRange, 'startHour' | 'endHour'>): Period[] {
  const { startHour, endHour } = range;
  const firstDay = Math.ceil(startHour / 24) * 24;
  const lastDay = Math.floor(endHour / 24) * 24;
  if (firstDay >= lastDay) return [{ unit: 1, from: startHour, to: endHour }];
  const periods: Period[] = [{ unit: 24, from: firstDay, to: lastDay }];
  if (startHour < firstDay) periods.push({ unit: 1, from: startHour, to: firstDay });
  if (lastDay < endHour) periods.push({ unit: 1, from: lastDay, to: endHour });
  return periods;
}

/**
 * The range's days as runs of equal length in UTC hours: day `first + (hour - from) / length`
 * (integer division) holds `hour`, for `from <= hour < to`. A day starts at the hour its local
 * midnight falls in; most zones make one run of 24-hour days, a change of offset starts another
 * (a 23- or 25-hour day is a run of its own).
 */
export interface DayRun {
  first: number;
  from: number;
  to: number;
  length: number;
}

export function dayRunsOf(range: InsightRange): DayRun[] {
  const starts = range.days.map((day) => Math.floor(localDayStart(day, range.timeZone, 0)! / HOUR_MS));
  starts.push(range.endHour);
  const runs: DayRun[] = [];
  for (let i = 0; i < range.days.length; i++) {
    const length = starts[i + 1]! - starts[i]!;
    const last = runs[runs.length - 1];
    if (last && last.length === length && last.to === starts[i]) last.to = starts[i + 1]!;
    else runs.push({ first: i, from: starts[i]!, to: starts[i + 1]!, length });
  }
  return runs;
}
