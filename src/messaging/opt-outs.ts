// A store's opt-out list (issue 42 §4): the phones that asked for no more automated messages,
// by keyword (STOP, BERHENTI, UNREG, UNSUBSCRIBE) or through Meta's 131050. START or MULAI from
// the buyer deletes the row; nothing else does (a seller cannot opt a buyer back in).
import type { Db, Tx } from '../lib/db/db.js';

export const OPT_OUT_HOW = { keyword: 'keyword', whatsapp: 'whatsapp_131050' } as const;
export type OptOutHow = (typeof OPT_OUT_HOW)[keyof typeof OPT_OUT_HOW];

export async function isOptedOut(db: Db | Tx, tenantId: number, phone: string): Promise<boolean> {
  return (await db.selectFrom('opt_outs').select('phone').where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst()) !== undefined;
}

/** Puts the phone on the list; false when it was there already. */
export async function optOut(tx: Tx, tenantId: number, phone: string, how: OptOutHow, now: number): Promise<boolean> {
  const result = await tx.insertInto('opt_outs').values({ tenant_id: tenantId, phone, how, created_at: now }).onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the phone off the list; false when it was not on it. */
export async function optIn(tx: Tx, tenantId: number, phone: string): Promise<boolean> {
  const result = await tx.deleteFrom('opt_outs').where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The whole list, newest first. */
export async function listOptOuts(db: Db, tenantId: number): Promise<Array<{ phone: string; how: OptOutHow; at: number }>> {
  const rows = await db.selectFrom('opt_outs').select(['phone', 'how', 'created_at']).where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('phone').execute();
  return rows.map((r) => ({ phone: r.phone, how: r.how as OptOutHow, at: Number(r.created_at) }));
}
