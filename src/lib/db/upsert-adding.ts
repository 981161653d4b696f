// Counters kept by adding: rows of (key..., amounts...) inserted, or added to the row of the same
// key (the feed's consumers: the tab counters, insights' totals). Callers write in key order, so
// two writers of the same counters never lock them in opposite orders.
import { CompiledQuery, sql } from 'kysely';
import { isPostgres, type Db, type Tx } from './db.js';
import { prepareQuery } from './prepared.js';

export interface AddingTable {
  table: string;
  /** The key's columns and their PostgreSQL types ('bigint', 'text'). */
  key: ReadonlyArray<readonly [string, 'bigint' | 'text']>;
  /** The amounts' columns (bigint), added on conflict. */
  amounts: readonly string[];
}

type Row = ReadonlyArray<string | number>;
type Args = Record<string, string | number>;

// PostgreSQL: one statement a chunk (one round trip), its rows as a JSON array of arrays (the key,
// then the amounts): the SQL text stays the same whatever the number of rows (a statement per
// count of rows would fill the statement caches).
const CHUNK = 5_000;

// SQLite: one prepared statement a row, run on the fold's connection without Kysely (runEach:
// synchronously in the group commit, 4.7 against 6.0 us a row without a promise each). Half the CPU
// of the JSON array: SQLite parsed each row's array once per column (3 against 6 us a counter,
// measured on 31,000 of the tab counters).
const slot = (i: number) => `c${i}`;

/** The statement's parts: the columns (the key's, then the amounts'), the conflict's key, the additions. */
function partsOf(spec: AddingTable) {
  const columns = [...spec.key.map(([c]) => c), ...spec.amounts];
  return {
    columns,
    keyList: spec.key.map(([c]) => c).join(', '),
    add: spec.amounts.map((c) => `${c} = ${spec.table}.${c} + excluded.${c}`).join(', '),
  };
}

/** SQLite's statement of one row, its values as `?` in the columns' order: the one that upsertAdding prepares (the bench's floor runs it through better-sqlite3). */
export function sqliteAddingStatement(spec: AddingTable): string {
  const { columns, keyList, add } = partsOf(spec);
  return `insert into ${spec.table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) on conflict (${keyList}) do update set ${add}`;
}

/** PostgreSQL's statement of a chunk, its rows as `$1` (the JSON array's text): the one that upsertAdding runs (the bench's floor runs it through pg). */
export function postgresAddingStatement(spec: AddingTable): string {
  const { columns, keyList, add } = partsOf(spec);
  const types = [...spec.key.map(([, type]) => type), ...spec.amounts.map(() => 'bigint')];
  return `insert into ${spec.table} (${columns.join(', ')})
    select ${types.map((type, i) => `(r ->> ${i})::${type}`).join(', ')} from jsonb_array_elements($1::jsonb) r
    on conflict (${keyList}) do update set ${add}`;
}

/** Writes `rows` (each the key's values, then the amounts'), adding to the rows already there, in the caller's transaction. */
export function upsertAdding(spec: AddingTable): (tx: Tx, rows: readonly Row[]) => Promise<void> {
  const parts = partsOf(spec);
  const columns = parts.columns;
  const keyList = sql.raw(parts.keyList);
  const add = sql.raw(parts.add);
  const columnList = sql.raw(columns.join(', '));
  const slots = columns.map((_, i) => slot(i));
  const prepared = prepareQuery((_db: Db, a: Args) =>
    sql`insert into ${sql.table(spec.table)} (${columnList}) values (${sql.join(columns.map((_, i) => sql`${a[slot(i)]}`))})
      on conflict (${keyList}) do update set ${add}`,
  );
  const postgresText = postgresAddingStatement(spec);
  return async (tx, rows) => {
    if (isPostgres(tx)) {
      for (let i = 0; i < rows.length; i += CHUNK) await tx.executeQuery(CompiledQuery.raw(postgresText, [JSON.stringify(rows.slice(i, i + CHUNK))]));
      return;
    }
    await prepared.runEach(
      tx,
      rows.map((row) => {
        const args: Args = {};
        for (let i = 0; i < slots.length; i++) args[slots[i]!] = row[i]!;
        return args;
      }),
    );
  };
}
