import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// One change feed, folded off the write path (issue 39; docs/feed.md). A snapshot of the feed's
// definition as of this migration: src/feed/ is the feed's home, and a later change of the
// triggers is a migration of its own.
// - order_feed: one row per change of an order that anything derives from (created; status, CS,
//   a counted or filtered column, a follow-up press; deleted), written by triggers on orders in
//   the change's own transaction, whoever writes. Old and new values of what the consumers need,
//   no buyer data. SQLite: ids in commit order (one writer). PostgreSQL: the writing
//   transaction's id beside a sequence's, read gap-safely by (txid, id) (src/feed/read-feed.ts).
// - feed_consumers: each consumer's position in the feed, moved in the transaction of what it
//   writes; null `snapshot` but after a backfill on PostgreSQL (the rows the backfill saw).
// - orders.status_source: the source of the last status change, set by the update that makes it,
//   so the feed row of a status change carries it.
// - order_pair_counts: a store's orders per status for each pair of list filters (all time).
// - Off the write path: 020's counter triggers (the counts consumer folds order_counts now), 022's
//   change log and 023's notifications (the live list reads the feed), 025's two partial indexes
//   that held status (a status change rewrote them). `stale_hours` counts read
//   orders_tenant_follow_up_last, which no status change touches.
// order_counts keeps its rows; the counts consumer starts from a recount (no position yet).

const COLUMNS = [
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
] as const;

/** The orders columns whose change writes a feed row. */
const WATCHED = [...COLUMNS.map(([, column]) => column), 'tenant_id'];

const feedColumns = ['tenant_id', 'order_id', 'at', 'source', ...COLUMNS.flatMap(([name]) => [`old_${name}`, `new_${name}`])].join(', ');
const side = (row: string | null) => COLUMNS.map(([, column]) => (row === null ? 'null' : `${row}.${column}`));
const values = (row: string, oldRow: string | null, newRow: string | null, now: string, source: string) => {
  const olds = side(oldRow);
  const news = side(newRow);
  return [`${row}.tenant_id`, `${row}.id`, now, source, ...olds.flatMap((o, i) => [o, news[i]!])].join(', ');
};

export function orderFeedMigration(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    const typeOf = (type: string) => (type === 'bigint' ? bigint : type);
    const changeColumns = COLUMNS.flatMap(([name, , type]) => [`old_${name} ${typeOf(type)}`, `new_${name} ${typeOf(type)}`]).join(',\n');

    await db.schema.alterTable('orders').addColumn('status_source', 'text').execute();
    await run(sql`drop index orders_tenant_not_followed_status`);
    await run(sql`drop index orders_tenant_pending_follow_up`);
    await run(sql`create index orders_tenant_follow_up_last on orders (tenant_id, follow_up_last_at)`);
    await db.schema
      .createTable('order_pair_counts')
      .addColumn('tenant_id', bigint, (c) => c.notNull())
      .addColumn('dimensions', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('count', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('order_pair_counts_pk', ['tenant_id', 'dimensions', 'value', 'status'])
      .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();

    if (dialect === 'sqlite') {
      for (const trigger of ['order_counts_insert', 'order_counts_update', 'order_counts_delete', 'order_changes_insert', 'order_changes_update']) {
        await run(sql`drop trigger ${sql.id(trigger)}`);
      }
      await run(sql`drop table order_changes`);
      // No AUTOINCREMENT: the prune never deletes the newest row, so ids only grow.
      await run(sql.raw(`create table order_feed (id integer primary key, tenant_id integer not null, order_id integer not null, at integer not null, source text,\n${changeColumns})`));
      await run(sql`create table feed_consumers (name text primary key, txid integer not null, position integer not null, snapshot text, seen_at integer not null) without rowid`);
      const now = `cast(unixepoch('subsec') * 1000 as integer)`;
      const changed = WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ');
      const insert = (oldRow: string | null, newRow: string | null, row: string, source: string) =>
        `insert into order_feed (${feedColumns}) values (${values(row, oldRow, newRow, now, source)});`;
      await run(sql.raw(`create trigger order_feed_insert after insert on orders begin ${insert(null, 'new', 'new', 'new.source')} end`));
      await run(
        sql.raw(`create trigger order_feed_update after update of ${WATCHED.join(', ')} on orders when ${changed} begin
          ${insert('old', 'new', 'new', 'case when old.status is not new.status then new.status_source end')} end`),
      );
      await run(sql.raw(`create trigger order_feed_delete after delete on orders begin ${insert('old', null, 'old', 'null')} end`));
      return;
    }

    await run(sql`drop trigger order_counts_insert on orders`);
    await run(sql`drop trigger order_counts_update on orders`);
    await run(sql`drop trigger order_counts_delete on orders`);
    await run(sql`drop trigger order_changes_insert on orders`);
    await run(sql`drop trigger order_changes_update on orders`);
    for (const fn of ['order_counts_insert', 'order_counts_move', 'order_changes_insert', 'order_changes_update']) await run(sql`drop function ${sql.id(fn)}()`);
    await run(sql`drop table live_order_watches`);
    // txid: the writing transaction's id (xid8 as a bigint); the reader takes a row only once
    // every transaction before it has ended (src/feed/read-feed.ts). One b-tree: (txid, id).
    await run(
      sql.raw(`create table order_feed (
        txid bigint not null default (pg_current_xact_id()::text::bigint),
        id bigint generated always as identity,
        tenant_id bigint not null, order_id bigint not null, at bigint not null, source text,
        ${changeColumns},
        primary key (txid, id))`),
    );
    await run(sql`create table feed_consumers (name text primary key, txid bigint not null, position bigint not null, snapshot text, seen_at bigint not null)`);
    const now = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
    // New orders once per statement (a seeding of many rows calls the function once).
    await run(
      sql.raw(`create function order_feed_insert() returns trigger language plpgsql as $$
      begin
        insert into order_feed (${feedColumns}) select ${values('o', null, 'o', now, 'o.source')} from inserted o order by o.id;
        return null;
      end $$`),
    );
    await run(sql`create trigger order_feed_insert after insert on orders referencing new table as inserted for each statement execute function order_feed_insert()`);
    await run(
      sql.raw(`create function order_feed_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          insert into order_feed (${feedColumns}) values (${values('old', 'old', null, now, 'null')});
        else
          insert into order_feed (${feedColumns}) values (${values('new', 'old', 'new', now, 'case when old.status is distinct from new.status then new.status_source end')});
        end if;
        return null;
      end $$`),
    );
    // Only when a watched column changed: the server tests that without calling the function.
    const changed = WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
    await run(sql.raw(`create trigger order_feed_update after update of ${WATCHED.join(', ')} on orders for each row when (${changed}) execute function order_feed_change()`));
    await run(sql`create trigger order_feed_delete after delete on orders for each row execute function order_feed_change()`);
  };
}
