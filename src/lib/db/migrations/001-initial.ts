import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// One set of migrations for both backends: only the id and big-integer types differ.
export function initial(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey();

  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tenants')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('shipping_integration', 'text')
      .addColumn('opening_message_template', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('sale_price', bigint)
      .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('variant_prices', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('variant_compare_prices', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('variant_display', 'text', (c) => c.notNull().defaultTo('default'))
      .addColumn('meta_pixel_id', 'text')
      .addColumn('gtm_id', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('products_tenant_slug', ['tenant_id', 'slug'])
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('product_id', bigint, (c) => c.notNull().references('products.id'))
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', bigint, (c) => c.notNull())
      .addColumn('total', bigint, (c) => c.notNull())
      .addColumn('shipping_fee', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('courier', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('resi', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_email', 'text')
      .addColumn('customer_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_village', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_district', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_province', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('customer_postal_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ad_params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addCheckConstraint(
        'orders_status_known',
        sql`status in ('pending','closing','invalid_no_hp','paid','cancelled','shipped','completed')`,
      )
      .execute();
    await db.schema
      .createIndex('orders_tenant_phone')
      .on('orders')
      .columns(['tenant_id', 'customer_phone', 'id'])
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('marker', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('expires_at', bigint)
      .addColumn('revoked_at', bigint)
      .addColumn('last_used_at', bigint)
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    // SPEC: a connector name must differ from the names of the store's other active keys.
    await db.schema
      .createIndex('api_keys_active_name')
      .on('api_keys')
      .columns(['tenant_id', 'name'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('idempotency_records')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('api_key_id', bigint, (c) => c.notNull().references('api_keys.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_records_pk', ['tenant_id', 'api_key_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('idempotency_records_expiry').on('idempotency_records').column('expires_at').execute();

    await db.schema
      .createTable('events')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('events_tenant_order').on('events').columns(['tenant_id', 'order_id', 'id']).execute();

    await db.schema
      .createTable('event_hourly_counts')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('hour_start', bigint, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_hourly_counts_pk', ['tenant_id', 'hour_start'])
      .execute();

    await db.schema
      .createTable('order_history')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('old_value', 'text')
      .addColumn('new_value', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_history_tenant_order')
      .on('order_history')
      .columns(['tenant_id', 'order_id', 'id'])
      .execute();

    await db.schema
      .createTable('lookup_brake')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('api_key_id', bigint, (c) => c.notNull().references('api_keys.id'))
      .addColumn('window_start', bigint, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lookup_brake_pk', ['api_key_id', 'window_start'])
      .execute();
  };
}
