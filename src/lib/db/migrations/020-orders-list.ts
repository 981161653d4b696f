import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// The orders list and its counts at a million orders (issue 32 §1, §6; docs/benchmarks.md,
// "The orders list", says which query uses what and the measurements behind it):
// - a B-tree per list filter, (tenant_id, X, created_at, id), that the list walks newest first
//   and leaves after a page; (tenant_id, created_at, id) for the unfiltered list and date
//   ranges, (tenant_id, status, created_at, id) for a tab; 019's CS index serves the CS;
// - (tenant_id, lower(resi)) for a resi in any case;
// - the buyer's name by trigrams: FTS5's trigram tokenizer on SQLite (an external-content table
//   over orders.customer_name, kept by triggers), pg_trgm's GIN on PostgreSQL;
// - order_counts: a store's orders per UTC day of creation and status, in total and per value
//   of each list filter (DIMENSIONS), kept by triggers in the transaction of every insert,
//   status change and change of a filtered column, whoever writes (the API's PATCH in its one
//   statement on PostgreSQL, the CLI, the form, payments, transfers, assignment, edits,
//   seeding). The tabs' counts, unfiltered, over days, under one filter or for a CS, add up
//   these rows instead of counting up to a million orders (300,000 orders of one payment
//   method took 200 ms to count through their index on PostgreSQL).
// Status is in no index but the tab's: every index holding it is rewritten at each status change.
// Everything is built from the orders already there.

export const DAY_MS = 86_400_000;

/**
 * The dimensions order_counts keeps (name, and the value of a row as text): 'store' is the
 * store's total; the others are the list's filters by their query names ('' for an empty
 * UTM value or an unassigned order). The count operation reads them by these names.
 */
