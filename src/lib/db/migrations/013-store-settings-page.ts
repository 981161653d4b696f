import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The dashboard's settings page (issue 11, section 3): the store's time zone (an IANA name;
// null: the server's TZ) and the audit log of sensitive changes (bank accounts, gateway
// credentials, the unique-code switch): which field, who, when, never the value. Additive only.
export function storeSettingsPage(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tenants').addColumn('time_zone', 'text').execute();
    await db.schema
      .createTable('settings_audit')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('settings_audit_tenant').on('settings_audit').columns(['tenant_id', 'id']).execute();
  };
}
