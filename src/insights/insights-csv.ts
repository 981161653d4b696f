// Insights as CSV files (issue 45 §2): as the orders export writes them for Excel in an Indonesian
// locale: UTF-8 with a BOM, `;` between cells, CRLF, rates with a decimal comma, and a cell that
// would run as a formula (=, +, -, @, tab, CR) prefixed with `'` (csv-stringify's escape_formulas).
import { stringify } from 'csv-stringify/sync';
import { INSIGHT_FIELDS } from './figures.js';
import { INSIGHTS_TEXT } from './insights-text.js';
import type { FollowUpRow } from './read-follow-up.js';
import type { Insights } from './read-insights.js';

const RATES = ['conversion', 'closing_rate', 'paid_rate', 'return_rate'] as const;
const H = INSIGHTS_TEXT.csv;

/** A fraction with a decimal comma, 4 places; empty for none. */
const decimal = (n: number | null): string => (n === null ? '' : n.toFixed(4).replace('.', ','));
const whole = (n: number | null): string => (n === null ? '' : String(n));

const write = (header: string[], rows: string[][]) =>
  stringify([header, ...rows], { bom: true, delimiter: ';', escape_formulas: true, record_delimiter: 'windows' });

/** The totals first (key "total"), then one line per row. */
export function insightsCsv(insights: Insights): string {
  const columns = ['views', ...INSIGHT_FIELDS] as const;
  const line = (key: string, label: string, f: Insights['totals']) => [
    key,
    label,
    ...columns.map((c) => whole(f[c])),
    ...RATES.map((r) => decimal(f[r])),
  ];
  return write(
    [H.key, H.label, ...columns.map((c) => H[c]), ...RATES.map((r) => H[r])],
    [line('total', 'Total', insights.totals), ...insights.rows.map((r) => line(r.key, r.label, r))],
  );
}

export function followUpCsv(rows: readonly FollowUpRow[]): string {
  return write(
    [H.key, H.cs, H.orders, H.followed_up, H.manual_median, H.manual_p90, H.automated_median, H.automated_p90],
    rows.map((r) => [
      r.cs,
      r.label,
      String(r.orders),
      String(r.followed_up),
      ...[r.manual.median_minutes, r.manual.p90_minutes, r.automated.median_minutes, r.automated.p90_minutes].map((m) => (m === null ? '' : String(m).replace('.', ','))),
    ]),
  );
}
