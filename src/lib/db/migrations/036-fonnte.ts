import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Fonnte (issue 42 §3; src/messaging/, docs/messaging.md "## Fonnte"):
// - messages.provider_state_id, chat_messages.provider_state_id: Fonnte's second id of a message
//   it sent (`stateid`). Its status webhook names a message by its id first, then, for the
//   delivered and read states, often by the stateid alone; looked up per store.
// - messages_tenant_sent: a store's messages by when they were sent, for Fonnte's daily cap and
//   its 10-second spacing between a store's messages.
// Additive only.
export function fonnte() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    for (const table of ['messages', 'chat_messages']) {
      await db.schema.alterTable(table).addColumn('provider_state_id', 'text').execute();
      await db.schema
        .createIndex(`${table}_provider_state_id`)
        .on(table)
        .columns(['tenant_id', 'provider_state_id'])
        .where(sql.ref('provider_state_id'), 'is not', null)
        .execute();
    }
    await db.schema.createIndex('messages_tenant_sent').on('messages').columns(['tenant_id', 'sent_at']).where(sql.ref('sent_at'), 'is not', null).execute();
  };
}
