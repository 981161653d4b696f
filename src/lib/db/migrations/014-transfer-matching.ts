import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Manual transfers matched from the bank statement (issue 11, section 4; docs/transfers.md).
// - orders.unique_code: the code (1..999) added to a bank-transfer order's total, null when
//   none; orders.transfer_manual_match: 1 when the switch was on but no code was free.
// - transfer_codes: the amounts claimed by the store's open (pending or closing) transfer
//   orders that carry a code. Its primary key (tenant_id, amount) is what makes two open
//   orders of one store never share an amount; a row goes when its order leaves pending and
//   closing.
// - transfer_applied_lines: every statement credit that paid an order, under a unique key
//   over (store, bank, date, amount, description, balance), kept as a SHA-256 so the payer's
//   name in the description is not stored; a line applied once never applies again.
// Additive only.
export function transferMatching(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').addColumn('unique_code', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('transfer_manual_match', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('transfer_codes')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('transfer_codes_pk', ['tenant_id', 'amount'])
      .execute();
    await db.schema.createIndex('transfer_codes_order').on('transfer_codes').columns(['order_id']).unique().execute();

    await db.schema
      .createTable('transfer_applied_lines')
      .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('line_key', 'text', (c) => c.notNull())
      .addColumn('bank', 'text', (c) => c.notNull())
      .addColumn('credit_date', 'text', (c) => c.notNull())
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('user_id', bigint, (c) => c.notNull())
      .addColumn('applied_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('transfer_applied_lines_key').on('transfer_applied_lines').columns(['tenant_id', 'line_key']).unique().execute();

    // The statement's matching reads a store's open transfer orders by amount.
    await db.schema.createIndex('orders_tenant_total').on('orders').columns(['tenant_id', 'total']).execute();
  };
}
