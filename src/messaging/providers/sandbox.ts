// The sandbox provider (issue 41 §2-§3): sends nothing. It accepts every message and records it
// in `sandbox_outbox`, the page's "Kotak keluar uji", with the rendered text, its order and a
// wa.me link to send it by hand. Each acceptance is a row: a message sent twice shows twice.
import { randomBytes } from 'node:crypto';
import type { MessagingProvider, OutgoingMessage, ProviderDeps, SendResult } from './provider.js';

export function sandboxProvider(deps: ProviderDeps): MessagingProvider {
  return {
    name: 'sandbox',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const providerMessageId = `sandbox-${randomBytes(9).toString('hex')}`;
      await deps.writeTransaction((tx) =>
        tx
          .insertInto('sandbox_outbox')
          .values({
            tenant_id: message.tenantId,
            message_id: message.messageId,
            order_id: message.orderId,
            phone: message.phone,
            text: message.text,
            provider_message_id: providerMessageId,
            created_at: deps.now(),
          })
          .execute(),
      );
      return { ok: true, providerMessageId };
    },
  };
}
