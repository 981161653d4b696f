import { sql, type Kysely } from 'kysely';

// The unique transfer code's switch moves from store_settings to the tenants row (issue 30,
// point 14), so that a new store can start with it on without a store_settings row (a saved
// row tells the home checklist that payments were chosen). createTenant sets it on for every
// new store. No existing store changes: the column's default is off, which is what a store
// without a store_settings row reads today, and the stores that turned it on are copied.
export function uniqueCodeOnStore() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tenants').addColumn('unique_code', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update tenants set unique_code = 1 where id in (select tenant_id from store_settings where unique_code = 1)`.execute(db);
    await db.schema.alterTable('store_settings').dropColumn('unique_code').execute();
  };
}
