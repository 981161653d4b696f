// The counts consumer of the change feed (docs/feed.md, "Counts"): folds each batch of changes
// into order_counts and order_pair_counts. A change takes its order out of the counters of its
// old values and puts it into those of its new ones; a batch's many changes to one counter are
// summed first and written once, in key order (two writers of the same counters, the consumer
// and a seeding that folds its own rows, never lock them in opposite orders).
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { COUNTER_COLUMNS } from '../lib/db/schema.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { FeedConsumer } from '../feed/consumer.js';
import type { FeedRow, OrderSide } from '../feed/feed-row.js';
import { counterColumn, dayOf, DIMENSIONS, PAIRS, pairName, pairValue, valueOf } from './dimensions.js';

export const COUNTS_CONSUMER = 'counts';

/** A counter's changes, one per column in COUNTER_COLUMNS' order (a status each, and spam). */
type ByStatus = number[];

interface DayCounter { tenantId: number; dimension: string; value: string; day: number; counts: ByStatus }
interface PairCounter { tenantId: number; dimensions: string; value: string; counts: ByStatus }

// Each pair as the positions of its two dimensions in DIMENSIONS, and its name.
const PAIR_PARTS = PAIRS.map((pair) => ({ a: DIMENSIONS.indexOf(pair[0]), b: DIMENSIONS.indexOf(pair[1]), name: pairName(pair) }));

const COLUMN_INDEX = new Map<string, number>(COUNTER_COLUMNS.map((column, i) => [column, i]));
function columnIndex(column: string): number {
  const i = COLUMN_INDEX.get(column);
  if (i === undefined) throw new Error(`a status the counters do not know: ${column}`);
  return i;
}
const noCounts = (): ByStatus => COUNTER_COLUMNS.map(() => 0);

/** The map under `key`, made when missing. */
function under<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Whether two sides of a change count alike but for their column (a status move, a spam mark: most changes). */
const sameButStatus = (a: OrderSide, b: OrderSide) =>
  dayOf(a.createdAt) === dayOf(b.createdAt) && a.productId === b.productId && a.assignedUserId === b.assignedUserId && a.paymentMethod === b.paymentMethod &&
  a.courier === b.courier && a.province === b.province && a.utmSource === b.utmSource && a.utmCampaign === b.utmCampaign && (a.followUpCount === 0) === (b.followUpCount === 0) &&
  a.flags === b.flags && a.labelPrinted === b.labelPrinted;

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

  /** Adds `n` to the counters of the order's values in column `status`, and `m` in `other` (a status move: one pass). */
  private addTo(tenantId: number, order: OrderSide, status: string, n: number, other: string | null, m: number): void {
    const store = under(this.stores, tenantId, (): StoreDeltas => ({ days: DIMENSIONS.map(() => new Map()), pairs: PAIR_PARTS.map(() => new Map()) }));
    const day = dayOf(order.createdAt);
    const values = DIMENSIONS.map((d) => valueOf(order, d));
    const s = columnIndex(status);
    const o = other === null ? -1 : columnIndex(other);
    const count = (counts: ByStatus) => {
      counts[s]! += n;
      if (o >= 0) counts[o]! += m;
    };
    for (let i = 0; i < values.length; i++) count(under(under(store.days[i]!, values[i]!, () => new Map<number, ByStatus>()), day, noCounts));
    for (let p = 0; p < PAIR_PARTS.length; p++) {
      const { a, b } = PAIR_PARTS[p]!;
      count(under(under(store.pairs[p]!, values[a]!, () => new Map<string, ByStatus>()), values[b]!, noCounts));
    }
  }

  /** Adds `n` (1 or -1) to every counter of the order's values. */
  add(tenantId: number, order: OrderSide, n: number): void {
    this.addTo(tenantId, order, counterColumn(order), n, null, 0);
  }

  /** A change of one order: out of its old values' counters, into its new ones'. */
  addChange(row: FeedRow): void {
    if (row.old && row.new && sameButStatus(row.old, row.new)) {
      const from = counterColumn(row.old);
      const to = counterColumn(row.new);
      if (from !== to) this.addTo(row.tenantId, row.new, from, -1, to, 1);
      return;
    }
    if (row.old) this.add(row.tenantId, row.old, -1);
    if (row.new) this.add(row.tenantId, row.new, 1);
  }

  /** The day counters' changes, none all 0. */
  get days(): DayCounter[] {
    const rows: DayCounter[] = [];
    for (const [tenantId, store] of this.stores) {
      store.days.forEach((byValue, i) => {
        for (const [value, byDay] of byValue) for (const [day, counts] of byDay) if (counts.some((c) => c !== 0)) rows.push({ tenantId, dimension: DIMENSIONS[i]!, value, day, counts });
      });
    }
    return rows;
  }

  /** The pair counters' changes, none all 0. */
  get pairs(): PairCounter[] {
    const rows: PairCounter[] = [];
    for (const [tenantId, store] of this.stores) {
      store.pairs.forEach((byFirst, p) => {
        const dimensions = PAIR_PARTS[p]!.name;
        for (const [first, bySecond] of byFirst) for (const [second, counts] of bySecond) if (counts.some((c) => c !== 0)) rows.push({ tenantId, dimensions, value: pairValue(first, second), counts });
      });
    }
    return rows;
  }
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
// Key order: two writers of the same counters never lock them in opposite orders.
const dayOrder = (x: DayCounter, y: DayCounter) => x.tenantId - y.tenantId || compare(x.dimension, y.dimension) || compare(x.value, y.value) || x.day - y.day;
const pairOrder = (x: PairCounter, y: PairCounter) => x.tenantId - y.tenantId || compare(x.dimensions, y.dimensions) || compare(x.value, y.value);

