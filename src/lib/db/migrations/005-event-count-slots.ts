import { type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The hourly event counter of a store, split over slots (src/events/hourly-cap.ts), so that
// concurrent status changes of one store do not all wait on one row until they commit.
// Additive, like every migration: processes of the previous version keep counting in
// 001's event_hourly_counts during a rolling deploy (each version then holds its own cap
// for that hour). event_hourly_counts is no longer read or written by this version.
export function eventCountSlots(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('event_hour_slots')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('hour_start', bigint, (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_hour_slots_pk', ['tenant_id', 'hour_start', 'slot'])
      .execute();
  };
}
