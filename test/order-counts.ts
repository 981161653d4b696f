// order_counts (migration 020) against a recount of the orders themselves: the rows the
// triggers kept, with the empty ones left out, must be exactly the rows a count of every order
// gives, per store, dimension, value, UTC day and status.
import type { Db } from '../src/lib/db/db.js';
import { DAY_MS, DIMENSIONS, type Dimension } from '../src/lib/db/migrations/020-orders-list.js';

type Row = { tenant_id: number; dimension: string; value: string; day: number; status: string; count: number };

const key = (r: Omit<Row, 'count'>) => `${r.tenant_id}|${r.dimension}|${r.value}|${r.day}|${r.status}`;

export async function keptCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('order_counts').selectAll().where('count', '<>', 0).execute();
  return Object.fromEntries(rows.map((r) => [key({ ...r, tenant_id: Number(r.tenant_id), day: Number(r.day) }), Number(r.count)]));
}

export async function recountedCounts(db: Db): Promise<Record<string, number>> {
  const orders = await db
    .selectFrom('orders')
    .select(['tenant_id', 'created_at', 'status', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign'])
    .execute();
  const valueOf = (o: (typeof orders)[number], dimension: Dimension): string => {
    switch (dimension) {
      case 'store':
        return '';
      case 'product_id':
        return String(o.product_id);
      case 'cs':
        return o.assigned_user_id === null ? '' : String(o.assigned_user_id);
      case 'payment_method':
        return o.payment_method;
      case 'courier':
        return o.courier;
      case 'province':
        return o.customer_province;
      case 'utm_source':
        return o.utm_source ?? '';
      case 'utm_campaign':
        return o.utm_campaign ?? '';
    }
  };
  const counts: Record<string, number> = {};
  for (const o of orders) {
    const createdAt = Number(o.created_at);
    for (const dimension of DIMENSIONS) {
      const k = key({ tenant_id: Number(o.tenant_id), dimension, value: valueOf(o, dimension), day: createdAt - (createdAt % DAY_MS), status: o.status });
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  return counts;
}
