// Insights' requests (issue 45 §2): a range's figures in total and per breakdown, the time to
// the first follow-up per CS, and the addresses of their CSV files (plain links: the browser
// downloads them with the session's cookie). The server scopes a CS to their own orders.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call, type paths } from '../../api/client';
import type { DayRange } from './insights-range';

type InsightsOp = paths['/dashboard/api/insights']['get'];
export type Insights = InsightsOp['responses'][200]['content']['application/json'];
export type Figures = Insights['totals'];
export type InsightRow = Insights['rows'][number];
export type Breakdown = NonNullable<InsightsOp['parameters']['query']['by']>;
export type FollowUpRow = paths['/dashboard/api/insights/follow-up']['get']['responses'][200]['content']['application/json']['rows'][number];

export const insightsKeys = {
  all: ['insights'] as const,
  figures: (range: DayRange, by: Breakdown | null) => [...insightsKeys.all, 'figures', range.from, range.to, by ?? 'total'] as const,
  followUp: (range: DayRange) => [...insightsKeys.all, 'follow-up', range.from, range.to] as const,
};

// Figures move as orders do, but not by the second: a minute before a refetch, and the last
// range's answer stays on the screen while another range loads.
const STALE = 60_000;

/** The totals of a range, with a row per value of `by` (none: totals only). */
export const insightsQuery = (range: DayRange, by: Breakdown | null = null) =>
  queryOptions({
    queryKey: insightsKeys.figures(range, by),
    queryFn: () => call(api.GET('/dashboard/api/insights', { params: { query: { from: range.from, to: range.to, ...(by ? { by } : {}) } } })),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });

export const followUpQuery = (range: DayRange) =>
  queryOptions({
    queryKey: insightsKeys.followUp(range),
    queryFn: async () => (await call(api.GET('/dashboard/api/insights/follow-up', { params: { query: { from: range.from, to: range.to } } }))).rows,
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });

const query = (range: DayRange, by?: Breakdown | null): string => new URLSearchParams({ from: range.from, to: range.to, ...(by ? { by } : {}) }).toString();

/** The CSV file of the same figures (none: the totals' line only). */
export const insightsCsvHref = (range: DayRange, by: Breakdown | null = null): string => `/dashboard/api/insights.csv?${query(range, by)}`;

export const followUpCsvHref = (range: DayRange): string => `/dashboard/api/insights/follow-up.csv?${query(range)}`;
