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

// Each pair as the positions of its two dimensions in DIMENSIONS, and its name.
const PAIR_PARTS = PAIRS.map((pair) => ({ a: DIMENSIONS.indexOf(pair[0]), b: DIMENSIONS.indexOf(pair[1]), name: pairName(pair) }));

/** A counter's changes in every status (the counters' rows differ only by status). */
type ByStatus = Map<string, number>;

const bump = (counts: ByStatus, status: string, n: number) => counts.set(status, (counts.get(status) ?? 0) + n);
/** The map under `key`, made when missing. */
function under<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Whether two sides of a change count alike but for their status (a status move: most changes). */
const sameButStatus = (a: OrderSide, b: OrderSide) =>
  dayOf(a.createdAt) === dayOf(b.createdAt) && a.productId === b.productId && a.assignedUserId === b.assignedUserId && a.paymentMethod === b.paymentMethod &&
  a.courier === b.courier && a.province === b.province && a.utmSource === b.utmSource && a.utmCampaign === b.utmCampaign && (a.followUpCount === 0) === (b.followUpCount === 0);

/** One store's changes: per dimension, value and day; per pair, first and second value. */
interface StoreDeltas {
  days: Array<Map<string, Map<number, ByStatus>>>;
  pairs: Array<Map<string, Map<string, ByStatus>>>;
}

/**
 * The changes to the counters of many orders, summed per counter. Hot (twice a change of a
 * batch): nested maps keyed by the short values themselves, no key text built per counter.
 */
export class CountDeltas {
  private readonly stores = new Map<number, StoreDeltas>();

  /** Adds `n` to the counters of the order's values in `status`, and `m` in `other` (a status move: one pass). */
  private addTo(tenantId: number, order: OrderSide, status: string, n: number, other: string | null, m: number): void {
    const store = under(this.stores, tenantId, (): StoreDeltas => ({ days: DIMENSIONS.map(() => new Map()), pairs: PAIR_PARTS.map(() => new Map()) }));
    const day = dayOf(order.createdAt);
    const values = DIMENSIONS.map((d) => valueOf(order, d));
    const count = (counts: ByStatus) => {
      bump(counts, status, n);
      if (other !== null) bump(counts, other, m);
    };
    for (let i = 0; i < values.length; i++) count(under(under(store.days[i]!, values[i]!, () => new Map<number, ByStatus>()), day, () => new Map()));
    for (let p = 0; p < PAIR_PARTS.length; p++) {
      const { a, b } = PAIR_PARTS[p]!;
      count(under(under(store.pairs[p]!, values[a]!, () => new Map<string, ByStatus>()), values[b]!, () => new Map()));
    }
  }

  /** Adds `n` (1 or -1) to every counter of the order's values. */
  add(tenantId: number, order: OrderSide, n: number): void {
    this.addTo(tenantId, order, order.status, n, null, 0);
  }

  /** A change of one order: out of its old values' counters, into its new ones'. */
  addChange(row: FeedRow): void {
    if (row.old && row.new && sameButStatus(row.old, row.new)) {
      if (row.old.status !== row.new.status) this.addTo(row.tenantId, row.new, row.old.status, -1, row.new.status, 1);
      return;
    }
    if (row.old) this.add(row.tenantId, row.old, -1);
    if (row.new) this.add(row.tenantId, row.new, 1);
  }

  /** The day counters' changes, one row per status, none of 0. */
  get days(): DayCounter[] {
    const rows: DayCounter[] = [];
    for (const [tenant_id, store] of this.stores) {
      store.days.forEach((byValue, i) => {
        for (const [value, byDay] of byValue) for (const [day, counts] of byDay) for (const [status, count] of counts) if (count !== 0) rows.push({ tenant_id, dimension: DIMENSIONS[i]!, value, day, status, count });
      });
    }
    return rows;
  }

  /** The pair counters' changes, one row per status, none of 0. */
  get pairs(): PairCounter[] {
    const rows: PairCounter[] = [];
    for (const [tenant_id, store] of this.stores) {
      store.pairs.forEach((byFirst, p) => {
        const dimensions = PAIR_PARTS[p]!.name;
        for (const [first, bySecond] of byFirst) for (const [second, counts] of bySecond) for (const [status, count] of counts) if (count !== 0) rows.push({ tenant_id, dimensions, value: pairValue(first, second), status, count });
      });
    }
    return rows;
  }
}

const CHUNK = 5_000;
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
// Key order: two writers of the same counters never lock them in opposite orders.
const dayOrder = (x: DayCounter, y: DayCounter) => x.tenant_id - y.tenant_id || compare(x.dimension, y.dimension) || compare(x.value, y.value) || x.day - y.day || compare(x.status, y.status);
const pairOrder = (x: PairCounter, y: PairCounter) => x.tenant_id - y.tenant_id || compare(x.dimensions, y.dimensions) || compare(x.value, y.value) || compare(x.status, y.status);

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
  const days = deltas.days.sort(dayOrder);
  for (let i = 0; i < days.length; i += CHUNK) await upsertDays(tx, days.slice(i, i + CHUNK));
  const pairs = deltas.pairs.sort(pairOrder);
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

/**
 * A batch: 500 changes, about 20 ms of SQLite's one writer. Folded every 500 ms at most when
 * less than a batch waits: a counter's many changes of a batch are one write, and the counts
 * read the unfolded tail anyway (docs/performance.md, "The orders list").
 */
export const COUNTS_BATCH = 500;

export const countsConsumer: FeedConsumer = {
  name: COUNTS_CONSUMER,
  batch: COUNTS_BATCH,
  pollMs: 500,
  async fold(tx, rows) {
    const deltas = new CountDeltas();
    for (const row of rows) deltas.addChange(row);
    await writeDeltas(tx, deltas);
  },
  backfill: recount,
};
