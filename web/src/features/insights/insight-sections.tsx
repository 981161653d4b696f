// The insights page's sections below the funnel, each a chart with its table and its CSV: the
// trend per day, closing rate per CS and the time to the first follow-up, sales per product,
// UTM source and campaign and payment method, returns and cancellations per courier and
// province. Each asks its own breakdown, so the funnel shows without waiting for them.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatCount, formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import { BarChart, LineChart, type BarItem } from './charts';
import { FigureTable, InsightSection, NoRows, Pending, type Column } from './figure-table';
import { formatMinutes, formatRate, formatShortDay } from './insights-format';
import type { DayRange } from './insights-range';
import { followUpCsvHref, followUpQuery, insightsCsvHref, insightsQuery, type InsightRow, type Insights } from './use-insights';

/** How many rows a bar chart draws (the table holds them all). */
const CHART_ROWS = 8;

const name = (header: string): Column<InsightRow> => ({ header, cell: (row) => row.label });
const count = (figure: 'views' | 'orders' | 'closed' | 'paid' | 'shipped' | 'returned' | 'cancelled'): Column<InsightRow> => ({
  header: T.insights.names[figure],
  cell: (row) => (row[figure] === null ? T.none : formatCount(row[figure])),
  numeric: true,
});
const rate = (figure: 'conversion' | 'closing_rate' | 'paid_rate' | 'return_rate'): Column<InsightRow> => ({ header: T.insights.names[figure], cell: (row) => formatRate(row[figure]), numeric: true });
const revenue: Column<InsightRow> = { header: T.insights.names.revenue, cell: (row) => formatRupiah(row.revenue), numeric: true };
const cancelRate = (row: InsightRow): number | null => (row.orders === 0 ? null : row.cancelled / row.orders);
const hasViews = (rows: InsightRow[]) => rows.some((row) => row.views !== null);

/** A breakdown's bars (its first rows) and its table, once its answer is here; none: say so. */
function Bars({ query, rows, label, items, max, children }: { query: UseQueryResult<Insights>; rows: InsightRow[]; label: string; items: BarItem[]; max: number; children: ReactNode }) {
  if (!query.data) return <Pending error={query.error} retry={() => void query.refetch()} />;
  if (rows.length === 0) return <NoRows />;
  return (
    <>
      <BarChart label={label} items={items} max={max} />
      {rows.length > CHART_ROWS ? <p className="mt-2 text-xs text-slate-600">{T.insights.topOnly(CHART_ROWS, rows.length)}</p> : null}
      {children}
    </>
  );
}

export function TrendSection({ range }: { range: DayRange }) {
  const days = useQuery(insightsQuery(range, 'day'));
  const rows = days.data?.rows ?? [];
  const views = hasViews(rows);
  return (
    <InsightSection id="trend" title={T.insights.trend} lead={T.insights.trendLead} csv={insightsCsvHref(range, 'day')} busy={days.isPlaceholderData}>
      {!days.data ? (
        <Pending error={days.error} retry={() => void days.refetch()} />
      ) : (
        <>
          <LineChart
            label={T.insights.trendChart(formatShortDay(range.from), formatShortDay(range.to))}
            days={rows.map((row) => row.key)}
            dayLabel={formatShortDay}
            weekly={T.insights.weekly}
            series={[
              { key: 'orders', label: T.insights.names.orders, values: rows.map((row) => row.orders), colour: '#0f172a' },
              { key: 'closed', label: T.insights.names.closed, values: rows.map((row) => row.closed), colour: '#0f766e', dash: '7 4' },
              { key: 'paid', label: T.insights.names.paid, values: rows.map((row) => row.paid), colour: '#b45309', dash: '2 3' },
            ]}
          />
          <FigureTable
            caption={T.insights.trend}
            rows={rows}
            rowKey={(row) => row.key}
            columns={[
              { header: T.insights.day, cell: (row) => formatShortDay(row.key) },
              ...(views ? [count('views')] : []),
              count('orders'),
              count('closed'),
              count('paid'),
              rate('closing_rate'),
            ]}
          />
        </>
      )}
    </InsightSection>
  );
}

export function LeaderboardSection({ range }: { range: DayRange }) {
  const cs = useQuery(insightsQuery(range, 'cs'));
  const rows = [...(cs.data?.rows ?? [])].sort((a, b) => (b.closing_rate ?? -1) - (a.closing_rate ?? -1) || b.orders - a.orders);
  const items: BarItem[] = rows.slice(0, CHART_ROWS).map((row) => ({
    key: row.key,
    label: row.label,
    note: formatRate(row.closing_rate),
    lines: [[{ value: row.closing_rate ?? 0, style: 'dark' }]],
  }));
  return (
    <InsightSection id="leaderboard" title={T.insights.leaderboard} lead={T.insights.leaderboardLead} csv={insightsCsvHref(range, 'cs')} busy={cs.isPlaceholderData}>
      <Bars query={cs} rows={rows} label={T.insights.leaderboardChart} items={items} max={1}>
        <FigureTable
          caption={T.insights.leaderboard}
          rows={rows}
          rowKey={(row) => row.key}
          columns={[name(T.insights.cs), count('orders'), count('closed'), rate('closing_rate'), count('paid'), rate('paid_rate'), revenue]}
        />
      </Bars>
    </InsightSection>
  );
}

