// Insights' folded totals and histograms (src/insights/) against a recount of the orders and their
// history: after folding every change of the feed, the rows kept, with the empty ones left out,
// must be exactly the rows the definitions of docs/insights.md give, per store, CS rows, dimension,
// value and period. Written here on its own, from the history (not from the orders' milestone
// columns, which the status change keeps) and not with the consumer's code.
import { openDatabase, type Db } from '../src/lib/db/db.js';
import type { FeedDatabase } from '../src/feed/consumer.js';
import { insightsConsumer } from '../src/insights/fold-insights.js';
import { foldUntilCaughtUp, keptCounts, recountedCounts } from './order-counts.js';

const HOUR = 3_600_000;
const FIELDS = ['orders', 'form_orders', 'closed', 'paid', 'shipped', 'completed', 'cancelled', 'returned', 'invalid', 'followed_up', 'revenue'] as const;
const BOUNDS = [5, 15, 30, 60, 120, 240, 480, 720, 1_440, 2_880, 4_320, 10_080];

export const foldAllInsights = (database: FeedDatabase): Promise<void> => foldUntilCaughtUp(database, insightsConsumer);

/** Every kept row as `key -> amount`, one entry per non-zero amount. */
export async function keptInsights(database: FeedDatabase): Promise<Record<string, number>> {
  await foldAllInsights(database);
  const out: Record<string, number> = {};
  for (const r of await database.db.selectFrom('insight_totals').selectAll().execute()) {
    for (const f of FIELDS) if (Number(r[f]) !== 0) out[`${r.tenant_id}|${r.cs}|${r.dimension}|${r.unit}|${r.start}|${r.value}|${f}`] = Number(r[f]);
  }
  for (const r of await database.db.selectFrom('insight_follow_ups').selectAll().execute()) {
    if (Number(r.orders) !== 0) out[`${r.tenant_id}|${r.cs}|${r.kind}|${r.unit}|${r.start}|${r.bucket}`] = Number(r.orders);
  }
  return out;
}

export async function recountedInsights(db: Db): Promise<Record<string, number>> {
  const orders = await db.selectFrom('orders').selectAll().where('spam', '=', 0).execute();
  const history = await db.selectFrom('order_history').select(['order_id', 'field', 'new_value', 'source', 'created_at']).where('field', 'in', ['created', 'status', 'follow_up']).execute();
  const past = new Map<number, typeof history>();
  for (const h of history) past.set(Number(h.order_id), [...(past.get(Number(h.order_id)) ?? []), h]);
  const out: Record<string, number> = {};
  const add = (key: string, n: number) => {
    if (n !== 0) out[key] = (out[key] ?? 0) + n;
  };
  for (const o of orders) {
    const own = past.get(Number(o.id)) ?? [];
    // The statuses it was ever in: the one it was created in (no history: its status now) and every move's.
    const entered = own.filter((h) => h.field === 'created' || h.field === 'status');
    const ever = (statuses: string[]) => (entered.length === 0 ? statuses.includes(o.status) : entered.some((h) => statuses.includes(h.new_value!)));
    const shipped = ever(['shipped', 'completed']);
    const paid =
      o.payment_method === 'cod' ? ever(['completed']) : ever(['paid', 'shipped', 'completed']) || entered.some((h) => h.new_value === 'closing' && h.source === 'payment');
    const cancelled = o.status === 'cancelled';
    const figures: Record<(typeof FIELDS)[number], number> = {
      orders: 1,
      form_orders: o.source === 'form' ? 1 : 0,
      closed: ever(['closing', 'paid', 'shipped', 'completed']) ? 1 : 0,
      paid: paid ? 1 : 0,
      shipped: shipped ? 1 : 0,
      completed: o.status === 'completed' ? 1 : 0,
      cancelled: cancelled && !shipped ? 1 : 0,
      returned: cancelled && shipped ? 1 : 0,
      invalid: o.status === 'invalid_no_hp' ? 1 : 0,
      followed_up: Number(o.follow_up_count) > 0 ? 1 : 0,
      revenue: paid && !cancelled ? Number(o.total) : 0,
    };
    const hour = Math.floor(Number(o.created_at) / HOUR);
    const cs = o.assigned_user_id === null ? null : String(o.assigned_user_id);
    const values: Record<string, string> = {
      store: '',
      product_id: String(o.product_id),
      cs: cs ?? '',
      utm_source: o.utm_source ?? '',
      utm_campaign: o.utm_campaign ?? '',
      payment_method: o.payment_method,
      courier: o.courier,
      province: o.customer_province,
    };
    for (const [unit, start] of [[1, hour], [24, hour - (hour % 24)]] as const) {
      // The store's rows per hour and UTC day; the order's CS's per UTC day (but the CS's total, the store's cs row).
      for (const [dimension, value] of Object.entries(values)) {
        for (const f of FIELDS) add(`${o.tenant_id}|*|${dimension}|${unit}|${start}|${value}|${f}`, figures[f]);
        if (unit === 24 && cs !== null && dimension !== 'cs' && dimension !== 'store') for (const f of FIELDS) add(`${o.tenant_id}|${cs}|${dimension}|${unit}|${start}|${value}|${f}`, figures[f]);
      }
      for (const kind of ['manual', 'auto'] as const) {
        const presses = own.filter((h) => h.field === 'follow_up' && (kind === 'auto') === (h.source === 'system')).map((h) => Number(h.created_at));
        if (presses.length === 0) continue;
        const minutes = Math.max(0, Math.min(...presses) - Number(o.created_at)) / 60_000;
        add(`${o.tenant_id}|${cs ?? ''}|${kind}|${unit}|${start}|${BOUNDS.filter((b) => minutes >= b).length}`, 1);
      }
    }
  }
  return out;
}

/**
 * What the counts and insights consumers keep on the database at `url`, once Lapak's consumers
 * have folded whatever is left, beside a recount of both: for a writer of those rows other than
 * the consumers (the bench's floors, bench/floor-fold.ts).
 */
export async function keptAndRecounted(url: string): Promise<{ kept: unknown; recounted: unknown }> {
  const handle = openDatabase(url);
  try {
    return {
      kept: { counts: await keptCounts(handle), insights: await keptInsights(handle) },
      recounted: { counts: await recountedCounts(handle.db), insights: await recountedInsights(handle.db) },
    };
  } finally {
    await handle.close();
  }
}
