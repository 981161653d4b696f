import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The CS rotation (issue 34 §1, src/rotation/): new orders shared out among the store's members.
// - rotations: one row per store that ever saved its rotation (none: mode 'off', nothing
//   changes); the row is also the lock the assignment of a new order takes on PostgreSQL
//   (`select ... for update`), so that processes pick in turn.
// - rotation_members: who is in it, their weight (1-10), their duty, and `current`, the smooth
//   weighted round-robin's running value of the member (nginx's algorithm), kept here so every
//   process continues the same cycle.
// The sticky buyer's probe (latest order of a phone in a store) uses 001's orders_tenant_phone
// (tenant_id, customer_phone, id): no index is added. Additive only.
export function csRotation(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rotations')
      .addColumn('tenant_id', bigint, (c) => c.primaryKey().references('tenants.id'))
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('off'))
      .addColumn('sticky', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('rotation_members')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('current', bigint, (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('rotation_members_pk', ['tenant_id', 'user_id'])
      .execute();
  };
}
