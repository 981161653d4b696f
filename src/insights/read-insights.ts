// GET /dashboard/api/insights (issue 45 §2, docs/insights.md): a range's figures in total and per
// value of one breakdown, summed from the folded totals (fold-insights.ts) and the form's views
// (form-views/), never from the orders. Owners and admins read the store's rows; a CS reads the
// rows kept for their own orders (insight_totals.cs) and no views.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { OrderScope } from '../orders/core/order-scope.js';
import { shownName } from '../orders/core/member-actor.js';
import { ORDER_SIDE_COLUMNS, orderSideOf } from '../feed/feed-row.js';
import { figuresOf, HOUR_MS, INSIGHT_FIELDS, insightValue, STORE_ROWS, type InsightDimension } from './figures.js';
import { dayRunsOf, periodsOf, type DayRun, type InsightRange, type Period } from './insight-range.js';
import { INSIGHTS_TEXT } from './insights-text.js';
import type { ViewDimension } from './form-views/count-views.js';

export const BREAKDOWNS = ['day', 'product', 'cs', 'utm_source', 'utm_campaign', 'payment_method', 'courier', 'province'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export const isBreakdown = (value: unknown): value is Breakdown => typeof value === 'string' && (BREAKDOWNS as readonly string[]).includes(value);

const DIMENSION_OF: Record<Exclude<Breakdown, 'day'>, InsightDimension> = {
  product: 'product_id',
  cs: 'cs',
  utm_source: 'utm_source',
  utm_campaign: 'utm_campaign',
  payment_method: 'payment_method',
  courier: 'courier',
  province: 'province',
};
/** The breakdowns the form's views are counted by (their column of form_views). */
const VIEW_COLUMN: Partial<Record<Breakdown, ViewDimension>> = { product: 'product_id', utm_source: 'utm_source', utm_campaign: 'utm_campaign' };

export type Counts = Record<(typeof INSIGHT_FIELDS)[number], number>;
export interface Figures extends Counts {
  views: number | null;
  conversion: number | null;
  closing_rate: number | null;
  paid_rate: number | null;
  return_rate: number | null;
}
export interface InsightRow extends Figures {
  key: string;
  label: string;
}
export interface Insights {
  totals: Figures;
  rows: InsightRow[];
}

const rate = (n: number, of: number | null): number | null => (of === null || of === 0 ? null : n / of);

/** A range's counts with the views and the rates they make. */
function withRates(counts: Counts, views: number | null): Figures {
  return {
    views,
    ...counts,
    conversion: rate(counts.form_orders, views),
    closing_rate: rate(counts.closed, counts.orders),
    paid_rate: rate(counts.paid, counts.orders),
    return_rate: rate(counts.returned, counts.shipped),
  };
}

const NONE: Counts = Object.fromEntries(INSIGHT_FIELDS.map((f) => [f, 0])) as Counts;
const countsOf = (row: Record<string, unknown> | undefined): Counts =>
  Object.fromEntries(INSIGHT_FIELDS.map((f) => [f, Number(row?.[f] ?? 0)])) as Counts;

/** Which cs insight_totals keeps the scope's breakdowns under: the store's rows, or the CS's own. */
const rowsOf = (scope: OrderScope) => (scope.kind === 'all' ? STORE_ROWS : String(scope.userId));

/**
 * Where the scope's own totals are: the store's `store` row, or for a CS the store's `cs` row of
 * their id (a CS's rows keep no total of their own: it would repeat that one).
 */
const totalOf = (scope: OrderScope): TotalRow =>
  scope.kind === 'all' ? { cs: STORE_ROWS, dimension: 'store', value: '' } : { cs: STORE_ROWS, dimension: 'cs', value: String(scope.userId) };
interface TotalRow {
  cs: string;
  dimension: string;
  value: string;
}

const SUMS = sql.raw(INSIGHT_FIELDS.map((f) => `sum(${f}) as ${f}`).join(', '));
const COLUMNS = sql.raw(INSIGHT_FIELDS.join(', '));

/** The rows of one dimension over some periods, summed per `grouped`, as one union: each part a range of the primary key. */
function sumOf(periods: readonly Period[], tenantId: number, cs: string, dimension: string, grouped: RawBuilder<unknown>, value: string | null = null) {
  const ofValue = value === null ? sql`` : sql` and value = ${value}`;
  const parts = periods.map(
    (p) => sql`select ${grouped} as k, ${COLUMNS} from insight_totals
      where tenant_id = ${tenantId} and cs = ${cs} and dimension = ${dimension} and unit = ${p.unit} and start >= ${p.from} and start < ${p.to}${ofValue}`,
  );
  return sql<Record<string, unknown> & { k: string }>`select k, ${SUMS} from (${sql.join(parts, sql` union all `)}) t group by k`;
}

/**
 * A CS's breakdown, kept per UTC day only: the range's whole days from the daily rows, and its
 * edge hours counted from the CS's orders created in them (the `(tenant_id, assigned_user_id,
 * created_at)` index), by the same definitions (figures.ts).
 */
async function breakdownIn(db: Db, tenantId: number, scope: OrderScope & { kind: 'assigned' }, dimension: InsightDimension, range: InsightRange): Promise<Map<string, Counts>> {
  const periods = periodsOf(range);
  const byValue = new Map<string, Counts>();
  const days = periods.filter((p) => p.unit === 24);
  if (days.length > 0) for (const r of (await sumOf(days, tenantId, rowsOf(scope), dimension, sql`value`).execute(db)).rows) byValue.set(String(r.k), countsOf(r));
  for (const edge of periods.filter((p) => p.unit === 1)) {
    const orders = await db
      .selectFrom('orders')
      .select(ORDER_SIDE_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('assigned_user_id', '=', scope.userId)
      .where('created_at', '>=', edge.from * HOUR_MS)
      .where('created_at', '<', edge.to * HOUR_MS)
      .execute();
    for (const row of orders) {
      const side = orderSideOf(row);
      const figures = figuresOf(side);
      if (!figures) continue;
      const value = insightValue(side, dimension);
      let counts = byValue.get(value);
      if (!counts) byValue.set(value, (counts = { ...NONE }));
      INSIGHT_FIELDS.forEach((f, i) => (counts[f] += figures[i]!));
    }
  }
  return byValue;
}

/**
 * The form's views of the range, summed per value of `column`: whole UTC days from
 * form_view_days (its rows of that dimension), the edges from form_views. The total (`column`
 * null) is the store's hours of form_view_hours: a row an hour, not one per product and UTM pair.
 */
function viewsIn(tenantId: number, range: InsightRange, column: ViewDimension | null) {
  if (column === null) {
    return sql<{ k: string; views: number | string }>`select '' as k, sum(views) as views from form_view_hours
      where tenant_id = ${tenantId} and hour >= ${range.startHour} and hour < ${range.endHour}`;
  }
  const key = sql.raw(`cast(${column} as text)`);
  const parts = periodsOf(range).map((p) =>
    p.unit === 24
      ? sql`select value as k, views from form_view_days where tenant_id = ${tenantId} and dimension = ${column} and day >= ${p.from / 24} and day < ${p.to / 24}`
      : sql`select ${key} as k, views from form_views where tenant_id = ${tenantId} and hour >= ${p.from} and hour < ${p.to}`,
  );
  return sql<{ k: string; views: number | string }>`select k, sum(views) as views from (${sql.join(parts, sql` union all `)}) t group by k`;
}

export async function readInsights(db: Db, tenantId: number, scope: OrderScope, range: InsightRange, by: Breakdown | null): Promise<Insights> {
  const cs = rowsOf(scope);
  const own = totalOf(scope);
  const withViews = scope.kind === 'all';
  const total = (await sumOf(periodsOf(range), tenantId, own.cs, own.dimension, sql`''`, own.value).execute(db)).rows[0];
  const totalViews = withViews ? Number((await viewsIn(tenantId, range, null).execute(db)).rows[0]?.views ?? 0) : null;
  const ownCounts = countsOf(total);
  const totals = withRates(ownCounts, totalViews);
  if (by === null) return { totals, rows: [] };
  if (by === 'day') return { totals, rows: await byDay(db, tenantId, own, range, withViews) };

  // A CS's rows keep no 'cs' dimension: their one row is their total.
  const dimension = DIMENSION_OF[by];
  const counted =
    scope.kind === 'assigned' && by === 'cs'
      ? [{ key: own.value, counts: ownCounts }]
      : scope.kind === 'all'
        ? (await sumOf(periodsOf(range), tenantId, cs, dimension, sql`value`).execute(db)).rows.map((r) => ({ key: String(r.k), counts: countsOf(r) }))
        : [...(await breakdownIn(db, tenantId, scope, dimension, range))].map(([key, counts]) => ({ key, counts }));
  const viewColumn = VIEW_COLUMN[by];
  const views = withViews && viewColumn ? new Map((await viewsIn(tenantId, range, viewColumn).execute(db)).rows.map((r) => [String(r.k), Number(r.views)])) : null;
  // A value with views and no order is a row too (a product seen and never ordered).
  const keys = new Set([...counted.map((r) => r.key), ...(views?.keys() ?? [])]);
  const byKey = new Map(counted.map((r) => [r.key, r.counts]));
  const labels = await labelsOf(db, tenantId, by, [...keys]);
  const rows = [...keys].map((key) => ({ key, label: labels.get(key) ?? key, ...withRates(byKey.get(key) ?? NONE, views ? (views.get(key) ?? 0) : null) }));
  rows.sort((a, b) => b.orders - a.orders || (b.views ?? 0) - (a.views ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { totals, rows };
}

/**
 * Hourly rows summed per day of the range, in the database: each run of equal days (dayRunsOf)
 * groups its hours by `(hour - from) / length`, so a year's 8,784 hours come back as its days.
 */
function perDayOf(runs: readonly DayRun[], hour: string, select: (day: RawBuilder<unknown>, run: DayRun) => RawBuilder<unknown>) {
  const parts = runs.map((run) => select(sql`cast((${sql.ref(hour)} - ${run.from}) / ${run.length} as integer) + ${run.first}`, run));
  return sql<Record<string, unknown> & { d: number | string }>`${sql.join(parts, sql` union all `)}`;
}

/** Every day of the range, in order, with none left out: the hourly totals summed per local day. */
async function byDay(db: Db, tenantId: number, own: TotalRow, range: InsightRange, withViews: boolean): Promise<InsightRow[]> {
  const runs = dayRunsOf(range);
  const hours = await perDayOf(
    runs,
    'start',
    (day, run) => sql`select ${day} as d, ${SUMS} from insight_totals
      where tenant_id = ${tenantId} and cs = ${own.cs} and dimension = ${own.dimension} and value = ${own.value} and unit = 1
      and start >= ${run.from} and start < ${run.to} group by d`,
  ).execute(db);
  const perDay = range.days.map(() => ({ ...NONE }));
  for (const r of hours.rows) perDay[Number(r.d)] = countsOf(r);
  const views = range.days.map(() => 0);
  if (withViews) {
    const rows = await perDayOf(
      runs,
      'hour',
      (day, run) => sql`select ${day} as d, sum(views) as views from form_view_hours
        where tenant_id = ${tenantId} and hour >= ${run.from} and hour < ${run.to} group by d`,
    ).execute(db);
    for (const r of rows.rows) views[Number(r.d)] = Number(r.views);
  }
  return range.days.map((day, i) => ({ key: day, label: day, ...withRates(perDay[i]!, withViews ? views[i]! : null) }));
}

/** The words shown for each value of a breakdown. */
export async function labelsOf(db: Db, tenantId: number, by: Breakdown, keys: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
  switch (by) {
    case 'product': {
      // A deleted product keeps its name here: its orders and views stay counted.
      const products = ids.length === 0 ? [] : await db.selectFrom('products').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      const names = new Map(products.map((p) => [String(p.id), p.name]));
      for (const k of keys) labels.set(k, names.get(k) ?? INSIGHTS_TEXT.product(k));
      break;
    }
    case 'cs': {
      // Anyone who was a member: a CS removed from the store still has the orders once assigned.
      const users = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
      const names = new Map(users.map((u) => [String(u.id), shownName(u)]));
      for (const k of keys) labels.set(k, k === '' ? INSIGHTS_TEXT.noCs : (names.get(k) ?? INSIGHTS_TEXT.member(k)));
      break;
    }
    case 'utm_source':
    case 'utm_campaign':
      for (const k of keys) labels.set(k, k === '' ? INSIGHTS_TEXT.noUtm : k);
      break;
    case 'payment_method':
      for (const k of keys) labels.set(k, INSIGHTS_TEXT.methods[k] ?? k);
      break;
    case 'courier':
      for (const k of keys) labels.set(k, k === '' ? INSIGHTS_TEXT.noCourier : k);
      break;
    case 'province':
      for (const k of keys) labels.set(k, k === '' ? INSIGHTS_TEXT.noProvince : k);
      break;
    case 'day':
      for (const k of keys) labels.set(k, k);
  }
  return labels;
}
