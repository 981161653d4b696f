// The sensitive settings (settings:sensitive, the owner, with the password entered again:
// the route checks it): bank accounts, gateway credentials, the unique-code switch. The change
// and its audit entries (one per field, never the value) commit together.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { succeed, type Outcome } from '../lib/outcome.js';
import { updateStoreSettings, type UpdateSettingsCode } from '../tenants/update-store-settings.js';
import type { BankAccount } from '../tenants/store-settings.js';
import { resumeSending } from '../messaging/halt.js';
import { AUDITED_FIELDS, recordAudit, type AuditedField } from './audit-log.js';

export interface SensitiveChange {
  bank_accounts?: BankAccount[];
  midtrans_server_key?: string | null;
  xendit_secret_key?: string | null;
  xendit_callback_token?: string | null;
  unique_code?: boolean;
  whatsapp_access_token?: string | null;
  fonnte_token?: string | null;
}

/** The fields the change names, in the audit log's order. */
export const changedFields = (change: SensitiveChange): AuditedField[] => AUDITED_FIELDS.filter((field) => change[field] !== undefined);

export async function saveSensitiveSettings(
  tx: Tx,
  clock: Clock,
  sealer: Sealer,
  tenantId: number,
  userId: number,
  change: SensitiveChange,
): Promise<Outcome<{ changed: AuditedField[] }, UpdateSettingsCode>> {
  const fields = changedFields(change);
  const updated = await updateStoreSettings(tx, clock, sealer, tenantId, Object.fromEntries(fields.map((field) => [field, change[field]])));
  if (!updated.ok) return updated;
  await recordAudit(tx, tenantId, userId, fields, clock.now());
  // A new token lets a store whose provider stopped its sending send again (issue 42 §1, §3).
  if (typeof change.whatsapp_access_token === 'string') await resumeSending(tx, tenantId, 'token');
  if (typeof change.fonnte_token === 'string') await resumeSending(tx, tenantId, 'device');
  return succeed({ changed: fields });
}
