import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// The orders list and its counts at a million orders (issue 32 §1, §6; docs/benchmarks.md,
// "The orders list", says which query uses what):
// - one B-tree per filter, (tenant_id, X, created_at, id, status): the list walks it newest
//   first and stops after a page; status at the end serves the tab's test and makes it
//   covering for the counts under that filter (no row read per order counted);
// - (tenant_id, created_at, id, status) for the unfiltered list and date ranges,
//   (tenant_id, status, created_at, id) for a tab; 019's CS index gains status likewise;
// - (tenant_id, lower(resi)) for a resi in any case;
// - the buyer's name by trigrams: FTS5's trigram tokenizer on SQLite (an external-content table
//   over orders.customer_name, kept by triggers), pg_trgm's GIN on PostgreSQL;
// - order_counts: orders per store, UTC hour of creation and status, kept by triggers in the
//   transaction of every insert and status change, whoever writes (the API's PATCH in its one
//   statement on PostgreSQL, the CLI, the form, payments, transfers, seeding). The tabs'
//   counts, unfiltered or over whole days of any time zone, add up these rows instead of
//   counting a million orders.
// Everything is built from the orders already there.

export const HOUR_MS = 3_600_000;

/** The filter columns with an index of their own (name suffix, column). */
const FILTER_INDEXES = [
  ['product', 'product_id'],
  ['payment', 'payment_method'],
  ['courier', 'courier'],
  ['province', 'customer_province'],
  ['utm_source', 'utm_source'],
  ['utm_campaign', 'utm_campaign'],
] as const;

// Per store, UTC hour and status: the hour the order was created in, whatever its changes.
const hourOf = (row: 'new' | 'old') => sql.raw(`${row}.created_at - ${row}.created_at % ${HOUR_MS}`);

export function ordersList(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);

    await run(sql`drop index orders_tenant_assigned_created`);
    await run(sql`create index orders_tenant_assigned_created on orders (tenant_id, assigned_user_id, created_at, id, status)`);
    await run(sql`create index orders_tenant_created on orders (tenant_id, created_at, id, status)`);
    await run(sql`create index orders_tenant_status_created on orders (tenant_id, status, created_at, id)`);
    for (const [name, column] of FILTER_INDEXES) {
      await run(sql`create index ${sql.id(`orders_tenant_${name}_created`)} on orders (tenant_id, ${sql.id(column)}, created_at, id, status)`);
    }
    await run(sql`create index orders_tenant_resi on orders (tenant_id, lower(resi))`);

    const counts = db.schema
      .createTable('order_counts')
      .addColumn('tenant_id', bigint, (c) => c.notNull())
      .addColumn('hour_start', bigint, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('count', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('order_counts_pk', ['tenant_id', 'hour_start', 'status']);
    await (dialect === 'sqlite' ? counts.modifyEnd(sql`without rowid`) : counts).execute();
    await run(sql`insert into order_counts (tenant_id, hour_start, status, count)
      select tenant_id, created_at - created_at % ${sql.lit(HOUR_MS)}, status, count(*) from orders group by 1, 2, 3`);

    if (dialect === 'sqlite') await sqliteParts(db);
    else await postgresParts(db);
  };
}

async function sqliteParts(db: Kysely<unknown>): Promise<void> {
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const add = (row: 'new') =>
    sql`insert into order_counts (tenant_id, hour_start, status, count) values (new.tenant_id, ${hourOf(row)}, new.status, 1)
      on conflict (tenant_id, hour_start, status) do update set count = count + 1`;
  const remove = (row: 'old') =>
    sql`update order_counts set count = count - 1 where tenant_id = old.tenant_id and hour_start = ${hourOf(row)} and status = old.status`;
  await run(sql`create trigger order_counts_insert after insert on orders begin ${add('new')}; end`);
  await run(sql`create trigger order_counts_update after update of status, created_at, tenant_id on orders
    when old.status is not new.status or old.created_at is not new.created_at or old.tenant_id is not new.tenant_id
    begin ${remove('old')}; ${add('new')}; end`);
  await run(sql`create trigger order_counts_delete after delete on orders begin ${remove('old')}; end`);

  // The buyer's name by trigrams, case-folded; detail=full because a name of more than three
  // characters is a phrase of trigrams (detail=none cannot match phrases). The table holds no
  // text of its own (content='orders'): the triggers give it each name to index.
  await run(sql`create virtual table orders_name_fts using fts5(customer_name, content='orders', content_rowid='id', tokenize='trigram', detail=full)`);
  const forget = sql`insert into orders_name_fts (orders_name_fts, rowid, customer_name) values ('delete', old.id, old.customer_name)`;
  const index = sql`insert into orders_name_fts (rowid, customer_name) values (new.id, new.customer_name)`;
  await run(sql`create trigger orders_name_fts_insert after insert on orders begin ${index}; end`);
  await run(sql`create trigger orders_name_fts_update after update of customer_name on orders begin ${forget}; ${index}; end`);
  await run(sql`create trigger orders_name_fts_delete after delete on orders begin ${forget}; end`);
  await run(sql`insert into orders_name_fts (orders_name_fts) values ('rebuild')`);
}

async function postgresParts(db: Kysely<unknown>): Promise<void> {
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  // pg_trgm is a trusted extension: the database's owner may create it.
  await run(sql`create extension if not exists pg_trgm`);
  await run(sql`create index orders_name_trgm on orders using gin (customer_name gin_trgm_ops)`);

  // New orders: once per statement, so that a seeding of many rows adds them up in one upsert.
  await run(sql`create function order_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into order_counts (tenant_id, hour_start, status, count)
        select tenant_id, created_at - created_at % ${sql.lit(HOUR_MS)}, status, count(*) from inserted group by 1, 2, 3
        on conflict (tenant_id, hour_start, status) do update set count = order_counts.count + excluded.count;
      return null;
    end $$`);
  await run(sql`create trigger order_counts_insert after insert on orders referencing new table as inserted
    for each statement execute function order_counts_insert()`);
  // A change: per row, and only when the status (or what places the order) changed, a test
  // the server makes without calling the function.
  await run(sql`create function order_counts_move() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update order_counts set count = count - 1
          where tenant_id = old.tenant_id and hour_start = ${hourOf('old')} and status = old.status;
      end if;
      if tg_op <> 'DELETE' then
        insert into order_counts (tenant_id, hour_start, status, count) values (new.tenant_id, ${hourOf('new')}, new.status, 1)
          on conflict (tenant_id, hour_start, status) do update set count = order_counts.count + 1;
      end if;
      return null;
    end $$`);
  await run(sql`create trigger order_counts_update after update of status, created_at, tenant_id on orders for each row
    when (old.status is distinct from new.status or old.created_at is distinct from new.created_at or old.tenant_id is distinct from new.tenant_id)
    execute function order_counts_move()`);
  await run(sql`create trigger order_counts_delete after delete on orders for each row execute function order_counts_move()`);
}