export const DIMENSIONS = ['store', 'product_id', 'cs', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

// The row's value of a dimension, as SQL over the row alias (new, old, or a table's).
const valueOf = (dimension: Dimension, row: string): string => {
  switch (dimension) {
    case 'store':
      return `''`;
    case 'product_id':
      return `cast(${row}.product_id as text)`;
    case 'cs':
      return `coalesce(cast(${row}.assigned_user_id as text), '')`;
    case 'payment_method':
      return `${row}.payment_method`;
    case 'courier':
      return `${row}.courier`;
    case 'province':
      return `${row}.customer_province`;
    case 'utm_source':
      return `coalesce(${row}.utm_source, '')`;
    case 'utm_campaign':
      return `coalesce(${row}.utm_campaign, '')`;
  }
};

/** The list filters with an index of their own (name suffix, column). */
const FILTER_INDEXES = [
  ['product', 'product_id'],
  ['payment', 'payment_method'],
  ['courier', 'courier'],
  ['province', 'customer_province'],
  ['utm_source', 'utm_source'],
  ['utm_campaign', 'utm_campaign'],
] as const;

// What places an order in order_counts: a change of any of these moves it.
const COUNTED_COLUMNS = ['status', 'created_at', 'tenant_id', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign'];

const dayOf = (row: string) => `${row}.created_at - ${row}.created_at % ${DAY_MS}`;
// (dimension, value) of a row, as SQL VALUES rows.
const dimensionRows = (row: string) => DIMENSIONS.map((d) => `('${d}', ${valueOf(d, row)})`).join(', ');
const KEY = 'tenant_id, dimension, value, day, status';
// A row's counter rows with a count to add (1 for new, -1 for old), as SQL VALUES rows.
const counterRows = (row: 'new' | 'old') =>
  DIMENSIONS.map((d) => `(${row}.tenant_id, '${d}', ${valueOf(d, row)}, ${dayOf(row)}, ${row}.status, ${row === 'new' ? 1 : -1})`).join(', ');

export function ordersList(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);

    await run(sql`create index orders_tenant_created on orders (tenant_id, created_at, id)`);
    await run(sql`create index orders_tenant_status_created on orders (tenant_id, status, created_at, id)`);
    for (const [name, column] of FILTER_INDEXES) {
      await run(sql`create index ${sql.id(`orders_tenant_${name}_created`)} on orders (tenant_id, ${sql.id(column)}, created_at, id)`);
    }
    await run(sql`create index orders_tenant_resi on orders (tenant_id, lower(resi))`);

    const counts = db.schema
      .createTable('order_counts')
      .addColumn('tenant_id', bigint, (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('day', bigint, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('count', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('order_counts_pk', ['tenant_id', 'dimension', 'value', 'day', 'status']);
    await (dialect === 'sqlite' ? counts.modifyEnd(sql`without rowid`) : counts).execute();
    for (const dimension of DIMENSIONS) {
      await run(sql.raw(`insert into order_counts (${KEY}, count)
        select o.tenant_id, '${dimension}', ${valueOf(dimension, 'o')}, ${dayOf('o')}, o.status, count(*) from orders o group by 1, 2, 3, 4, 5`));
    }

    if (dialect === 'sqlite') await sqliteParts(db);
    else await postgresParts(db);
  };
}

async function sqliteParts(db: Kysely<unknown>): Promise<void> {
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  // One upsert a write: the old row's counters less one, the new row's plus one (a key in both,
  // when a change leaves it, is taken down and up again). About 32 us of CPU a status change,
  // against 42 us for an update and an upsert per dimension (docs/benchmarks.md).
  const upsert = (rows: string) => `insert into order_counts (${KEY}, count) values ${rows} on conflict (${KEY}) do update set count = count + excluded.count;`;
  const changed = COUNTED_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await run(sql.raw(`create trigger order_counts_insert after insert on orders begin ${upsert(counterRows('new'))} end`));
  await run(sql.raw(`create trigger order_counts_update after update of ${COUNTED_COLUMNS.join(', ')} on orders when ${changed} begin ${upsert(`${counterRows('old')}, ${counterRows('new')}`)} end`));
  await run(sql.raw(`create trigger order_counts_delete after delete on orders begin ${upsert(counterRows('old'))} end`));

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
  await run(
    sql.raw(`create function order_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into order_counts (${KEY}, count)
        select o.tenant_id, d.dimension, d.value, ${dayOf('o')}, o.status, count(*)
        from inserted o cross join lateral (values ${dimensionRows('o')}) d(dimension, value)
        group by 1, 2, 3, 4, 5
        order by 1, 2, 3, 4, 5
        on conflict (${KEY}) do update set count = order_counts.count + excluded.count;
      return null;
    end $$`),
  );
  await run(sql`create trigger order_counts_insert after insert on orders referencing new table as inserted
    for each statement execute function order_counts_insert()`);
  // A change or a deletion: per row, one upsert (as on SQLite), its rows summed by key first
  // (PostgreSQL refuses an upsert that meets one key twice: a key the change leaves as it was).
  // Both upserts take their counter rows in key order: two changes at once (pending -> closing
  // and closing -> pending of orders of one day) would otherwise lock the same two rows in
  // opposite orders and deadlock, one of them failing.
  const upsert = (rows: string) => `insert into order_counts (${KEY}, count)
        select tenant_id, dimension, value, day, status, sum(n) from (values ${rows}) c(tenant_id, dimension, value, day, status, n)
        group by 1, 2, 3, 4, 5 having sum(n) <> 0
        order by 1, 2, 3, 4, 5
        on conflict (${KEY}) do update set count = order_counts.count + excluded.count;`;
  await run(
    sql.raw(`create function order_counts_move() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        ${upsert(counterRows('old'))}
      else
        ${upsert(`${counterRows('old')}, ${counterRows('new')}`)}
      end if;
      return null;
    end $$`),
  );
  // Only when a counted column changed: the server tests that without calling the function.
  // Deferred to the commit, so the counter rows are the last locks a change takes: a PATCH's
  // one statement claims its event slot before its row triggers run, while a change in a
  // transaction of several statements updates the order before it claims a slot; with the
  // counters taken at the update, those two orders of locking deadlocked (40P01, a 500) when
  // both met on one slot and one day's counters (test/scale-out.test.ts). At the commit a change
  // waits for nothing but counter rows, which every change takes in key order.
  const changed = COUNTED_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await run(
    sql.raw(`create constraint trigger order_counts_update after update of ${COUNTED_COLUMNS.join(', ')} on orders
    deferrable initially deferred for each row when (${changed}) execute function order_counts_move()`),
  );
  await run(sql`create constraint trigger order_counts_delete after delete on orders deferrable initially deferred for each row execute function order_counts_move()`);
}
