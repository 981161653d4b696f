import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Follow-ups in one tap (issue 34 §2) and each member's own WhatsApp number (§1, last bullet).
// - message_templates: a store's own texts of the follow-up steps (src/templates/follow-up-steps.ts),
//   one row per step with a text per payment method; null (or no row at all): the default in code,
//   so new and existing stores get the defaults without a data migration.
// - orders.follow_up_count, follow_up_last_step, follow_up_last_at: the presses of the order's
//   follow-ups, written in the press's transaction beside its history entry, so the list shows them
//   and filters on them without a join or an aggregate per row. No counted column (020, 022):
//   a press fires no counter or live-list trigger.
// - orders_tenant_not_followed_created: the list's `followed_up=none` walks the store's orders that
//   never had a follow-up newest first (a partial index: an order leaves it at its first press);
//   orders_tenant_not_followed_status and orders_tenant_pending_follow_up hold what the tab counts
//   under `followed_up=none` and `stale_hours` test, so those counts read no order row (measured at
//   a million orders: 2.5 s of CPU a count before, reading each order for its status).
//   `stale_hours` needs none: a stale order is pending and created before the cut-off, which the
//   tab's (tenant_id, status, created_at, id) of 020 serves (docs/benchmarks.md).
// - memberships.whatsapp_number: the member's number in this store (international digits, 62...).
// Additive only.
export function followUps(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('message_templates')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('bank_transfer', 'text')
      .addColumn('cod', 'text')
      .addColumn('gateway', 'text')
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('message_templates_pk', ['tenant_id', 'step'])
      .execute();
    await db.schema.alterTable('orders').addColumn('follow_up_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('follow_up_last_step', 'text').execute();
    await db.schema.alterTable('orders').addColumn('follow_up_last_at', bigint).execute();
    await sql`create index orders_tenant_not_followed_created on orders (tenant_id, created_at, id) where follow_up_count = 0`.execute(db);
    // The tab counts under those filters read only these (index-only: every column they test is
    // in the index): a million orders never followed up are counted without reading one order row.
    await sql`create index orders_tenant_not_followed_status on orders (tenant_id, status) where follow_up_count = 0`.execute(db);
    await sql`create index orders_tenant_pending_follow_up on orders (tenant_id, created_at, follow_up_last_at, status) where status = 'pending'`.execute(db);
    await db.schema.alterTable('memberships').addColumn('whatsapp_number', 'text').execute();
  };
}
