// Queries on the hot paths, built and compiled once per SQL dialect. Building and compiling
// a Kysely query costs 10-25 us, several times what SQLite needs to answer it; a prepared
// query only swaps its arguments into the compiled parameter list.
import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';

type Args = Record<string, unknown>;

const MARK = '\u0000lapak-arg:';

/**
 * Starts the SQL of every prepared query. On PostgreSQL such a text runs as a named
 * prepared statement (src/lib/db/db.ts): parsed and planned once per connection.
 */
export const PREPARED_SQL_MARK = '/* lapak:prepared */ ';

// A named statement's result columns are fixed when it is prepared: `select *` would fail
// ("cached plan must not change result type") once a migration adds a column while a
// process runs. Prepared queries list their columns.
const SELECTS_ALL = /\bselect\s+\*|\.\*/i;

/** What a statement gave: its rows (none for a write without RETURNING) and the rows it changed. */
export interface StatementOutcome {
  rows: unknown[];
  changes: number;
}

/**
 * Runs a prepared statement without Kysely: its outcome at once (SQLite) or later (PostgreSQL),
 * or undefined when it cannot (SQLite's connection is busy: go through Kysely).
 */
export type DirectExecutor = (sql: string, parameters: readonly unknown[]) => StatementOutcome | Promise<StatementOutcome> | undefined;

// Kysely's way to a query is several promise hops (connection provider, driver, lock,
// result). Keyed by the database handle, so a transaction (another handle) goes through
// Kysely, unless runPreparedDirectly() says that it holds the connection. SQLite: a prepared
// read on an idle connection runs synchronously. PostgreSQL: any prepared statement on the
// database handle runs on a pooled connection of its own, as Kysely would run it.
const directExecutors = new WeakMap<object, DirectExecutor>();
// SQLite, per database handle: runs any prepared statement (a write too) on its one
// connection, for a transaction that holds that connection.
const directStatements = new WeakMap<object, DirectExecutor>();

/**
 * How prepared queries on `db` skip Kysely. `read` serves prepared statements on `db` itself
 * (SQLite: reads when the connection is idle; undefined means busy, go through Kysely);
 * `statement` (SQLite) runs any prepared statement, a write too, for a transaction that
 * holds the connection (runPreparedDirectly).
 */
export function registerDirectExecutors(db: object, read: DirectExecutor, statement?: DirectExecutor): void {
  directExecutors.set(db, read);
  if (statement) directStatements.set(db, statement);
}

/**
 * For the group transaction of the SQLite write path (write-transaction.ts), which holds the
 * one connection from BEGIN to COMMIT: prepared statements on `tx` run synchronously on it
 * (every statement of a PATCH), instead of through Kysely's promise hops. Nothing else can
 * run on the connection meanwhile, so they see and write exactly what they would through Kysely.
 */
export function runPreparedDirectly(tx: object, db: object): void {
  const statement = directStatements.get(db);
  if (statement) directExecutors.set(tx, statement);
}

interface Template<R> {
  compiled: CompiledQuery<R>;
  /** For each compiled parameter, the argument it takes, or null for a constant. */
  slots: Array<string | null>;
}

/**
 * `build` receives placeholder arguments and must use them only as values (in where,
 * set, values, limit...), never in its own logic: each placeholder is a marker string.
 */
export function prepareQuery<DB, A extends Args, R>(
  build: (db: Kysely<DB>, args: A) => Compilable<R> | RawBuilder<R>,
): {
  all(db: Kysely<DB>, args: A): Promise<R[]>;
  first(db: Kysely<DB>, args: A): Promise<R | undefined>;
  /**
   * For a write: how many rows it changed (inserted, updated or deleted). A write that
   * needs no RETURNING costs SQLite less: RETURNING collects its rows in a temporary table.
   */
  run(db: Kysely<DB>, args: A): Promise<number>;
  /**
   * The same write once per arguments, in order (a fold's many counters): the rows it changed in
   * all. On SQLite's group transaction every run is synchronous, without a promise each.
   */
  runEach(db: Kysely<DB>, argsList: readonly A[]): Promise<number>;
} {
  // Keyed by the dialect's adapter class: a transaction compiles like its database.
  const templates = new Map<unknown, Template<R>>();

  function template(db: Kysely<DB>): Template<R> {
    const dialectKey = db.getExecutor().adapter.constructor;
    let found = templates.get(dialectKey);
    if (!found) {
      const placeholders = new Proxy({}, { get: (_target, name) => MARK + String(name) }) as A;
      const query = build(db, placeholders);
      const built = 'isRawBuilder' in query ? query.compile(db) : query.compile();
      if (SELECTS_ALL.test(built.sql)) throw new Error(`a prepared query must list its columns: ${built.sql}`);
      const compiled = { ...built, sql: PREPARED_SQL_MARK + built.sql };
      const slots = compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null,
      );
      found = { compiled, slots };
      templates.set(dialectKey, found);
    }
    return found;
  }

  const parametersOf = ({ compiled, slots }: Template<R>, args: A) =>
    compiled.parameters.map((value, i) => {
      const slot = slots[i];
      return slot == null ? value : args[slot];
    });

  async function throughKysely(db: Kysely<DB>, compiled: CompiledQuery<R>, parameters: unknown[]): Promise<StatementOutcome> {
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0n) };
  }

  async function execute(db: Kysely<DB>, args: A): Promise<StatementOutcome> {
    const found = template(db);
    const parameters = parametersOf(found, args);
    return directExecutors.get(db)?.(found.compiled.sql, parameters) ?? throughKysely(db, found.compiled, parameters);
  }

  async function runEach(db: Kysely<DB>, argsList: readonly A[]): Promise<number> {
    const found = template(db);
    const direct = directExecutors.get(db);
    let changes = 0;
    for (const args of argsList) {
      const parameters = parametersOf(found, args);
      const outcome = direct?.(found.compiled.sql, parameters) ?? throughKysely(db, found.compiled, parameters);
      changes += (outcome instanceof Promise ? await outcome : outcome).changes;
    }
    return changes;
  }

  return {
    all: async (db, args) => (await execute(db, args)).rows as R[],
    first: async (db, args) => (await execute(db, args)).rows[0] as R | undefined,
    run: async (db, args) => (await execute(db, args)).changes,
    runEach,
  };
}

/**
 * One prepared query per LIMIT, made on first use: SQLite needs the LIMIT written into the SQL
 * (fixed-limit.ts), so a query whose callers ask for different sizes is prepared once per size.
 */
export function preparedPerLimit<Q>(prepare: (limit: number) => Q): (limit: number) => Q {
  const made = new Map<number, Q>();
  return (limit) => {
    let query = made.get(limit);
    if (!query) made.set(limit, (query = prepare(limit)));
    return query;
  };
}
