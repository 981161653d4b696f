import { type Kysely } from 'kysely';

// events_tenant_order (tenant_id, order_id, id), from 001 and rebuilt by 008, is read by no
// query: the outbox is read by id (the fan-out's partial index, the deliveries' join), an
// order's past by order_history. It cost every status change one more index entry in a
// random page (issue 13: about a tenth of a SQLite PATCH's own work). Nothing deletes orders
// or tenants, so no foreign-key check needs it either. A feature that lists an order's
// events adds the index it reads with.
export function dropUnreadEventIndex() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('events_tenant_order').ifExists().execute();
  };
}
