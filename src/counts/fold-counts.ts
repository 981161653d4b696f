// The counts consumer of the change feed (docs/feed.md, "Counts"): folds each batch of changes
// into order_counts and order_pair_counts. A change takes its order out of the counters of its
// old values and puts it into those of its new ones; a batch's many changes to one counter are
// summed first and written once, in key order (two writers of the same counters, the consumer
// and a seeding that folds its own rows, never lock them in opposite orders).
import type { Tx } from '../lib/db/db.js';
import { upsertAdding, type AddingTable } from '../lib/db/upsert-adding.js';
import { COUNTER_COLUMNS } from '../lib/db/schema.js';
import type { FeedConsumer } from '../feed/consumer.js';
import { forEachOrderChunk, type FeedRow, type OrderSide } from '../feed/feed-row.js';
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

/** The tables the counts consumer adds to. */
export const DAY_COUNTERS: AddingTable = {
  table: 'order_counts',
  key: [['tenant_id', 'bigint'], ['dimension', 'text'], ['value', 'text'], ['day', 'bigint']],
  amounts: COUNTER_COLUMNS,
};
export const PAIR_COUNTERS: AddingTable = { table: 'order_pair_counts', key: [['tenant_id', 'bigint'], ['dimensions', 'text'], ['value', 'text']], amounts: COUNTER_COLUMNS };
const upsertDayCounters = upsertAdding(DAY_COUNTERS);
const upsertPairCounters = upsertAdding(PAIR_COUNTERS);

/** The rows to add, per table, in key order: each key's values, then its counts. */
export function countRows(deltas: CountDeltas): { days: Array<Array<string | number>>; pairs: Array<Array<string | number>> } {
  return {
    days: deltas.days.sort(dayOrder).map((r) => [r.tenantId, r.dimension, r.value, r.day, ...r.counts]),
    pairs: deltas.pairs.sort(pairOrder).map((r) => [r.tenantId, r.dimensions, r.value, ...r.counts]),
  };
}

/** Writes the summed changes, in the caller's transaction. */
export async function writeDeltas(tx: Tx, deltas: CountDeltas): Promise<void> {
  const { days, pairs } = countRows(deltas);
  await upsertDayCounters(tx, days);
  await upsertPairCounters(tx, pairs);
}

/** Every counter from the orders as they are (the consumer's first run), replacing what was there. */
async function recount(tx: Tx): Promise<void> {
  const deltas = new CountDeltas();
  await forEachOrderChunk(tx, (orders) => {
    for (const o of orders) deltas.add(o.tenantId, o.side, 1);
  });
  await tx.deleteFrom('order_counts').execute();
  await tx.deleteFrom('order_pair_counts').execute();
  await writeDeltas(tx, deltas);
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
