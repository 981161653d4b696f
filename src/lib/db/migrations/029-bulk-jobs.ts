import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Long bulk work off the request (issue 40 §5; src/orders/workspace/bulk/jobs/): a bulk move or
// assignment of more than 500 orders is a row here, run by the `bulk` worker one order after
// another. `order_ids` (JSON) is the list the request chose, fixed when it started; `position` is
// how many of them are done. Each order's change, `position` and the counters move in the order's
// own transaction, so a process killed mid-job leaves the job exactly where its last commit did,
// and the next claim carries on from there. `errors` (JSON) holds the first 100 refusals.
// Claimed under a lease (`locked_until`, `lease_token`) as the webhook deliveries are; the lease is
// renewed by every order's transaction. Read per store, newest first, by (tenant_id, id); the
// claim finds the unfinished ones by (state, next_attempt_at). Additive only.
export function bulkJobs(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('bulk_jobs')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('started_by', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('order_ids', 'text', (c) => c.notNull())
      .addColumn('total', bigint, (c) => c.notNull())
      .addColumn('position', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('changed', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('unchanged', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('refused', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('attempts', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', bigint, (c) => c.notNull())
      .addColumn('locked_until', bigint)
      .addColumn('lease_token', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('started_at', bigint)
      .addColumn('finished_at', bigint)
      .execute();
    await db.schema.createIndex('bulk_jobs_tenant').on('bulk_jobs').columns(['tenant_id', 'id']).execute();
    await db.schema.createIndex('bulk_jobs_due').on('bulk_jobs').columns(['state', 'next_attempt_at']).execute();
  };
}
