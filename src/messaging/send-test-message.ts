// POST /dashboard/api/messaging/test (issue 41 §3): "Pesan uji dari Lapak" to the caller's own
// WhatsApp number in this store (else the store's) through the store's provider. The answer says
// how it went; nothing is planned or recorded on an order. On the Cloud API it is Meta's own
// `hello_world` template (free text would fail outside the 24-hour window).
import type { Db } from '../lib/db/db.js';
import type { MessagingProvider } from './providers/provider.js';
import { loadAutomation } from './automation.js';
import { TEST_MESSAGE_ERROR, TEST_MESSAGE_TEXT } from './texts.js';

export async function sendTestMessage(
  db: Db,
  tenantId: number,
  userId: number,
  providerOf: (name: string) => MessagingProvider | null,
): Promise<{ ok: boolean; provider_message_id: string | null; error: string | null }> {
  const automation = await loadAutomation(db, tenantId);
  const provider = automation.provider === null ? null : providerOf(automation.provider);
  if (!provider) return { ok: false, provider_message_id: null, error: TEST_MESSAGE_ERROR.noProvider };
  const [member, store] = await Promise.all([
    db.selectFrom('memberships').select('whatsapp_number').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('store_settings').select('whatsapp_number').where('tenant_id', '=', tenantId).executeTakeFirst(),
  ]);
  const phone = member?.whatsapp_number ?? store?.whatsapp_number ?? null;
  if (!phone) return { ok: false, provider_message_id: null, error: TEST_MESSAGE_ERROR.noNumber };
  const template = provider.name === 'cloud_api' ? { template: { name: 'hello_world', language: 'en_US', params: [] } } : {};
  const result = await provider.send({ tenantId, messageId: null, orderId: null, phone, text: TEST_MESSAGE_TEXT, ...template });
  return result.ok ? { ok: true, provider_message_id: result.providerMessageId, error: null } : { ok: false, provider_message_id: null, error: result.error };
}
