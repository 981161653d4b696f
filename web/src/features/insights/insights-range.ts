// The days a view of the insights page covers, and the period it is compared with: the same
// number of days just before it. Days are YYYY-MM-DD in the store's time zone; "today" is the
// store's (lib/format.ts), so a preset ends on the day the seller's own calendar shows.
import { isoDateFromToday } from '../../lib/format';
import { DEFAULT_PRESET, type InsightsSearch } from './insights-search';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toTime = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** `day` plus `n` days (calendar days, whatever the zone). */
export const addDays = (day: string, n: number): string => toDay(toTime(day) + n * DAY_MS);

/** How many days a range holds, both ends included. */
export const daysIn = (range: DayRange): number => Math.round((toTime(range.to) - toTime(range.from)) / DAY_MS) + 1;

/** The days a view covers: its own days, or its preset's (the default: the last 30 days). */
export function rangeOf(search: InsightsSearch, today = isoDateFromToday(0)): DayRange {
  if (search.from && search.to) return { from: search.from, to: search.to };
  const preset = search.range ?? DEFAULT_PRESET;
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  if (preset === 'last_month') {
    const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
    return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
  }
  return { from: addDays(today, 1 - Number(preset)), to: today };
}

/** The period before: as many days, ending the day before the range begins. */
export function previousOf(range: DayRange): DayRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, 1 - daysIn(range)), to };
}
