import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// The change feed's triggers on orders (migration 026; docs/feed.md), made anew by a migration
// that adds a column the feed carries on each side (old_/new_): 037 (spam, flags), 038
// (label_printed). Each such migration passes its own full list of columns, so what it makes
// stays what it was when it ran. The feed's own columns are added by the migration itself.

/** [name in the feed (old_name, new_name), column of orders, type]. */
export type FeedColumn = readonly [string, string, 'text' | 'bigint'];

/** Drops and makes again the triggers that write one feed row per change of an order (`columns` watched and carried). */
export async function remakeFeedTriggers(db: Kysely<unknown>, dialect: DialectName, columns: readonly FeedColumn[]): Promise<void> {
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const watched = [...columns.map(([, column]) => column), 'tenant_id'];
  const feedColumns = ['tenant_id', 'order_id', 'at', 'source', ...columns.flatMap(([name]) => [`old_${name}`, `new_${name}`])].join(', ');
  const side = (row: string | null) => columns.map(([, column]) => (row === null ? 'null' : `${row}.${column}`));
  const values = (row: string, oldRow: string | null, newRow: string | null, now: string, source: string) => {
    const olds = side(oldRow);
    const news = side(newRow);
    return [`${row}.tenant_id`, `${row}.id`, now, source, ...olds.flatMap((o, i) => [o, news[i]!])].join(', ');
  };

  if (dialect === 'sqlite') {
    for (const trigger of ['order_feed_insert', 'order_feed_update', 'order_feed_delete']) await run(sql`drop trigger ${sql.id(trigger)}`);
    const now = `cast(unixepoch('subsec') * 1000 as integer)`;
    const changed = watched.map((c) => `old.${c} is not new.${c}`).join(' or ');
    const insert = (oldRow: string | null, newRow: string | null, row: string, source: string) =>
      `insert into order_feed (${feedColumns}) values (${values(row, oldRow, newRow, now, source)});`;
    await run(sql.raw(`create trigger order_feed_insert after insert on orders begin ${insert(null, 'new', 'new', 'new.source')} end`));
    await run(
      sql.raw(`create trigger order_feed_update after update of ${watched.join(', ')} on orders when ${changed} begin
          ${insert('old', 'new', 'new', 'case when old.status is not new.status then new.status_source end')} end`),
    );
    await run(sql.raw(`create trigger order_feed_delete after delete on orders begin ${insert('old', null, 'old', 'null')} end`));
    return;
  }

  const now = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  await run(sql`drop trigger order_feed_update on orders`);
  await run(
    sql.raw(`create or replace function order_feed_insert() returns trigger language plpgsql as $$
      begin
        insert into order_feed (${feedColumns}) select ${values('o', null, 'o', now, 'o.source')} from inserted o order by o.id;
        return null;
      end $$`),
  );
  await run(
    sql.raw(`create or replace function order_feed_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          insert into order_feed (${feedColumns}) values (${values('old', 'old', null, now, 'null')});
        else
          insert into order_feed (${feedColumns}) values (${values('new', 'old', 'new', now, 'case when old.status is distinct from new.status then new.status_source end')});
        end if;
        return null;
      end $$`),
  );
  const changed = watched.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await run(sql.raw(`create trigger order_feed_update after update of ${watched.join(', ')} on orders for each row when (${changed}) execute function order_feed_change()`));
}
