// A member's own WhatsApp number in the selected store (PATCH /dashboard/api/me, issue 34 §1):
// where the thank-you page's button and {wa_cs} of the messages send the buyers of the orders
// assigned to them, instead of the store's number. Kept per membership: a person who works for two
// stores may answer each on another phone (docs/decisions.md). Normalised by the store number's
// own rule (tenants/update-store-settings.ts); null clears it.
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { PHONE_LETTERS_PROBLEM } from '../lib/http/messages.js';
import { refusalOf, WHATSAPP_NUMBER_RULE } from '../tenants/update-store-settings.js';

export async function setWhatsappNumber(db: Db, tenantId: number, userId: number, value: string | null): Promise<Outcome<{ whatsapp_number: string | null }, 'invalid_whatsapp_number' | 'phone_letters'>> {
  const parsed = WHATSAPP_NUMBER_RULE.parse(value);
  if (!parsed) {
    const code = refusalOf('whatsapp_number', WHATSAPP_NUMBER_RULE, value);
    return refuse(code, code === 'phone_letters' ? PHONE_LETTERS_PROBLEM('whatsapp_number') : WHATSAPP_NUMBER_RULE.problem);
  }
  const number = parsed.whatsapp_number ?? null;
  await db.updateTable('memberships').set({ whatsapp_number: number }).where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  return succeed({ whatsapp_number: number });
}
