import { type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The hourly event counter of a store is split over slots (src/events/hourly-cap.ts), so
// that concurrent status changes of one store do not all wait on one row until they
// commit. The counts only matter within their clock hour: the table is recreated, and the
// current hour starts counting again from zero.
export function eventCountSlots(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('event_hourly_counts').execute();
    await db.schema
      .createTable('event_hourly_counts')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('hour_start', bigint, (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_hourly_counts_pk', ['tenant_id', 'hour_start', 'slot'])
      .execute();
  };
}
