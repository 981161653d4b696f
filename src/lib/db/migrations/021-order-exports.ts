import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The audit of the orders' CSV exports (issue 33 §3): the file holds buyers' personal data, so
// every export is recorded, who, when, the list's query it exported, and how many rows it sent (row_count).
// The row is written when the export starts and its count when it ends (`finished_at`; null
// while it runs, or when the download stopped before the end). Read by the owner, newest first,
// by (tenant_id, id). Additive only.
export function orderExports(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('order_exports')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('row_count', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('finished_at', bigint)
      .execute();
    await db.schema.createIndex('order_exports_tenant').on('order_exports').columns(['tenant_id', 'id']).execute();
  };
}
