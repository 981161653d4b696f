// The folded counters read exactly: the counters plus the feed's unfolded tail, in one snapshot
// (docs/feed.md, "Counts"). A member who changes an order and then reads the counts sees the
// change, whether or not the counts consumer has folded it yet. Over TAIL_MAX unfolded rows (the
// consumer is stopped or far behind) the caller counts the orders directly instead.
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { STATUS_COUNT_COLUMNS } from '../lib/db/schema.js';
import { readCursor } from '../feed/consumer.js';
import type { FeedRow, OrderSide } from '../feed/feed-row.js';
import { countAfter, readFeed } from '../feed/read-feed.js';
import { dayOf, pairName, pairValue, valueOf, type Dimension } from './dimensions.js';
import { COUNTS_CONSUMER } from './fold-counts.js';

/** Unfolded rows beyond which the counters are not read (the caller counts directly). */
export const TAIL_MAX = 5_000;

/** One status's count. */
export interface Tally {
  status: string;
  n: number;
}

export type Counter =
  /** One dimension's counters over whole UTC days from firstDay (inclusive) to endDay (exclusive), null for no bound. */
  | { kind: 'days'; dimension: Dimension; value: string; firstDay: number | null; endDay: number | null }
  /** A pair's counters, over all time. */
  | { kind: 'pair'; dimensions: readonly [Dimension, Dimension]; values: readonly [string, string] };

/** The counters of whole UTC days of one dimension's value: one row, a sum per status (null for no day). */
export function daysQuery(db: Db | Tx, tenantId: number, counter: { dimension: Dimension; value: string }, firstDay: number | null, endDay: number | null) {
  let days = db
    .selectFrom('order_counts')
    .select(STATUS_COUNT_COLUMNS.map((status) => sql<number | string | null>`sum(${sql.ref(status)})`.as(status)))
    .where('tenant_id', '=', tenantId)
    .where('dimension', '=', counter.dimension)
    .where('value', '=', counter.value);
  if (firstDay !== null) days = days.where('day', '>=', firstDay);
  if (endDay !== null) days = days.where('day', '<', endDay);
  return days;
}

export const pairQuery = (db: Db | Tx, tenantId: number, counter: Extract<Counter, { kind: 'pair' }>) =>
  db
    .selectFrom('order_pair_counts')
    .select([...STATUS_COUNT_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .where('dimensions', '=', pairName(counter.dimensions))
    .where('value', '=', pairValue(counter.values[0], counter.values[1]));

/** A counters row's tallies, one per status. */
const talliesOf = (row: Record<string, number | string | null> | undefined): Tally[] => STATUS_COUNT_COLUMNS.map((status) => ({ status, n: Number(row?.[status] ?? 0) }));

/** Whether an order's values fall under the counter. */
function counts(counter: Counter, order: OrderSide): boolean {
  if (counter.kind === 'pair') return valueOf(order, counter.dimensions[0]) === counter.values[0] && valueOf(order, counter.dimensions[1]) === counter.values[1];
  const day = dayOf(order.createdAt);
  return valueOf(order, counter.dimension) === counter.value && (counter.firstDay === null || day >= counter.firstDay) && (counter.endDay === null || day < counter.endDay);
}

/** What the unfolded rows add to the counter, per status. */
export function tailTallies(counter: Counter, tail: readonly FeedRow[]): Tally[] {
  const tallies: Tally[] = [];
  for (const row of tail) {
    if (row.old && counts(counter, row.old)) tallies.push({ status: row.old.status, n: -1 });
    if (row.new && counts(counter, row.new)) tallies.push({ status: row.new.status, n: 1 });
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
