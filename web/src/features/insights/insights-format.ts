// How the insights page writes its numbers (id-ID): rates as percentages, minutes as a person
// says them ("12 mnt", "3,5 jam", "2 hari"), days short, and a figure's change against the
// period before (a percentage for a count, points for a rate).
import { T } from '../../text/id';
import type { InsightFigure } from '../../text/insights';
import type { DayRange } from './insights-range';

const percent = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const mediumDay = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** A fraction as a percentage ("35,2%"); null (no denominator) as a dash. */
export const formatRate = (rate: number | null | undefined): string => (rate === null || rate === undefined ? T.none : percent.format(rate));

/** Minutes as a person says them: under an hour in minutes, under a day in hours, else days. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return T.none;
  if (minutes < 60) return T.insights.minutes(String(Math.round(minutes)));
  if (minutes < 24 * 60) return T.insights.hours(oneDecimal.format(minutes / 60));
  return T.insights.days(oneDecimal.format(minutes / (24 * 60)));
}

/** A day of a range, short ("7 Des"). */
export const formatShortDay = (day: string): string => shortDay.format(at(day));

/** A range as "1 Nov 2026 – 30 Nov 2026". */
export const formatRange = (range: DayRange): string => T.insights.rangeText(mediumDay.format(at(range.from)), mediumDay.format(at(range.to)));

/** Figures for which more is worse (the arrow's colour only; the arrow and the words say the direction). */
const WORSE_UP = new Set<InsightFigure>(['cancelled', 'returned', 'invalid', 'return_rate']);
const RATES = new Set<InsightFigure>(['conversion', 'closing_rate', 'paid_rate', 'return_rate']);

export interface Change {
  arrow: '▲' | '▼' | '=' | '';
  /** "12%", "3,4 poin", "baru". */
  amount: string;
  /** The whole change in words, for a screen reader. */
  label: string;
  tone: 'good' | 'bad' | 'flat';
}

/** The change of a figure against the period before; null when there is nothing to compare (a rate without a denominator). */
export function changeOf(figure: InsightFigure, now: number | null, before: number | null): Change | null {
  if (now === null || before === null) return null;
  let delta: number;
  let amount: string;
  if (RATES.has(figure)) {
    delta = now - before;
    amount = T.insights.points(oneDecimal.format(Math.abs(delta) * 100));
  } else if (before === 0) {
    if (now === 0) return { arrow: '=', amount: percent.format(0), label: T.insights.changeLabel(T.insights.same, percent.format(0)), tone: 'flat' };
    return { arrow: '▲', amount: T.insights.noPrevious, label: T.insights.changeLabel(T.insights.up, T.insights.noPrevious), tone: WORSE_UP.has(figure) ? 'bad' : 'good' };
  } else {
    delta = (now - before) / before;
    amount = percent.format(Math.abs(delta));
  }
  // Less than what the text shows (0,0 poin, 0%): no change.
  if (amount === percent.format(0) || amount === T.insights.points(oneDecimal.format(0))) return { arrow: '=', amount, label: T.insights.changeLabel(T.insights.same, amount), tone: 'flat' };
  const up = delta > 0;
  return {
    arrow: up ? '▲' : '▼',
    amount,
    label: T.insights.changeLabel(up ? T.insights.up : T.insights.down, amount),
    tone: up === WORSE_UP.has(figure) ? 'bad' : 'good',
  };
}
