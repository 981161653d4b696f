// A store's auto-cancel setting (issue 44 §3; docs/auto-cancel.md): pending orders are cancelled
// N days (1-30) after they were placed. It applies to the orders placed from the moment it was
// turned on (`from`); the seller may include the older pending orders (from = 0). Turning it off
// forgets both moments: turned on again, it applies from that new moment (the orders placed while
// it was off are "older" again, and the page offers to include them). Changing N while it is on
// keeps `from`. On the store's row (migration 040).
import type { Db, Tx } from '../../lib/db/db.js';

export const AUTO_CANCEL_MIN_DAYS = 1;
export const AUTO_CANCEL_MAX_DAYS = 30;
export const DAY_MS = 24 * 3_600_000;

/** The one status auto-cancel closes: an order not yet paid (COD: not yet confirmed). closing is a confirmed or gateway-paid order. */
export const AUTO_CANCEL_STATUS = 'pending';

export interface AutoCancel {
  days: number;
  /** When it was last turned on. */
  onAt: number;
  /** Orders placed at or after this moment are subject (0: every order). */
  from: number;
}

type Row = { auto_cancel_days: number | null; auto_cancel_on_at: number | string | null; auto_cancel_from: number | string | null };

/** The setting of a store's row; null: off. */
export function autoCancelOf(row: Row): AutoCancel | null {
  if (row.auto_cancel_days === null || row.auto_cancel_from === null) return null;
  return { days: Number(row.auto_cancel_days), onAt: Number(row.auto_cancel_on_at ?? row.auto_cancel_from), from: Number(row.auto_cancel_from) };
}

export const AUTO_CANCEL_COLUMNS = ['auto_cancel_days', 'auto_cancel_on_at', 'auto_cancel_from'] as const;

export async function readAutoCancel(db: Db | Tx, tenantId: number): Promise<AutoCancel | null> {
  const row = await db.selectFrom('tenants').select(AUTO_CANCEL_COLUMNS).where('id', '=', tenantId).executeTakeFirst();
  return row ? autoCancelOf(row) : null;
}

export const isAutoCancelDays = (days: unknown): days is number =>
  typeof days === 'number' && Number.isInteger(days) && days >= AUTO_CANCEL_MIN_DAYS && days <= AUTO_CANCEL_MAX_DAYS;

/** Turns it on (from now), changes N (keeping its moments), or turns it off (null). In the caller's transaction. */
export async function setAutoCancelDays(tx: Tx, tenantId: number, days: number | null, now: number): Promise<void> {
  const current = await readAutoCancel(tx, tenantId);
  if (days === null) {
    await tx.updateTable('tenants').set({ auto_cancel_days: null, auto_cancel_on_at: null, auto_cancel_from: null }).where('id', '=', tenantId).execute();
    return;
  }
  if (current) {
    await tx.updateTable('tenants').set({ auto_cancel_days: days }).where('id', '=', tenantId).execute();
    return;
  }
  await tx.updateTable('tenants').set({ auto_cancel_days: days, auto_cancel_on_at: now, auto_cancel_from: now }).where('id', '=', tenantId).execute();
}

/** Whether the order is subject to it: pending, and placed at or after `from`. */
export const isSubject = (setting: AutoCancel | null, order: { status: string; createdAt: number }): setting is AutoCancel =>
  setting !== null && order.status === AUTO_CANCEL_STATUS && order.createdAt >= setting.from;

/** When the order will be cancelled (epoch ms); null when it is not subject. */
export function cancelAtOf(setting: AutoCancel | null, order: { status: string; createdAt: number }): number | null {
  return isSubject(setting, order) ? order.createdAt + setting.days * DAY_MS : null;
}
