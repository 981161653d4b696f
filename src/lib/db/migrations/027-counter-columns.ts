import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The tab counters with one column per status (issue 39; docs/feed.md, "Counts"). A status move,
// most of the counts consumer's work, changes two statuses of the same counters: one row of a
// counter now instead of one row per status, so a batch upserts half the rows. Both tables are
// made anew, empty, and the counts consumer's position is forgotten: it starts again from a
// recount of the orders (its backfill) and, until then, the counts are counted directly.

/** The statuses as of this migration (src/orders/core/statuses.ts). */
const STATUSES = ['pending', 'closing', 'invalid_no_hp', 'paid', 'cancelled', 'shipped', 'completed'];

export function counterColumnsMigration(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    const statusColumns = STATUSES.map((s) => `${s} ${bigint} not null default 0`).join(', ');
    const withoutRowid = dialect === 'sqlite' ? ' without rowid' : '';
    await sql`drop table order_counts`.execute(db);
    await sql`drop table order_pair_counts`.execute(db);
    await sql
      .raw(`create table order_counts (tenant_id ${bigint} not null, dimension text not null, value text not null, day ${bigint} not null, ${statusColumns},
        constraint order_counts_pk primary key (tenant_id, dimension, value, day))${withoutRowid}`)
      .execute(db);
    await sql
      .raw(`create table order_pair_counts (tenant_id ${bigint} not null, dimensions text not null, value text not null, ${statusColumns},
        constraint order_pair_counts_pk primary key (tenant_id, dimensions, value))${withoutRowid}`)
      .execute(db);
    await sql`delete from feed_consumers where name = 'counts'`.execute(db);
  };
}
