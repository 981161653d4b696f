import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The dashboard's integrations (issue 10): keys issued by purpose, webhook secret rotation
// and test events.
//
// - api_keys.purpose: the dashboard purpose a key was issued for (null for CLI keys).
// - api_keys.active_name: the connector name while the key holds it; null once the key is
//   revoked or its name was released after expiry. One plain unique index on (tenant_id,
//   active_name) replaces 001's partial index on non-revoked names, so an expired key can
//   give its name up (docs/decisions.md) and the index still decides every race.
// - webhook_endpoints.previous_secret(_until): the secret a rotation replaced, which still
//   signs deliveries beside the new one until previous_secret_until.
// - webhook_test_sends: test events per endpoint and clock hour, counted under the primary key;
//   webhook_deliveries_tenant_endpoint: one endpoint's delivery log.
// - events.order_id may be null: a webhook.test event belongs to no order.
//
// Not additive in two places, both only reachable by this version's code: 001's name index
// goes (an older `lapak key issue` would fail on ON CONFLICT against it), and SQLite rebuilds
// `events` to drop NOT NULL (PostgreSQL alters the column in place).
export function integrations(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';

  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('api_keys').addColumn('purpose', 'text').execute();
    await db.schema.alterTable('api_keys').addColumn('active_name', 'text').execute();
    await sql`update api_keys set active_name = name where revoked_at is null`.execute(db);
    await db.schema.dropIndex('api_keys_active_name').execute();
    await db.schema.createIndex('api_keys_name_holder').on('api_keys').columns(['tenant_id', 'active_name']).unique().execute();

    await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_until', bigint).execute();

    await db.schema
      .createTable('webhook_test_sends')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('endpoint_id', bigint, (c) => c.notNull().references('webhook_endpoints.id'))
      .addColumn('hour_start', bigint, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_test_sends_pk', ['endpoint_id', 'hour_start'])
      .execute();
    // The dashboard lists one endpoint's deliveries, newest first.
    await db.schema.createIndex('webhook_deliveries_tenant_endpoint').on('webhook_deliveries').columns(['tenant_id', 'endpoint_id', 'id']).execute();

    if (dialect === 'postgres') {
      await sql`alter table events alter column order_id drop not null`.execute(db);
      return;
    }
    await rebuildSqliteEvents(db);
  };
}

/**
 * SQLite cannot drop NOT NULL in place: the table is rebuilt (sqlite.org/lang_altertable.html,
 * "other kinds of table schema changes"), with foreign keys off around the transaction, the
 * same indexes, and the AUTOINCREMENT counter kept, so an event id (a webhook-id, which
 * receivers deduplicate on) is never handed out twice.
 */
async function rebuildSqliteEvents(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'events'`.execute(tx);
      await sql`create table events_new (
        id integer primary key autoincrement,
        tenant_id integer not null references tenants (id),
        order_id integer references orders (id),
        type text not null,
        payload text not null,
        created_at integer not null,
        fanned_out_at integer
      )`.execute(tx);
      await sql`insert into events_new (id, tenant_id, order_id, type, payload, created_at, fanned_out_at)
        select id, tenant_id, order_id, type, payload, created_at, fanned_out_at from events`.execute(tx);
      await sql`drop table events`.execute(tx);
      await sql`alter table events_new rename to events`.execute(tx);
      const kept = seq.rows[0]?.seq;
      if (kept !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${kept}) where name = 'events'`.execute(tx);
      if (kept !== undefined) await sql`insert into sqlite_sequence (name, seq) select 'events', ${kept} where not exists (select 1 from sqlite_sequence where name = 'events')`.execute(tx);
      await sql`create index events_tenant_order on events (tenant_id, order_id, id)`.execute(tx);
      await sql`create index events_fan_out_pending on events (id) where fanned_out_at is null`.execute(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error('events rebuild left foreign keys unsatisfied');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
