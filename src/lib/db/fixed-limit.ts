// A LIMIT written into the SQL, not bound. SQLite (3.53) lets a bound LIMIT's value steer the
// query plan, so it re-prepares a statement whose LIMIT is a parameter on every run, as if
// the schema had changed: a one-row read took 2.7 us instead of 0.5 us, and each poll of the
// webhook dispatcher re-prepared three statements at about 95k instructions each (issue 13,
// docs/benchmarks.md). On SQLite such SQL is refused (refuseBoundLimit); PostgreSQL takes
// either.
import { sql, type RawBuilder } from 'kysely';

export function fixedLimit(n: number): RawBuilder<number> {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a LIMIT must be a whole number, got ${n}`);
  return sql.lit(n);
}

const BOUND_LIMIT = /\blimit\s+\?/i;

/** Throws for SQL that binds its LIMIT (SQLite only: see above); a programming error, found by the tests. */
export function refuseBoundLimit(text: string): void {
  if (BOUND_LIMIT.test(text)) throw new Error(`SQL for SQLite must write its LIMIT as a literal (fixedLimit), not bind it: ${text}`);
}
