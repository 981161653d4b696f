// The provider stopped a store's sending (issue 42 §1, §3): the Cloud API's token expired or was
// revoked (190, 401), or Fonnte's phone disconnected. Nothing is sent until the owner saves a new
// token, or Fonnte says the device is connected again; the home page tells the owner.
import type { Db, Tx } from '../lib/db/db.js';
import type { Halt } from './automation.js';

export async function haltSending(db: Db | Tx, tenantId: number, halt: Halt, now: number): Promise<void> {
  await db.updateTable('messaging_settings').set({ halted: halt, halted_at: now }).where('tenant_id', '=', tenantId).where('halted', 'is', null).execute();
}

export async function resumeSending(db: Db | Tx, tenantId: number, halt: Halt): Promise<void> {
  await db.updateTable('messaging_settings').set({ halted: null, halted_at: null }).where('tenant_id', '=', tenantId).where('halted', '=', halt).execute();
}
