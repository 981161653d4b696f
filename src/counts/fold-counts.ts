// The counts consumer of the change feed (docs/feed.md, "Counts"): folds each batch of changes
// into order_counts and order_pair_counts. A change takes its order out of the counters of its
// old values and puts it into those of its new ones; a batch's many changes to one counter are
// summed first and written once, in key order (two writers of the same counters, the consumer
// and a seeding that folds its own rows, never lock them in opposite orders).
import { sql } from 'kysely';
import { isPostgres, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { FeedConsumer } from '../feed/consumer.js';
import type { FeedRow, OrderSide } from '../feed/feed-row.js';
import { dayOf, DIMENSIONS, PAIRS, pairName, pairValue, valueOf } from './dimensions.js';

export const COUNTS_CONSUMER = 'counts';

interface DayCounter { tenant_id: number; dimension: string; value: string; day: number; status: string; count: number }
interface PairCounter { tenant_id: number; dimensions: string; value: string; status: string; count: number }

/** The changes to the counters of many orders, summed per counter. */
export class CountDeltas {
  readonly days = new Map<string, DayCounter>();
  readonly pairs = new Map<string, PairCounter>();

  /** Adds `n` (1 or -1) to every counter of the order's values. */
  add(tenantId: number, order: OrderSide, n: number): void {
    const day = dayOf(order.createdAt);
    const values = DIMENSIONS.map((d) => valueOf(order, d));
    DIMENSIONS.forEach((dimension, i) => {
      const key = `${tenantId}\u0000${dimension}\u0000${values[i]}\u0000${day}\u0000${order.status}`;
      const counter = this.days.get(key);
      if (counter) counter.count += n;
      else this.days.set(key, { tenant_id: tenantId, dimension, value: values[i]!, day, status: order.status, count: n });
    });
    for (const pair of PAIRS) {
      const value = pairValue(values[DIMENSIONS.indexOf(pair[0])]!, values[DIMENSIONS.indexOf(pair[1])]!);
      const dimensions = pairName(pair);
      const key = `${tenantId}\u0000${dimensions}\u0000${value}\u0000${order.status}`;
      const counter = this.pairs.get(key);
      if (counter) counter.count += n;
      else this.pairs.set(key, { tenant_id: tenantId, dimensions, value, status: order.status, count: n });
    }
  }

  /** A change of one order: out of its old values' counters, into its new ones'. */
  addChange(row: FeedRow): void {
    if (row.old) this.add(row.tenantId, row.old, -1);
    if (row.new) this.add(row.tenantId, row.new, 1);
  }
}

const CHUNK = 5_000;
const inKeyOrder = <T extends object>(map: Map<string, T>, count: (c: T) => number) =>
  [...map.entries()].filter(([, c]) => count(c) !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);

// One statement a chunk, its rows as a JSON parameter: the SQL text stays the same whatever the
// number of counters (a statement per count of rows would fill the statement caches).
function upsertDays(tx: Tx, rows: DayCounter[]) {
  const json = JSON.stringify(rows);
  if (isPostgres(tx)) {
    return sql`insert into order_counts (tenant_id, dimension, value, day, status, count)
      select * from jsonb_to_recordset(${json}::jsonb) as r(tenant_id bigint, dimension text, value text, day bigint, status text, count bigint)
      on conflict (tenant_id, dimension, value, day, status) do update set count = order_counts.count + excluded.count`.execute(tx);
  }
  return sql`insert into order_counts (tenant_id, dimension, value, day, status, count)
    select j.value ->> '$.tenant_id', j.value ->> '$.dimension', j.value ->> '$.value', j.value ->> '$.day', j.value ->> '$.status', j.value ->> '$.count'
    from json_each(${json}) j where true
    on conflict (tenant_id, dimension, value, day, status) do update set count = count + excluded.count`.execute(tx);
}

function upsertPairs(tx: Tx, rows: PairCounter[]) {
  const json = JSON.stringify(rows);
  if (isPostgres(tx)) {
    return sql`insert into order_pair_counts (tenant_id, dimensions, value, status, count)
      select * from jsonb_to_recordset(${json}::jsonb) as r(tenant_id bigint, dimensions text, value text, status text, count bigint)
      on conflict (tenant_id, dimensions, value, status) do update set count = order_pair_counts.count + excluded.count`.execute(tx);
  }
  return sql`insert into order_pair_counts (tenant_id, dimensions, value, status, count)
    select j.value ->> '$.tenant_id', j.value ->> '$.dimensions', j.value ->> '$.value', j.value ->> '$.status', j.value ->> '$.count'
    from json_each(${json}) j where true
    on conflict (tenant_id, dimensions, value, status) do update set count = count + excluded.count`.execute(tx);
}

/** Writes the summed changes, in the caller's transaction. */
export async function writeDeltas(tx: Tx, deltas: CountDeltas): Promise<void> {
  const days = inKeyOrder(deltas.days, (c) => c.count);
  for (let i = 0; i < days.length; i += CHUNK) await upsertDays(tx, days.slice(i, i + CHUNK));
  const pairs = inKeyOrder(deltas.pairs, (c) => c.count);
  for (let i = 0; i < pairs.length; i += CHUNK) await upsertPairs(tx, pairs.slice(i, i + CHUNK));
}

const BACKFILL_CHUNK = 5_000;

/** Every counter from the orders as they are (the consumer's first run), replacing what was there. */
async function recount(tx: Tx): Promise<void> {
  const deltas = new CountDeltas();
  let after = 0;
  for (;;) {
    const orders = await tx
      .selectFrom('orders')
      .select(['id', 'tenant_id', 'status', 'created_at', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign', 'follow_up_count'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(fixedLimit(BACKFILL_CHUNK))
      .execute();
    for (const o of orders) deltas.add(Number(o.tenant_id), orderSide(o), 1);
    if (orders.length < BACKFILL_CHUNK) break;
    after = Number(orders[orders.length - 1]!.id);
  }
  await tx.deleteFrom('order_counts').execute();
  await tx.deleteFrom('order_pair_counts').execute();
  await writeDeltas(tx, deltas);
}

/** An order row's values as the feed carries them. */
export function orderSide(o: {
  status: string; created_at: number | string; product_id: number | string; assigned_user_id: number | string | null; payment_method: string; courier: string;
  customer_province: string; utm_source: string | null; utm_campaign: string | null; follow_up_count: number | string;
}): OrderSide {
  return {
    status: o.status,
    createdAt: Number(o.created_at),
    productId: Number(o.product_id),
    assignedUserId: o.assigned_user_id === null ? null : Number(o.assigned_user_id),
    paymentMethod: o.payment_method,
    courier: o.courier,
    province: o.customer_province,
    utmSource: o.utm_source,
    utmCampaign: o.utm_campaign,
    followUpCount: Number(o.follow_up_count),
  };
}

/** A batch: about 1,000 rows, a few milliseconds of SQLite's one writer. */
export const COUNTS_BATCH = 1_000;

export const countsConsumer: FeedConsumer = {
  name: COUNTS_CONSUMER,
  batch: COUNTS_BATCH,
  async fold(tx, rows) {
    const deltas = new CountDeltas();
    for (const row of rows) deltas.addChange(row);
    await writeDeltas(tx, deltas);
  },
  backfill: recount,
};
