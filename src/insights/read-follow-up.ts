// GET /dashboard/api/insights/follow-up (issue 45 §2, docs/insights.md): per CS (the orders'
// current assignee; '' none), the range's orders, those followed up, and the minutes from an
// order's creation to its first press by a member and to its first automated message: the
// median and p90 of the kept histograms (figures.ts, quantileMinutes). A CS reads their own row.
import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { OrderScope } from '../orders/core/order-scope.js';
import { FOLLOW_UP_BOUNDS, quantileMinutes, STORE_ROWS } from './figures.js';
import { periodsOf, type InsightRange } from './insight-range.js';
import { labelsOf } from './read-insights.js';

export interface Timing {
  median_minutes: number | null;
  p90_minutes: number | null;
}
export interface FollowUpRow {
  cs: string;
  label: string;
  orders: number;
  followed_up: number;
  manual: Timing;
  automated: Timing;
}

const timingOf = (histogram: readonly number[]): Timing => ({ median_minutes: quantileMinutes(histogram, 0.5), p90_minutes: quantileMinutes(histogram, 0.9) });

export async function readFollowUps(db: Db, tenantId: number, scope: OrderScope, range: InsightRange): Promise<FollowUpRow[]> {
  const own = scope.kind === 'assigned' ? String(scope.userId) : null;
  // The orders per CS: the store's 'cs' rows (a CS: theirs alone).
  const totals = periodsOf(range).map(
    (p) => sql`select value as cs, orders, followed_up from insight_totals
      where tenant_id = ${tenantId} and cs = ${STORE_ROWS} and dimension = 'cs' and unit = ${p.unit} and start >= ${p.from} and start < ${p.to}
      ${own === null ? sql`` : sql`and value = ${own}`}`,
  );
  const counted = await sql<{ cs: string; orders: number | string; followed_up: number | string }>`select cs, sum(orders) as orders, sum(followed_up) as followed_up
    from (${sql.join(totals, sql` union all `)}) t group by cs`.execute(db);
  const buckets = periodsOf(range).map(
    (p) => sql`select cs, kind, bucket, orders from insight_follow_ups
      where tenant_id = ${tenantId} ${own === null ? sql`` : sql`and cs = ${own}`} and unit = ${p.unit} and start >= ${p.from} and start < ${p.to}`,
  );
  const histograms = await sql<{ cs: string; kind: string; bucket: number | string; orders: number | string }>`select cs, kind, bucket, sum(orders) as orders
    from (${sql.join(buckets, sql` union all `)}) t group by cs, kind, bucket`.execute(db);

  const empty = () => FOLLOW_UP_BOUNDS.map(() => 0).concat(0);
  const kept = new Map<string, { manual: number[]; auto: number[] }>();
  for (const h of histograms.rows) {
    let of = kept.get(h.cs);
    if (!of) kept.set(h.cs, (of = { manual: empty(), auto: empty() }));
    of[h.kind === 'auto' ? 'auto' : 'manual'][Number(h.bucket)]! += Number(h.orders);
  }
  const rows = counted.rows.filter((r) => Number(r.orders) > 0);
  const labels = await labelsOf(db, tenantId, 'cs', rows.map((r) => String(r.cs)));
  return rows
    .map((r) => {
      const cs = String(r.cs);
      const h = kept.get(cs) ?? { manual: empty(), auto: empty() };
      return { cs, label: labels.get(cs) ?? cs, orders: Number(r.orders), followed_up: Number(r.followed_up), manual: timingOf(h.manual), automated: timingOf(h.auto) };
    })
    .sort((a, b) => b.orders - a.orders || (a.cs < b.cs ? -1 : 1));
}
