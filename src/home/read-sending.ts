// What the home page says of the store's sending (issue 42 §1, §3): its messaging provider and
// why the provider stopped it, if it did (messaging/halt.ts): the owner then saves a new token, or
// reconnects Fonnte's phone; nothing is sent meanwhile.
import type { Db } from '../lib/db/db.js';
import { HALTS, PROVIDERS, type Halt, type ProviderName } from '../messaging/automation.js';

export interface SendingState {
  provider: ProviderName | null;
  halted: Halt | null;
}

export async function readSendingState(db: Db, tenantId: number): Promise<SendingState> {
  const row = await db.selectFrom('messaging_settings').select(['provider', 'halted']).where('tenant_id', '=', tenantId).executeTakeFirst();
  return { provider: PROVIDERS.find((p) => p === row?.provider) ?? null, halted: HALTS.find((h) => h === row?.halted) ?? null };
}
