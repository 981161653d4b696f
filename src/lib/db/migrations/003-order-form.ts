import { type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The order form and payment confirmation: store settings, shipping rates, one row per
// form token (double submit), the gateway charge of an order and every gateway notification.
// Same column types as 001: epoch milliseconds in bigint, JSON as text.
export function orderForm(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';

  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('store_settings')
      .addColumn('tenant_id', bigint, (c) => c.primaryKey().references('tenants.id'))
      .addColumn('payment_methods', 'text', (c) => c.notNull().defaultTo('["bank_transfer","cod"]'))
      .addColumn('gateway', 'text')
      .addColumn('bank_accounts', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('whatsapp_number', 'text')
      .addColumn('thank_you_template', 'text')
      // Gateway secrets: used to sign charges and verify notifications; never logged or printed.
      .addColumn('midtrans_server_key', 'text')
      .addColumn('xendit_secret_key', 'text')
      .addColumn('xendit_callback_token', 'text')
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('shipping_rates')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('courier', 'text', (c) => c.notNull())
      // A province name, or '*' for every province without its own rate.
      .addColumn('province', 'text', (c) => c.notNull())
      .addColumn('fee', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('shipping_rates_pk', ['tenant_id', 'courier', 'province'])
      .execute();

    // One row per form token: the second submit of the same form finds the first order.
    await db.schema
      .createTable('form_submissions')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('form_submissions_pk', ['tenant_id', 'token'])
      .execute();

    await db.schema
      .createTable('payment_charges')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('payment_url', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_charges_pk', ['tenant_id', 'order_id'])
      .execute();

    await db.schema
      .createTable('payment_notifications')
      .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount', bigint)
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('received_at', bigint, (c) => c.notNull())
      // A gateway repeats a notification until it is answered 2xx: the repeat adds nothing.
      .addUniqueConstraint('payment_notifications_once', ['tenant_id', 'gateway', 'transaction_id', 'status'])
      .execute();
    await db.schema
      .createIndex('payment_notifications_tenant_order')
      .on('payment_notifications')
      .columns(['tenant_id', 'order_id', 'id'])
      .execute();
  };
}
