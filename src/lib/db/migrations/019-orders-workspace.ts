import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The orders workspace (issue 32): what the list, the order's page and the CS scope read.
// - orders.source: where the order came from (src/events/sources.ts: form, manual, api, cli,
//   import, system); null for orders created before, whose source was not recorded.
// - orders.assigned_user_id: the CS member the order is assigned to, null when unassigned. A CS
//   sees only their orders, so every list of a CS reads through (tenant_id, assigned_user_id).
// - orders.utm_source, orders.utm_campaign: copied out of ad_params so the list can filter and
//   index them; the orders already taken are filled from their ad_params.
// - order_notes: internal notes on an order, visible to the store's members only.
// Additive only.
export function ordersWorkspace(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').addColumn('source', 'text').execute();
    await db.schema.alterTable('orders').addColumn('assigned_user_id', bigint, (c) => c.references('users.id')).execute();
    await db.schema.alterTable('orders').addColumn('utm_source', 'text').execute();
    await db.schema.alterTable('orders').addColumn('utm_campaign', 'text').execute();
    if (dialect === 'sqlite') {
      await sql`update orders set utm_source = json_extract(ad_params, '$.utm_source'), utm_campaign = json_extract(ad_params, '$.utm_campaign')
        where json_valid(ad_params) and (json_extract(ad_params, '$.utm_source') is not null or json_extract(ad_params, '$.utm_campaign') is not null)`.execute(db);
    } else {
      await sql`update orders set utm_source = ad_params::jsonb ->> 'utm_source', utm_campaign = ad_params::jsonb ->> 'utm_campaign'
        where ad_params::jsonb ?| array['utm_source', 'utm_campaign']`.execute(db);
    }
    await db.schema
      .createIndex('orders_tenant_assigned_created')
      .on('orders')
      .columns(['tenant_id', 'assigned_user_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('order_notes')
      .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull().references('orders.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_notes_tenant_order').on('order_notes').columns(['tenant_id', 'order_id', 'id']).execute();
  };
}
