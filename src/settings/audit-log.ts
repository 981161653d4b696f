// The audit log of sensitive settings changes: which field, who, when; never the value. Each
// row is written in the transaction of the change itself, so neither exists without the other.
import type { Db, Tx } from '../lib/db/db.js';
import { formatTimestamp } from '../lib/time.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export const AUDITED_FIELDS = ['bank_accounts', 'midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token', 'unique_code', 'whatsapp_access_token', 'fonnte_token'] as const;
export type AuditedField = (typeof AUDITED_FIELDS)[number];

const AUDIT_LIST_LIMIT = 200;

export async function recordAudit(tx: Tx, tenantId: number, userId: number, fields: readonly AuditedField[], now: number): Promise<void> {
  if (fields.length === 0) return;
  await tx.insertInto('settings_audit').values(fields.map((field) => ({ tenant_id: tenantId, user_id: userId, field, created_at: now }))).execute();
}

/** The store's newest entries first (at most 200), with who made them. */
export async function listAudit(db: Db, tenantId: number, timeZone: string) {
  const rows = await db
    .selectFrom('settings_audit')
    .innerJoin('users', 'users.id', 'settings_audit.user_id')
    .select(['settings_audit.id', 'settings_audit.field', 'settings_audit.created_at', 'users.id as user_id', 'users.name', 'users.email'])
    .where('settings_audit.tenant_id', '=', tenantId)
    .orderBy('settings_audit.id', 'desc')
    .limit(fixedLimit(AUDIT_LIST_LIMIT))
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    field: r.field as AuditedField,
    user: { id: Number(r.user_id), name: r.name, email: r.email },
    created_at: formatTimestamp(Number(r.created_at), timeZone),
  }));
}
