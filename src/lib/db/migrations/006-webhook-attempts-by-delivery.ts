import { type Kysely } from 'kysely';

// Attempts by delivery alone: housekeeping deletes a delivery's attempts by delivery_id,
// and deleting the deliveries checks the foreign key from webhook_attempts for each one.
// 002's index starts with tenant_id, so neither could use it. Additive: an index only.
export function webhookAttemptsByDelivery() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
  };
}
