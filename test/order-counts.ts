// The folded counters (src/counts/) against a recount of the orders themselves: after folding
// every change of the feed, the rows kept, with the empty ones left out, must be exactly the rows
// a count of every order gives, per store, dimension (or pair), value, UTC day and status. The
// recount is written here on its own, not with the consumer's code.
import type { Db } from '../src/lib/db/db.js';
import { foldOnce, readCursor, type FeedConsumer, type FeedDatabase } from '../src/feed/consumer.js';
import { countAfter } from '../src/feed/read-feed.js';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { systemClock } from '../src/lib/clock.js';
import { COUNTER_COLUMNS, STATUS_COUNT_COLUMNS } from '../src/lib/db/schema.js';

const DAY_MS = 86_400_000;
const DIMENSIONS = ['store', 'product_id', 'cs', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign', 'followed_up', 'flags', 'printed'] as const;
type Dimension = (typeof DIMENSIONS)[number];

/**
 * Folds the feed until the counts consumer has nothing left. On PostgreSQL a change is folded
 * only once every older transaction of the server has ended (gap safety): another test file's
 * open transaction holds it back a while, so this waits for the tail to empty (up to 60 s).
 */
/**
 * Folds until the consumer has passed every row of the feed. On PostgreSQL a row waits until
 * every older transaction of the cluster has ended (xmin is cluster-wide): another test file's
 * open transaction can hold the fold back for a while, so a round that folds nothing is no proof.
 */
export async function foldUntilCaughtUp(database: FeedDatabase, consumer: FeedConsumer): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    await foldOnce(database, consumer, systemClock);
    const cursor = await readCursor(database.db, consumer.name);
    if (cursor && (await countAfter(database.db, cursor.position, 1, cursor.snapshot)) === 0) return;
    if (Date.now() > until) throw new Error(`the ${consumer.name} consumer did not catch up within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const foldAllCounts = (database: FeedDatabase): Promise<void> => foldUntilCaughtUp(database, countsConsumer);

/** order_counts' rows of a store, one per status with a count (the table keeps a column per status). */
export async function storeDayCounts(database: FeedDatabase, tenantId: number, dimension: string): Promise<Array<{ day: number; value: string; status: string; count: number }>> {
  await foldAllCounts(database);
  const rows = await database.db.selectFrom('order_counts').selectAll().where('tenant_id', '=', tenantId).where('dimension', '=', dimension).orderBy('day').execute();
  return rows.flatMap((r) =>
    [...STATUS_COUNT_COLUMNS].sort().flatMap((status) => (Number(r[status]) === 0 ? [] : [{ day: Number(r.day), value: r.value, status, count: Number(r[status]) }])),
  );
}

export async function keptCounts(database: FeedDatabase): Promise<Record<string, number>> {
  await foldAllCounts(database);
  const days = await database.db.selectFrom('order_counts').selectAll().execute();
  const pairs = await database.db.selectFrom('order_pair_counts').selectAll().execute();
  const perStatus = (key: string, row: Record<string, unknown>) => COUNTER_COLUMNS.flatMap((status) => (Number(row[status]) === 0 ? [] : [[`${key}|${status}`, Number(row[status])] as const]));
  return Object.fromEntries([
    ...days.flatMap((r) => perStatus(`${r.tenant_id}|${r.dimension}|${r.value}|${r.day}`, r)),
    ...pairs.flatMap((r) => perStatus(`${r.tenant_id}|${r.dimensions}|${r.value}|all`, r)),
  ]);
}

export async function recountedCounts(db: Db): Promise<Record<string, number>> {
  const orders = await db
    .selectFrom('orders')
    .select(['tenant_id', 'created_at', 'status', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign', 'follow_up_count', 'spam', 'flags', 'label_printed'])
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
      case 'followed_up':
        return Number(o.follow_up_count) === 0 ? 'none' : 'some';
      case 'flags':
        return o.flags;
      case 'printed':
        return Number(o.label_printed) === 1 ? 'yes' : 'no';
    }
  };
  const counts: Record<string, number> = {};
  const add = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  // Every two filters but the flags and printed, and each of those two with the CS alone.
  const filters = DIMENSIONS.filter((d) => d !== 'store' && d !== 'flags' && d !== 'printed');
  const pairs: Array<[Dimension, Dimension]> = [...filters.flatMap((a, i) => filters.slice(i + 1).map((b): [Dimension, Dimension] => [a, b])), ['cs', 'flags'], ['cs', 'printed']];
  for (const o of orders) {
    const createdAt = Number(o.created_at);
    // A spam order counts under `spam`, not its status.
    const column = Number(o.spam) === 1 ? 'spam' : o.status;
    for (const dimension of DIMENSIONS) add(`${o.tenant_id}|${dimension}|${valueOf(o, dimension)}|${createdAt - (createdAt % DAY_MS)}|${column}`);
    for (const [a, b] of pairs) add(`${o.tenant_id}|${a}+${b}|${JSON.stringify([valueOf(o, a), valueOf(o, b)])}|all|${column}`);
  }
  return counts;
}
