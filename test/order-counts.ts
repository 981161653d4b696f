// The folded counters (src/counts/) against a recount of the orders themselves: after folding
// every change of the feed, the rows kept, with the empty ones left out, must be exactly the rows
// a count of every order gives, per store, dimension (or pair), value, UTC day and status. The
// recount is written here on its own, not with the consumer's code.
import type { Db } from '../src/lib/db/db.js';
import { foldOnce, readCursor, type FeedDatabase } from '../src/feed/consumer.js';
import { countAfter } from '../src/feed/read-feed.js';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { systemClock } from '../src/lib/clock.js';

const DAY_MS = 86_400_000;
const DIMENSIONS = ['store', 'product_id', 'cs', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign', 'followed_up'] as const;
type Dimension = (typeof DIMENSIONS)[number];

/**
 * Folds the feed until the counts consumer has nothing left. On PostgreSQL a change is folded
 * only once every older transaction of the server has ended (gap safety): another test file's
 * open transaction holds it back a while, so this waits for the tail to empty (up to 60 s).
 */
export async function foldAllCounts(database: FeedDatabase): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    await foldOnce(database, countsConsumer, systemClock);
    const cursor = await readCursor(database.db, countsConsumer.name);
    if (cursor && (await countAfter(database.db, cursor.position, 1, cursor.snapshot)) === 0) return;
    if (Date.now() > until) throw new Error('the counts consumer did not catch up within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function keptCounts(database: FeedDatabase): Promise<Record<string, number>> {
  await foldAllCounts(database);
  const days = await database.db.selectFrom('order_counts').selectAll().where('count', '<>', 0).execute();
  const pairs = await database.db.selectFrom('order_pair_counts').selectAll().where('count', '<>', 0).execute();
  return Object.fromEntries([
    ...days.map((r) => [`${r.tenant_id}|${r.dimension}|${r.value}|${r.day}|${r.status}`, Number(r.count)]),
    ...pairs.map((r) => [`${r.tenant_id}|${r.dimensions}|${r.value}|all|${r.status}`, Number(r.count)]),
  ]);
}

export async function recountedCounts(db: Db): Promise<Record<string, number>> {
  const orders = await db
    .selectFrom('orders')
    .select(['tenant_id', 'created_at', 'status', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign', 'follow_up_count'])
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
    }
  };
  const counts: Record<string, number> = {};
  const add = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  const filters = DIMENSIONS.slice(1);
  for (const o of orders) {
    const createdAt = Number(o.created_at);
    for (const dimension of DIMENSIONS) add(`${o.tenant_id}|${dimension}|${valueOf(o, dimension)}|${createdAt - (createdAt % DAY_MS)}|${o.status}`);
    filters.forEach((a, i) => {
      for (const b of filters.slice(i + 1)) add(`${o.tenant_id}|${a}+${b}|${JSON.stringify([valueOf(o, a), valueOf(o, b)])}|all|${o.status}`);
    });
  }
  return counts;
}
