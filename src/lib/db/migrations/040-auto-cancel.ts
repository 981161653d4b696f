import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db.js';

// Unpaid orders that close themselves (issue 44 §3; src/orders/auto-cancel/, docs/auto-cancel.md):
// - tenants.auto_cancel_days: cancel pending orders N days (1-30) after they were placed; null: off.
// - tenants.auto_cancel_on_at: when it was last turned on (the page says "aktif sejak").
// - tenants.auto_cancel_from: the orders placed at or after this moment are subject to it (the
//   moment it was turned on; 0 once the seller included the older pending orders).
// - worker_leases: one row per background worker that must run in one process at a time, held
//   by a random token until `locked_until` (the auto-cancel worker's; any later one may share it).
// - messaging_steps.delay_minutes: null now means "the default timing". fu4's stored 72 hours
//   (written by every save of the messaging page, whether chosen or not) is made null, so that
//   fu4's default follows the auto-cancel deadline (24 hours before it) when the setting is on.
// Additive apart from that last update.
export function autoCancel(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    await db.schema.alterTable('tenants').addColumn('auto_cancel_days', 'integer').execute();
    await db.schema.alterTable('tenants').addColumn('auto_cancel_on_at', bigint).execute();
    await db.schema.alterTable('tenants').addColumn('auto_cancel_from', bigint).execute();
    await db.schema
      .createTable('worker_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('lease_token', 'text')
      .addColumn('locked_until', bigint, (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update messaging_steps set delay_minutes = null where step = 'fu4' and delay_minutes = ${72 * 60}`.execute(db);
  };
}