export function FollowUpSection({ range }: { range: DayRange }) {
  const followUps = useQuery(followUpQuery(range));
  const rows = followUps.data ?? [];
  return (
    <InsightSection id="follow-up" title={T.insights.followUp} lead={T.insights.followUpLead} csv={followUpCsvHref(range)} busy={followUps.isPlaceholderData}>
      {!followUps.data ? (
        <Pending error={followUps.error} retry={() => void followUps.refetch()} />
      ) : rows.length === 0 ? (
        <NoRows />
      ) : (
        <FigureTable
          open
          caption={T.insights.followUp}
          rows={rows}
          rowKey={(row) => row.cs}
          columns={[
            { header: T.insights.cs, cell: (row) => row.label },
            { header: T.insights.names.orders, cell: (row) => formatCount(row.orders), numeric: true },
            { header: T.insights.followedUp, cell: (row) => formatCount(row.followed_up), numeric: true },
            { header: T.insights.manualMedian, cell: (row) => formatMinutes(row.manual.median_minutes), numeric: true },
            { header: T.insights.manualP90, cell: (row) => formatMinutes(row.manual.p90_minutes), numeric: true },
            { header: T.insights.autoMedian, cell: (row) => formatMinutes(row.automated.median_minutes), numeric: true },
            { header: T.insights.autoP90, cell: (row) => formatMinutes(row.automated.p90_minutes), numeric: true },
          ]}
        />
      )}
    </InsightSection>
  );
}

/** Orders and closing per product, UTM source, UTM campaign or payment method. */
export function SalesSection({ range, by }: { range: DayRange; by: 'product' | 'utm_source' | 'utm_campaign' | 'payment_method' }) {
  const query = useQuery(insightsQuery(range, by));
  const rows = query.data?.rows ?? [];
  const text = T.insights.breakdowns[by];
  const views = hasViews(rows);
  const items: BarItem[] = rows.slice(0, CHART_ROWS).map((row) => ({
    key: row.key,
    label: row.label,
    note: T.insights.closedOf(formatCount(row.closed), formatCount(row.orders), formatRate(row.closing_rate)),
    lines: [[{ value: row.orders, style: 'light' }, { value: row.closed, style: 'dark' }]],
  }));
  return (
    <InsightSection id={`by-${by}`} title={text.title} lead={T.insights.salesLead} csv={insightsCsvHref(range, by)} busy={query.isPlaceholderData}>
      <Bars query={query} rows={rows} label={T.insights.salesChart(text.title.toLowerCase())} items={items} max={Math.max(...rows.map((row) => row.orders), 1)}>
        <FigureTable
          caption={text.title}
          rows={rows}
          rowKey={(row) => row.key}
          columns={[name(text.name), ...(views ? [count('views')] : []), count('orders'), ...(views ? [rate('conversion')] : []), count('closed'), rate('closing_rate'), rate('paid_rate'), revenue]}
        />
      </Bars>
    </InsightSection>
  );
}

/** Return rate and cancel rate per courier or province. */
export function ReturnsSection({ range, by }: { range: DayRange; by: 'courier' | 'province' }) {
  const query = useQuery(insightsQuery(range, by));
  const rows = query.data?.rows ?? [];
  const text = T.insights.breakdowns[by];
  const items: BarItem[] = rows.slice(0, CHART_ROWS).map((row) => ({
    key: row.key,
    label: row.label,
    note: T.insights.returnsLabel(formatRate(row.return_rate), formatRate(cancelRate(row))),
    lines: [[{ value: row.return_rate ?? 0, style: 'dark' }], [{ value: cancelRate(row) ?? 0, style: 'hatch' }]],
  }));
  const max = Math.max(0.01, ...items.flatMap((item) => item.lines.flat().map((bar) => bar.value)));
  return (
    <InsightSection id={`by-${by}`} title={text.title} lead={T.insights.returnsLead} csv={insightsCsvHref(range, by)} busy={query.isPlaceholderData}>
      <Bars query={query} rows={rows} label={T.insights.returnsChart(text.name.toLowerCase())} items={items} max={max}>
        <FigureTable
          caption={text.title}
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            name(text.name),
            count('orders'),
            count('shipped'),
            count('returned'),
            rate('return_rate'),
            count('cancelled'),
            { header: T.insights.cancelRate, cell: (row) => formatRate(cancelRate(row)), numeric: true },
          ]}
        />
      </Bars>
    </InsightSection>
  );
}
