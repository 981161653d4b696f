import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// The live orders list (issue 33 §5; docs/dashboard.md, "The live list"): every commit that
// creates an order or changes its status or its CS reaches the streams of every process,
// whoever wrote it (a request, the CLI, the form, payments, transfers, bulk moves, imports).
// Triggers on orders are the one place that sees all of those writers.
// - SQLite: order_changes, a short log (the change's order, status and CS, the CS before),
//   written by the triggers in the change's transaction, polled by each process that has a
//   stream open (src/orders/live/poll-order-changes.ts) and pruned by housekeeping. No
//   AUTOINCREMENT (it writes sqlite_sequence at every insert): ids stay increasing because the
//   purge never deletes the newest row.
// - PostgreSQL: pg_notify on the channel ORDER_CHANGES_CHANNEL, queued in the change's
//   transaction, so a listener hears it only once it commits (a rollback sends nothing);
//   src/orders/live/listen-order-changes.ts listens, one connection a process.
// The triggers fire only when status or CS changed: other edits of an order write nothing.

/** PostgreSQL's channel; its payload is `tenant_id,order_id,status,assigned_user_id,previous_assigned_user_id` (ids empty for none). */
export const ORDER_CHANGES_CHANNEL = 'lapak_order_changes';

export function orderChanges(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    if (dialect === 'sqlite') {
      await run(sql`create table order_changes (
        id integer primary key,
        tenant_id integer not null,
        order_id integer not null,
        status text not null,
        assigned_user_id integer,
        previous_assigned_user_id integer,
        created_at integer not null
      )`);
      // For the purge: rows older than the retention, oldest first.
      await run(sql`create index order_changes_created on order_changes (created_at)`);
      const now = `cast(unixepoch('subsec') * 1000 as integer)`;
      const columns = 'tenant_id, order_id, status, assigned_user_id, previous_assigned_user_id, created_at';
      await run(sql.raw(`create trigger order_changes_insert after insert on orders begin
        insert into order_changes (${columns}) values (new.tenant_id, new.id, new.status, new.assigned_user_id, null, ${now}); end`));
      await run(sql.raw(`create trigger order_changes_update after update of status, assigned_user_id on orders
        when old.status is not new.status or old.assigned_user_id is not new.assigned_user_id begin
        insert into order_changes (${columns}) values (new.tenant_id, new.id, new.status, new.assigned_user_id, old.assigned_user_id, ${now}); end`));
      return;
    }
    const payload = (row: string, previous: string) =>
      `${row}.tenant_id || ',' || ${row}.id || ',' || ${row}.status || ',' || coalesce(${row}.assigned_user_id::text, '') || ',' || ${previous}`;
    // New orders once per statement (a seeding of many rows calls the function once).
    await run(
      sql.raw(`create function order_changes_insert() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${ORDER_CHANGES_CHANNEL}', ${payload('o', `''`)}) from inserted o;
        return null;
      end $$`),
    );
    await run(sql`create trigger order_changes_insert after insert on orders referencing new table as inserted
      for each statement execute function order_changes_insert()`);
    // A change per row, and only when status or CS changed: the server tests the condition
    // without calling the function (a statement trigger cannot name columns and read its rows).
    await run(
      sql.raw(`create function order_changes_update() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${ORDER_CHANGES_CHANNEL}', ${payload('new', `coalesce(old.assigned_user_id::text, '')`)});
        return null;
      end $$`),
    );
    await run(sql`create trigger order_changes_update after update of status, assigned_user_id on orders for each row
      when (old.status is distinct from new.status or old.assigned_user_id is distinct from new.assigned_user_id)
      execute function order_changes_update()`);
  };
}
