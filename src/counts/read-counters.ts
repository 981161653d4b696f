// The folded counters read exactly: the counters plus the feed's unfolded tail, in one snapshot
// (docs/feed.md, "Counts"). A member who changes an order and then reads the counts sees the
// change, whether or not the counts consumer has folded it yet. Over TAIL_MAX unfolded rows (the
// consumer is stopped or far behind) the caller counts the orders directly instead.
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { COUNTER_COLUMNS } from '../lib/db/schema.js';
import { readCursor } from '../feed/consumer.js';
import type { FeedRow, OrderSide } from '../feed/feed-row.js';
import { countAfter, readFeed } from '../feed/read-feed.js';
import { counterColumn, dayOf, pairName, pairValue, valueOf, type Dimension } from './dimensions.js';
import { COUNTS_CONSUMER } from './fold-counts.js';

/** Unfolded rows beyond which the counters are not read (the caller counts directly). */
export const TAIL_MAX = 5_000;

/** One status's count (`spam`: the spam orders, whatever their status). */
export interface Tally {
  status: string;
  n: number;
}

/** A filter's values in a dimension: one, or any of a few (the flags a `flag` filter keeps). */
export type Values = string | readonly string[];
const valueList = (values: Values): readonly string[] => (typeof values === 'string' ? [values] : values);

export type Counter =
  /** One dimension's counters over whole UTC days from firstDay (inclusive) to endDay (exclusive), null for no bound. */
  | { kind: 'days'; dimension: Dimension; value: Values; firstDay: number | null; endDay: number | null }
  /** A pair's counters, over all time. */
  | { kind: 'pair'; dimensions: readonly [Dimension, Dimension]; values: readonly [Values, Values] };

/** The counters of whole UTC days of one dimension's values: one row, a sum per column (null for no day). */
export function daysQuery(db: Db | Tx, tenantId: number, counter: { dimension: Dimension; value: Values }, firstDay: number | null, endDay: number | null) {
  const values = valueList(counter.value);
  let days = db
    .selectFrom('order_counts')
    .select(COUNTER_COLUMNS.map((status) => sql<number | string | null>`sum(${sql.ref(status)})`.as(status)))
    .where('tenant_id', '=', tenantId)
    .where('dimension', '=', counter.dimension)
    .where('value', values.length === 1 ? '=' : 'in', values.length === 1 ? values[0]! : values);
  if (firstDay !== null) days = days.where('day', '>=', firstDay);
  if (endDay !== null) days = days.where('day', '<', endDay);
  return days;
}

/** A pair's counters: one row, a sum per column. */
export function pairQuery(db: Db | Tx, tenantId: number, counter: Extract<Counter, { kind: 'pair' }>) {
  const values = valueList(counter.values[0]).flatMap((a) => valueList(counter.values[1]).map((b) => pairValue(a, b)));
  return db
    .selectFrom('order_pair_counts')
    .select(COUNTER_COLUMNS.map((column) => sql<number | string | null>`sum(${sql.ref(column)})`.as(column)))
    .where('tenant_id', '=', tenantId)
    .where('dimensions', '=', pairName(counter.dimensions))
    .where('value', values.length === 1 ? '=' : 'in', values.length === 1 ? values[0]! : values);
}

/** A counters row's tallies, one per column. */
const talliesOf = (row: Record<string, number | string | null> | undefined): Tally[] => COUNTER_COLUMNS.map((status) => ({ status, n: Number(row?.[status] ?? 0) }));

const matches = (values: Values, value: string) => (typeof values === 'string' ? values === value : values.includes(value));

/** Whether an order's values fall under the counter. */
function counts(counter: Counter, order: OrderSide): boolean {
  if (counter.kind === 'pair') return matches(counter.values[0], valueOf(order, counter.dimensions[0])) && matches(counter.values[1], valueOf(order, counter.dimensions[1]));
  const day = dayOf(order.createdAt);
  return matches(counter.value, valueOf(order, counter.dimension)) && (counter.firstDay === null || day >= counter.firstDay) && (counter.endDay === null || day < counter.endDay);
}

/** What the unfolded rows add to the counter, per column. */
export function tailTallies(counter: Counter, tail: readonly FeedRow[]): Tally[] {
  const tallies: Tally[] = [];
  for (const row of tail) {
    if (row.old && counts(counter, row.old)) tallies.push({ status: counterColumn(row.old), n: -1 });
    if (row.new && counts(counter, row.new)) tallies.push({ status: counterColumn(row.new), n: 1 });
  }
  return tallies;
}

/** The counter's tallies, exact; null when the counters cannot say (no position yet, or too long a tail). */
export async function readCounter(db: Db, tenantId: number, counter: Counter): Promise<Tally[] | null> {
  const read = async (tx: Tx): Promise<Tally[] | null> => {
    const cursor = await readCursor(tx, COUNTS_CONSUMER);
    if (!cursor || (await countAfter(tx, cursor.position, TAIL_MAX + 1, cursor.snapshot)) > TAIL_MAX) return null;
    const [folded, tail] = await Promise.all([
      counter.kind === 'pair' ? pairQuery(tx, tenantId, counter).executeTakeFirst() : daysQuery(tx, tenantId, counter, counter.firstDay, counter.endDay).executeTakeFirst(),
      readFeed(tx, cursor.position, TAIL_MAX, { tenantId, settled: false, snapshot: cursor.snapshot }),
    ]);
    return [...talliesOf(folded), ...tailTallies(counter, tail)];
  };
  // One snapshot for the counters, the position and the tail.
  return isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read').execute(read) : db.transaction().execute(read);
}
