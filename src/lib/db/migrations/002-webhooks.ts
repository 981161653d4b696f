import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Webhook endpoints, one delivery per (event, endpoint), and every attempt of a delivery.
// Same column types as 001: epoch milliseconds in bigint, flags 0/1.
export function webhooks(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey();

  return async function up(db: Kysely<unknown>): Promise<void> {
    // Set once the dispatcher has turned the event into deliveries (fan-out). Until then
    // the event is pending, so an event is never lost between the outbox and delivery.
    await db.schema.alterTable('events').addColumn('fanned_out_at', bigint).execute();
    await db.schema
      .createIndex('events_fan_out_pending')
      .on('events')
      .column('id')
      .where(sql.ref('fanned_out_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('disabled_reason', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('removed_at', bigint)
      .execute();
    await db.schema.createIndex('webhook_endpoints_tenant').on('webhook_endpoints').columns(['tenant_id', 'id']).execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('event_id', bigint, (c) => c.notNull().references('events.id'))
      .addColumn('endpoint_id', bigint, (c) => c.notNull().references('webhook_endpoints.id'))
      // Copied from the event so the per-order ordering rule needs no join.
      .addColumn('order_id', bigint, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', bigint, (c) => c.notNull())
      // The lease of the dispatcher sending it; an expired lease means the sender died.
      .addColumn('locked_until', bigint)
      .addColumn('lease_token', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addColumn('delivered_at', bigint)
      // Fan-out is idempotent: a second fan-out of the same event adds nothing.
      .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
      .addCheckConstraint('webhook_deliveries_status_known', sql`status in ('pending','delivered','failed','cancelled')`)
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['next_attempt_at', 'id'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_order')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'order_id', 'event_id'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_tenant_event')
      .on('webhook_deliveries')
      .columns(['tenant_id', 'event_id', 'id'])
      .execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('delivery_id', bigint, (c) => c.notNull().references('webhook_deliveries.id'))
      .addColumn('attempted_at', bigint, (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('response_snippet', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_attempts_tenant_delivery')
      .on('webhook_attempts')
      .columns(['tenant_id', 'delivery_id', 'id'])
      .execute();
  };
}
