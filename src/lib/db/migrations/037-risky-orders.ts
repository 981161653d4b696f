import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';
import { remakeFeedTriggers, type FeedColumn } from './feed-triggers.js';

// Risky orders (issue 43; src/orders/risk/, docs/risk.md):
// - orders.flags: the order's flags not dismissed yet, their names sorted and joined by commas
//   ('' none), the value the list filters on and the counters fold; orders.spam: 0/1, the
//   dashboard's mark (not a status). Both watched by the feed: each feed row carries them on
//   both sides (old_/new_), and the triggers of 026 are made anew with them.
// - order_flags: each flag of an order with its reason, the order it points to (a duplicate's
//   earlier order), and who dismissed it when ("sudah dicek": it stays, greyed).
// - order_ip_hashes: a form order's buyer IP as a keyed hash, in a table of its own (deleted
//   after 30 days by the housekeeping worker), for the burst rule per IP.
// - blocked_phones: a store's blocked phones with a note; blocked_form_counts: the form orders
//   refused for a blocked phone per store and day (nothing else of them is stored).
// - tenants.burst_phone_limit / burst_ip_limit: the burst rule's thresholds (3 and 10).
// - order_counts / order_pair_counts: a `spam` column beside the statuses: a spam order counts
//   there instead of in its status. The counts consumer starts again from a recount.
// - A partial index of the flagged orders, by spam mark and then newest first, covering every
//   column the list's filters and the counts read: "Perlu dicek" under any filters is walked or counted from it
//   alone (a few percent of a store's orders), never from the store's rows. A status change
//   rewrites its entry only for an order in it. The spam orders' partial index likewise (the
//   tab "Spam": reading 10,000 spam orders' rows one by one took 1 s at a million orders).

/** The columns the feed carries as of this migration (038 adds to them). */
export const RISKY_FEED_COLUMNS: readonly FeedColumn[] = [
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
];
const NEW_COLUMNS = RISKY_FEED_COLUMNS.slice(-2);

export function riskyOrders(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    const withoutRowid = dialect === 'sqlite' ? sql` without rowid` : sql``;

    await run(sql`alter table orders add column flags text not null default ''`);
    await run(sql`alter table orders add column spam integer not null default 0`);
    await run(
      sql`create index orders_tenant_flagged on orders (tenant_id, spam, created_at, id, flags, status, product_id, assigned_user_id, payment_method, courier, customer_province, utm_source, utm_campaign, follow_up_count) where flags <> ''`,
    );
    await run(
      sql`create index orders_tenant_spam_created on orders (tenant_id, spam, created_at, id, status, flags, product_id, assigned_user_id, payment_method, courier, customer_province, utm_source, utm_campaign, follow_up_count) where spam = 1`,
    );
    await run(sql`alter table tenants add column burst_phone_limit integer not null default 3`);
    await run(sql`alter table tenants add column burst_ip_limit integer not null default 10`);

    await run(sql`create table order_flags (
      tenant_id ${sql.raw(bigint)} not null, order_id ${sql.raw(bigint)} not null, flag text not null, reason text not null,
      related_order_id ${sql.raw(bigint)}, created_at ${sql.raw(bigint)} not null, dismissed_at ${sql.raw(bigint)}, dismissed_by ${sql.raw(bigint)},
      primary key (tenant_id, order_id, flag))${withoutRowid}`);
    await run(sql`create table order_ip_hashes (
      order_id ${sql.raw(bigint)} primary key, tenant_id ${sql.raw(bigint)} not null, ip_hash text not null, created_at ${sql.raw(bigint)} not null)`);
    await run(sql`create index order_ip_hashes_tenant_hash on order_ip_hashes (tenant_id, ip_hash, created_at)`);
    await run(sql`create index order_ip_hashes_created on order_ip_hashes (created_at)`);
    await run(sql`create table blocked_phones (
      tenant_id ${sql.raw(bigint)} not null, phone text not null, note text not null, created_by ${sql.raw(bigint)}, created_at ${sql.raw(bigint)} not null,
      primary key (tenant_id, phone))${withoutRowid}`);
    await run(sql`create table blocked_form_counts (
      tenant_id ${sql.raw(bigint)} not null, day text not null, count ${sql.raw(bigint)} not null,
      primary key (tenant_id, day))${withoutRowid}`);

    for (const table of ['order_counts', 'order_pair_counts']) await run(sql`alter table ${sql.table(table)} add column spam ${sql.raw(bigint)} not null default 0`);
    await run(sql`delete from feed_consumers where name = 'counts'`);

    for (const [name, , type] of NEW_COLUMNS) {
      const columnType = type === 'bigint' ? bigint : type;
      await run(sql`alter table order_feed add column ${sql.id(`old_${name}`)} ${sql.raw(columnType)}`);
      await run(sql`alter table order_feed add column ${sql.id(`new_${name}`)} ${sql.raw(columnType)}`);
    }

    await remakeFeedTriggers(db, dialect, RISKY_FEED_COLUMNS);
  };
}
