// One message in a conversation, outside the automation (issue 42 §4): a CS's answer from the
// order's page, Lapak's reply to STOP. Sent through the store's provider and kept in the
// conversation with how it went (sent, or failed with the provider's reason).
import type { Db } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import type { MessagingProvider } from './providers/provider.js';

export interface ChatMessageInput {
  tenantId: number;
  phone: string;
  orderId: number | null;
  text: string;
  /** The CS who wrote it; null for Lapak's own. */
  userId: number | null;
}

export interface SentChatMessage {
  id: number;
  ok: boolean;
  error: string | null;
}

export async function sendChatMessage(deps: { db: Db; writeTransaction: WriteTransaction; now(): number }, input: ChatMessageInput, provider: MessagingProvider): Promise<SentChatMessage> {
  let result;
  try {
    result = await provider.send({ tenantId: input.tenantId, messageId: null, orderId: input.orderId, phone: input.phone, text: input.text });
  } catch (error) {
    result = { ok: false as const, error: error instanceof Error ? error.message : String(error) };
  }
  const now = deps.now();
  const row = await deps.writeTransaction((tx) =>
    tx
      .insertInto('chat_messages')
      .values({
        tenant_id: input.tenantId,
        phone: input.phone,
        order_id: input.orderId,
        direction: 'out',
        text: input.text,
        provider: provider.name,
        provider_message_id: result.ok ? result.providerMessageId : null,
        state: result.ok ? 'sent' : 'failed',
        reason: result.ok ? null : result.error,
        user_id: input.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id: Number(row.id), ok: result.ok, error: result.ok ? null : result.error };
}
