import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db.js';

// Messaging automation (issue 41; src/messaging/, docs/messaging.md).
// - messaging_settings: a store's provider (null: automation off), the pause switch and its
//   quiet hours ('HH:MM' start and end, null: none); one row per store, made on first save.
// - messaging_steps: per store and step, its automatic switch, its delay in minutes (fu1, fu2,
//   fu4; null for the others) and when it was last turned on (`on_since`: a step plans only what
//   falls due after it).
// - messages: one planned message per (order, step), never two. `next_at` is when the sender
//   looks at it next (its due time, the end of quiet hours, a retry); `allowed_at` the first moment
//   it was allowed to go (the 6-hour expiry counts from there). Claimed under a lease as the
//   webhook deliveries are. `phone` is the buyer's normalised number, set when it is sent (the 10-second spacing).
// - sandbox_outbox: what the sandbox provider accepted (the "Kotak keluar uji"), one row per
//   acceptance: a message sent twice shows twice.
// Additive only.
export function messaging(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('messaging_settings')
      .addColumn('tenant_id', bigint, (c) => c.primaryKey().references('tenants.id'))
      .addColumn('provider', 'text')
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quiet_start', 'text')
      .addColumn('quiet_end', 'text')
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('messaging_steps')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('is_on', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delay_minutes', bigint)
      .addColumn('on_since', bigint)
      .addPrimaryKeyConstraint('messaging_steps_pk', ['tenant_id', 'step'])
      .execute();
    await db.schema
      .createTable('messages')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('order_id', bigint, (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('due_at', bigint, (c) => c.notNull())
      .addColumn('next_at', bigint, (c) => c.notNull())
      .addColumn('allowed_at', bigint)
      .addColumn('sent_at', bigint)
      .addColumn('reason', 'text')
      .addColumn('text', 'text')
      .addColumn('provider', 'text')
      .addColumn('provider_message_id', 'text')
      .addColumn('attempts', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', bigint)
      .addColumn('lease_token', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('messages_order_step').on('messages').columns(['tenant_id', 'order_id', 'step']).unique().execute();
    // The sender's claim: the messages still to go, by when to look at them.
    await db.schema
      .createIndex('messages_due')
      .on('messages')
      .columns(['next_at'])
      .where(sql.ref('state'), 'in', ['planned', 'waiting_quiet_hours'])
      .execute();
    // The spacing of one phone's messages, and the last 24 hours by state.
    await db.schema.createIndex('messages_phone_sent').on('messages').columns(['tenant_id', 'phone', 'sent_at']).execute();
    await db.schema.createIndex('messages_tenant_updated').on('messages').columns(['tenant_id', 'updated_at']).execute();
    await db.schema
      .createTable('sandbox_outbox')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('message_id', bigint)
      .addColumn('order_id', bigint)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('provider_message_id', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sandbox_outbox_tenant').on('sandbox_outbox').columns(['tenant_id', 'id']).execute();
    // The planner's position: the feed's end now, so that it plans every change from this
    // migration on, whenever it first runs (as src/feed/read-feed.ts's feedEnd).
    if (dialect === 'sqlite') {
      await sql`insert into feed_consumers (name, txid, position, snapshot, seen_at) select 'planner', 0, coalesce(max(id), 0), null, 0 from order_feed where true on conflict do nothing`.execute(db);
    } else {
      await sql`insert into feed_consumers (name, txid, position, snapshot, seen_at)
        values ('planner', pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1, ${Number.MAX_SAFE_INTEGER}, null, 0) on conflict do nothing`.execute(db);
    }
  };
}
