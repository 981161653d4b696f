import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Form views (issue 45 §3; src/insights/form-views/, docs/insights.md "Form views"): a store's
// views of its order forms per UTC hour (epoch hours: floor(ms / 3,600,000)), product and the
// visit's utm_source and utm_campaign ('' for none, as the orders' UTM key). Each API process
// counts in memory and adds its counts here in one upsert every few seconds, so several
// processes add up. No foreign key to products: a deleted product's views stay counted.
// The key leads with the store and the hour, the range every read of the insights takes.
export function formViews(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
    const withoutRowid = dialect === 'sqlite' ? ' without rowid' : '';
    await sql
      .raw(`create table form_views (tenant_id ${bigint} not null, hour ${bigint} not null, product_id ${bigint} not null,
        utm_source text not null default '', utm_campaign text not null default '', views ${bigint} not null,
        constraint form_views_pk primary key (tenant_id, hour, product_id, utm_source, utm_campaign))${withoutRowid}`)
      .execute(db);
  };
}
