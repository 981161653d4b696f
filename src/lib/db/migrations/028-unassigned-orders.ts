import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The list of unassigned orders (`cs=none`, issue 39 §4) on PostgreSQL: its planner does not
// take `assigned_user_id IS NULL` as an equality, so it cannot walk 019's (tenant_id,
// assigned_user_id, created_at, id) in order under it: it read every unassigned order of the
// store and sorted them (3.2 s at 140,000 of a million). This partial index holds exactly those
// orders, newest first, as 025's does for the orders never followed up; an order leaves it when
// it is assigned. SQLite takes IS NULL as an equality and walks 019's index in order: nothing
// to add there.
export function unassignedOrders(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    if (dialect !== 'postgres') return;
    await sql`create index orders_tenant_unassigned_created on orders (tenant_id, created_at, id) where assigned_user_id is null`.execute(db);
  };
}
