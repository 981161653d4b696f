import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';
import { remakeFeedTriggers, type FeedColumn } from './feed-triggers.js';
import { RISKY_FEED_COLUMNS } from './037-risky-orders.js';

// Labels and invoices (issue 44 §1; src/orders/printing/, docs/printing.md):
// - store_settings.sender_address: the store's sender address on its labels, JSON {name, phone,
//   address, district, city, province, postal_code}; null: not set (the label shows the store's
//   name and WhatsApp number).
// - orders.label_printed: 0/1, set when a label of the order was printed (POST
//   /dashboard/api/orders/printed); the list's `printed` filter. Carried by the change feed on
//   each side (the triggers made anew), and a dimension of the counters: the counts consumer
//   starts again from a recount.

export const PRINTING_FEED_COLUMNS: readonly FeedColumn[] = [...RISKY_FEED_COLUMNS, ['label_printed', 'label_printed', 'bigint']];

export function printing(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    await run(sql`alter table store_settings add column sender_address text`);
    await run(sql`alter table orders add column label_printed integer not null default 0`);
    await run(sql`alter table order_feed add column old_label_printed ${sql.raw(bigint)}`);
    await run(sql`alter table order_feed add column new_label_printed ${sql.raw(bigint)}`);
    await run(sql`delete from feed_consumers where name = 'counts'`);
    await remakeFeedTriggers(db, dialect, PRINTING_FEED_COLUMNS);
  };
}
