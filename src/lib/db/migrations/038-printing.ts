import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';
import { remakeFeedTriggers, type FeedColumn } from './feed-triggers.js';

// Labels and invoices (issue 44 §1; src/orders/printing/, docs/printing.md):
// - store_settings.sender_address: the store's sender address on its labels, JSON {name, phone,
//   address, district, city, province, postal_code}; null: not set (the label shows the store's
//   name and WhatsApp number).
// - orders.label_printed: 0/1, set when a label of the order was printed (POST
//   /dashboard/api/orders/printed); the list's `printed` filter. Carried by the change feed on
//   each side (the triggers made anew), and a dimension of the counters: the counts consumer
//   starts again from a recount.

const COLUMNS: readonly FeedColumn[] = [
  ['status', 'status', 'text'],
  ['created_at', 'created_at', 'bigint'],
  ['product_id', 'product_id', 'bigint'],
  ['assigned_user_id', 'assigned_user_id', 'bigint'],
  ['payment_method', 'payment_method', 'text'],
  ['courier', 'courier', 'text'],
  ['province', 'customer_province', 'text'],
  ['utm_source', 'utm_source', 'text'],
  ['utm_campaign', 'utm_campaign', 'text'],
  ['follow_up_count', 'follow_up_count', 'bigint'],
  ['spam', 'spam', 'bigint'],
  ['flags', 'flags', 'text'],
  ['label_printed', 'label_printed', 'bigint'],
];

export function printing(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    await run(sql`alter table store_settings add column sender_address text`);
    await run(sql`alter table orders add column label_printed integer not null default 0`);
    await run(sql`alter table order_feed add column old_label_printed ${sql.raw(bigint)}`);
    await run(sql`alter table order_feed add column new_label_printed ${sql.raw(bigint)}`);
    await run(sql`delete from feed_consumers where name = 'counts'`);
    await remakeFeedTriggers(db, dialect, COLUMNS);
  };
}
