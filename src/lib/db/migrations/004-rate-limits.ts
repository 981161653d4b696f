import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

/** The table of rate-limiter-flexible's PostgreSQL store (src/lib/limits.ts), in its own layout. */
const RATE_LIMIT_TABLE = 'rate_limits';

// PostgreSQL keeps the rate-limit windows when no Redis is configured. SQLite never needs
// the table: the embedded server is one process and keeps its windows in memory.
export function rateLimits(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    if (dialect !== 'postgres') return;
    await db.schema
      .createTable(RATE_LIMIT_TABLE)
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      // Epoch milliseconds at which the window (or the block) ends.
      .addColumn('expire', 'bigint')
      .execute();
    await sql`create index rate_limits_expire on ${sql.table(RATE_LIMIT_TABLE)} (expire)`.execute(db);
  };
}
