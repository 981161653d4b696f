// How prepared queries (prepared.ts) run on SQLite without Kysely: synchronously, on the one
// connection, each SQL text compiled once. Rows come from better-sqlite3 as arrays and become
// objects here. better-sqlite3's own row objects are built column by column through V8's C++
// API (a property lookup and a map transition each: about 2,500 instructions a column, 52k
// of a PATCH's 624k, issue 13); an object literal compiled once per statement builds the same
// object in a fraction of that.
import type SQLite from 'better-sqlite3';
import type { StatementOutcome } from './prepared.js';

interface Compiled {
  statement: SQLite.Statement;
  /** null for a statement that returns no rows (a write without RETURNING, a SAVEPOINT). */
  toRow: ((values: unknown[]) => unknown) | null;
}

/**
 * `{ "name": values[0], ... }` for the statement's columns, in their order: the object
 * better-sqlite3 would build (a later duplicate name wins; "__proto__" sets the prototype, as
 * better-sqlite3's assignment does).
 */
function rowBuilder(names: string[]): (values: unknown[]) => unknown {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
}

/**
 * Runs prepared queries, compiled with `prepare` (statements of their own: not the ones
 * Kysely's queries share, which must keep giving objects): `run` any statement, `read` only
 * one that returns rows (undefined for a write: the caller sends it through Kysely).
 */
export function sqliteStatements(prepare: (text: string) => SQLite.Statement): {
  run(text: string, parameters: readonly unknown[]): StatementOutcome;
  read(text: string, parameters: readonly unknown[]): StatementOutcome | undefined;
} {
  // Prepared queries are a fixed set of texts, written in the code: the cache stays small.
  const cache = new Map<string, Compiled>();
  function compile(text: string): Compiled {
    let found = cache.get(text);
    if (!found) {
      const statement = prepare(text);
      found = statement.reader
        ? { statement: statement.raw(true), toRow: rowBuilder(statement.columns().map((column) => column.name)) }
        : { statement, toRow: null };
      cache.set(text, found);
    }
    return found;
  }
  function execute({ statement, toRow }: Compiled, parameters: readonly unknown[]): StatementOutcome {
    if (toRow) return { rows: (statement.all(...parameters) as unknown[][]).map(toRow), changes: 0 };
    return { rows: [], changes: statement.run(...parameters).changes };
  }
  return {
    run: (text, parameters) => execute(compile(text), parameters),
    read: (text, parameters) => {
      const found = compile(text);
      return found.toRow ? execute(found, parameters) : undefined;
    },
  };
}
