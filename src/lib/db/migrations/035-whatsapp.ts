import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db.js';

// Messaging automation, part 2 (issue 42; src/messaging/, docs/messaging.md): real providers and
// what comes back from them.
// - store_settings: the store's WhatsApp Cloud API access token and Fonnte device token, sealed
//   as the gateway secrets are (lib/secrets; `lapak secrets rotate` reseals them).
// - messaging_settings: the Cloud API's phone_number_id (one store each), WABA id and the number
//   buyers write to; Fonnte's webhook secret (one store each), daily cap and when the owner
//   accepted its risk; `halted`, why the provider stopped the store's sending ('token': the
//   access token expired or was revoked; 'device': Fonnte's phone disconnected), null when it
//   sends.
// - messaging_steps: the approved Cloud API template a step sends outside the 24-hour window:
//   its name, language and the ordered placeholders that fill its named parameters (JSON).
// - messages: `status_at` of the provider's last status and `paid` (1 when Meta priced it as a
//   paid template); looked up by the provider's message id.
// - chat_messages: the conversation with a buyer's phone: what the buyer wrote (in, kept 90
//   days, one row per provider message id) and what a CS or Lapak answered (out).
// - opt_outs: the phones that asked a store to stop its automated messages (keyword or Meta's
//   131050), one row per phone; START or MULAI deletes it.
// - orders.buyer_reply_at: when the buyer's unanswered reply came in ("balasan baru"); null once
//   a CS answered or marked it handled. Watched by no trigger; its own partial index.
// Additive only.
export function whatsapp(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    const add = async (table: string, column: string, type: 'text' | 'integer' | 'bigint', build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) =>
      db.schema
        .alterTable(table)
        .addColumn(column, type === 'bigint' ? bigint : type, build ?? ((c) => c))
        .execute();
    await add('store_settings', 'whatsapp_access_token', 'text');
    await add('store_settings', 'fonnte_token', 'text');

    await add('messaging_settings', 'cloud_phone_number_id', 'text');
    await add('messaging_settings', 'cloud_waba_id', 'text');
    await add('messaging_settings', 'cloud_phone', 'text');
    await add('messaging_settings', 'fonnte_secret', 'text');
    await add('messaging_settings', 'fonnte_daily_cap', 'integer', (c) => c.notNull().defaultTo(200));
    await add('messaging_settings', 'fonnte_accepted_risk_at', 'bigint');
    await add('messaging_settings', 'halted', 'text');
    await add('messaging_settings', 'halted_at', 'bigint');
    await db.schema.createIndex('messaging_settings_phone_number_id').on('messaging_settings').column('cloud_phone_number_id').unique().where(sql.ref('cloud_phone_number_id'), 'is not', null).execute();
    await db.schema.createIndex('messaging_settings_fonnte_secret').on('messaging_settings').column('fonnte_secret').unique().where(sql.ref('fonnte_secret'), 'is not', null).execute();

    await add('messaging_steps', 'template_name', 'text');
    await add('messaging_steps', 'template_language', 'text');
    await add('messaging_steps', 'template_params', 'text');

    await add('messages', 'status_at', 'bigint');
    await add('messages', 'paid', 'integer', (c) => c.notNull().defaultTo(0));
    await db.schema.createIndex('messages_provider_id').on('messages').columns(['tenant_id', 'provider_message_id']).where(sql.ref('provider_message_id'), 'is not', null).execute();

    await db.schema
      .createTable('chat_messages')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('order_id', bigint)
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_message_id', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('user_id', bigint)
      .addColumn('status_at', bigint)
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_messages_phone').on('chat_messages').columns(['tenant_id', 'phone', 'created_at']).execute();
    await db.schema.createIndex('chat_messages_provider_id').on('chat_messages').columns(['tenant_id', 'provider_message_id']).unique().where(sql.ref('provider_message_id'), 'is not', null).execute();
    await db.schema.createIndex('chat_messages_created').on('chat_messages').columns(['created_at']).execute();

    await db.schema
      .createTable('opt_outs')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('how', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('opt_outs_pk', ['tenant_id', 'phone'])
      .execute();

    await add('orders', 'buyer_reply_at', 'bigint');
    await db.schema.createIndex('orders_tenant_buyer_reply').on('orders').columns(['tenant_id', 'buyer_reply_at']).where(sql.ref('buyer_reply_at'), 'is not', null).execute();
  };
}
