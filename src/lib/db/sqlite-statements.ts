// How prepared queries (prepared.ts) run on SQLite without Kysely: synchronously, on the one
// connection, each SQL text compiled once. Rows come from better-sqlite3 as arrays and become
// objects here (row-builder.ts): better-sqlite3's own row objects cost 52k of a PATCH's 624k
// instructions (issue 13).
import type SQLite from 'better-sqlite3';
import type { StatementOutcome } from './prepared.js';
import { rowBuilder, type RowBuilder } from './row-builder.js';

interface Compiled {
  statement: SQLite.Statement;
  /** null for a statement that returns no rows (a write without RETURNING, a SAVEPOINT). */
  toRow: RowBuilder | null;
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
