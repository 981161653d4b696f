// What Fonnte's webhook tells a store (issue 42 §3), once fonnte-webhook.ts has read it:
// - the buyer wrote: receiveMessage, as from any provider (recorded once per inbox id, STOP and
//   START, follow-ups paused by a reply); STOP is answered through Fonnte;
// - a status: applyStatus, forward only, on the message Fonnte names by its id or, for the later
//   states, by its stateid (remembered the first time a status names both);
// - the device disconnected: the store's sending stops ('device', shown on the messaging page)
//   while Fonnte is its provider; connected again: it resumes.
import type { Db } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { applyStatus } from './apply-status.js';
import type { FonnteEvent } from './fonnte-webhook.js';
import { haltSending, resumeSending } from './halt.js';
import type { MessagingProvider } from './providers/provider.js';
import { receiveMessage } from './receive-message.js';

export interface FonnteEventDeps {
  db: Db;
  writeTransaction: WriteTransaction;
  now(): number;
  /** Fonnte, to answer STOP. */
  provider: MessagingProvider | null;
}

export type FonnteOutcome = 'received' | 'duplicate' | 'applied' | 'unchanged' | 'halted' | 'resumed';

/** The store whose webhook secret this is; null: none (the route answers 404). */
export async function fonnteStoreOf(db: Db, secret: string): Promise<number | null> {
  const row = await db.selectFrom('messaging_settings').select('tenant_id').where('fonnte_secret', '=', secret).executeTakeFirst();
  return row ? Number(row.tenant_id) : null;
}

/** The id the message was sent under, from Fonnte's id or its stateid. */
async function sentId(deps: FonnteEventDeps, tenantId: number, id: string | null, stateId: string | null): Promise<string | null> {
  if (id !== null) {
    if (stateId !== null) {
      await deps.writeTransaction(async (tx) => {
        for (const table of ['messages', 'chat_messages'] as const) {
          await tx
            .updateTable(table)
            .set({ provider_state_id: stateId })
            .where('tenant_id', '=', tenantId)
            .where('provider', '=', 'fonnte')
            .where('provider_message_id', '=', id)
            .where('provider_state_id', 'is', null)
            .execute();
        }
      });
    }
    return id;
  }
  if (stateId === null) return null;
  for (const table of ['messages', 'chat_messages'] as const) {
    const row = await deps.db
      .selectFrom(table)
      .select('provider_message_id')
      .where('tenant_id', '=', tenantId)
      .where('provider_state_id', '=', stateId)
      .executeTakeFirst();
    if (row?.provider_message_id) return row.provider_message_id;
  }
  return null;
}

export async function receiveFonnteEvent(deps: FonnteEventDeps, tenantId: number, event: FonnteEvent): Promise<FonnteOutcome> {
  if (event.kind === 'message') {
    const received = await receiveMessage(deps, { tenantId, provider: 'fonnte', from: event.from, text: event.text, providerMessageId: event.providerMessageId, at: event.at });
    return received === 'duplicate' ? 'duplicate' : 'received';
  }
  if (event.kind === 'device') {
    if (event.connected) {
      await resumeSending(deps.db, tenantId, 'device');
      return 'resumed';
    }
    const settings = await deps.db.selectFrom('messaging_settings').select('provider').where('tenant_id', '=', tenantId).executeTakeFirst();
    if (settings?.provider !== 'fonnte') return 'unchanged';
    await haltSending(deps.db, tenantId, 'device', deps.now());
    return 'halted';
  }
  const providerMessageId = await sentId(deps, tenantId, event.id, event.stateId);
  if (providerMessageId === null || event.status === null) return 'unchanged';
  const changed = await applyStatus(deps.writeTransaction, { tenantId, providerMessageId, status: event.status, at: event.at, detail: event.detail });
  return changed ? 'applied' : 'unchanged';
}
