import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The dashboard user behind an order history entry (issue 30, point 12): `actor` keeps the
// name shown at the time, `actor_user_id` the user, so a renamed user's past entries still
// point at them. Null for entries without a dashboard user (API keys, payments, the CLI) and
// for every entry written before. Additive only.
export function historyActorUser(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('order_history').addColumn('actor_user_id', bigint, (c) => c.references('users.id')).execute();
  };
}