// The counters' columns and what their upsert adds.
const STATUS_LIST = COUNTER_COLUMNS.join(', ');
const ADD_STATUSES = COUNTER_COLUMNS.map((s) => `${s} = TABLE.${s} + excluded.${s}`).join(', ');
const addStatuses = (table: string) => sql.raw(ADD_STATUSES.replaceAll('TABLE', table));

// PostgreSQL: one statement a chunk (one round trip), its rows as a JSON array of arrays (the
// key, then a change per status): the SQL text stays the same whatever the number of counters
// (a statement per count of rows would fill the statement caches).
function pgUpsert(tx: Tx, table: 'order_counts' | 'order_pair_counts', key: readonly string[], keyTypes: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>) {
  const columns = [...key, ...COUNTER_COLUMNS];
  const types = [...keyTypes, ...COUNTER_COLUMNS.map(() => 'bigint')];
  const fields = sql.raw(types.map((type, i) => `(r ->> ${i})::${type}`).join(', '));
  return sql`insert into ${sql.table(table)} (${sql.raw(columns.join(', '))})
    select ${fields} from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
    on conflict (${sql.raw(key.join(', '))}) do update set ${addStatuses(table)}`.execute(tx);
}

// SQLite: one prepared statement a counter, run on the fold's connection without Kysely. Half
// the CPU of the JSON array above: SQLite parsed each row's array once per column (3 against 6
// us a counter, measured on 31,000 counters).
type Counts = Record<string, string | number>;
const statusValues = (a: Counts) => sql.join(COUNTER_COLUMNS.map((s) => sql`${a[s]}`));
const upsertDayCounter = prepareQuery((_db: Db, a: Counts) =>
  sql`insert into order_counts (tenant_id, dimension, value, day, ${sql.raw(STATUS_LIST)})
    values (${a.tenantId}, ${a.dimension}, ${a.value}, ${a.day}, ${statusValues(a)})
    on conflict (tenant_id, dimension, value, day) do update set ${addStatuses('order_counts')}`,
);
const upsertPairCounter = prepareQuery((_db: Db, a: Counts) =>
  sql`insert into order_pair_counts (tenant_id, dimensions, value, ${sql.raw(STATUS_LIST)})
    values (${a.tenantId}, ${a.dimensions}, ${a.value}, ${statusValues(a)})
    on conflict (tenant_id, dimensions, value) do update set ${addStatuses('order_pair_counts')}`,
);
const byStatus = (counts: ByStatus): Counts => Object.fromEntries(COUNTER_COLUMNS.map((s, i) => [s, counts[i]!]));

const DAY_KEY = ['tenant_id', 'dimension', 'value', 'day'];
const DAY_KEY_TYPES = ['bigint', 'text', 'text', 'bigint'];
const PAIR_KEY = ['tenant_id', 'dimensions', 'value'];
const PAIR_KEY_TYPES = ['bigint', 'text', 'text'];
const CHUNK = 5_000;

/** Writes the summed changes, in the caller's transaction. */
export async function writeDeltas(tx: Tx, deltas: CountDeltas): Promise<void> {
  const days = deltas.days.sort(dayOrder);
  const pairs = deltas.pairs.sort(pairOrder);
  if (isPostgres(tx)) {
    const dayRows = days.map((r) => [r.tenantId, r.dimension, r.value, r.day, ...r.counts]);
    for (let i = 0; i < dayRows.length; i += CHUNK) await pgUpsert(tx, 'order_counts', DAY_KEY, DAY_KEY_TYPES, dayRows.slice(i, i + CHUNK));
    const pairRows = pairs.map((r) => [r.tenantId, r.dimensions, r.value, ...r.counts]);
    for (let i = 0; i < pairRows.length; i += CHUNK) await pgUpsert(tx, 'order_pair_counts', PAIR_KEY, PAIR_KEY_TYPES, pairRows.slice(i, i + CHUNK));
    return;
  }
  for (const r of days) await upsertDayCounter.run(tx, { tenantId: r.tenantId, dimension: r.dimension, value: r.value, day: r.day, ...byStatus(r.counts) });
  for (const r of pairs) await upsertPairCounter.run(tx, { tenantId: r.tenantId, dimensions: r.dimensions, value: r.value, ...byStatus(r.counts) });
}

const BACKFILL_CHUNK = 5_000;

/** Every counter from the orders as they are (the consumer's first run), replacing what was there. */
async function recount(tx: Tx): Promise<void> {
  const deltas = new CountDeltas();
  let after = 0;
  for (;;) {
    const orders = await tx
      .selectFrom('orders')
      .select(['id', 'tenant_id', 'status', 'created_at', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign', 'follow_up_count', 'spam', 'flags', 'label_printed'])
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
  customer_province: string; utm_source: string | null; utm_campaign: string | null; follow_up_count: number | string; spam: number | string; flags: string;
  label_printed: number | string;
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
    spam: Number(o.spam) === 1,
    flags: o.flags,
    labelPrinted: Number(o.label_printed) === 1,
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
