// The unique code of a manual bank transfer (docs/transfers.md). With the store's switch on,
// a bank-transfer order's total is unit price x quantity + shipping fee + a code of 1 to 999,
// so that the credit on the bank statement tells which order it pays. What must be unique is
// the resulting amount, not the code: two orders of different prices may carry one code, but
// two open orders of one store must never ask for the same amount. The primary key of
// transfer_codes (tenant_id, amount) decides it; a row lives while its order is open
// (pending or closing) and goes when it leaves them (recordStatusChange).
import type { Tx } from '../../lib/db/db.js';

export const UNIQUE_CODE_MIN = 1;
export const UNIQUE_CODE_MAX = 999;
const OPEN_STATUSES: readonly string[] = ['pending', 'closing'];
// A parallel submit may take the amount picked between our read and our insert: pick again
// among what is still free. Each miss means another buyer just took a code, so a few tries
// are plenty; past them the order is left for manual matching rather than retried forever.
const ATTEMPTS = 20;

export const isOpenStatus = (status: string): boolean => OPEN_STATUSES.includes(status);

/** Inserts the claim; false when the store's amount is already held (ON CONFLICT, never check-then-insert). */
async function claimAmount(tx: Tx, tenantId: number, amount: number, orderId: number, now: number): Promise<boolean> {
  const claimed = await tx
    .insertInto('transfer_codes')
    .values({ tenant_id: tenantId, amount, order_id: orderId, created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'amount']).doNothing())
    .returning('amount')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Gives a freshly inserted bank-transfer order its code, in the submit's transaction: claims a
 * free amount base + code and writes the code and the new total onto the order. Returns the
 * code, or null when no amount is free (the order keeps its base total and is marked for
 * manual matching).
 */
export async function assignUniqueCode(
  tx: Tx,
  order: { tenantId: number; orderId: number; baseTotal: number; now: number },
  random: () => number = Math.random,
): Promise<number | null> {
  const { tenantId, orderId, baseTotal, now } = order;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const held = await tx
      .selectFrom('transfer_codes')
      .select('amount')
      .where('tenant_id', '=', tenantId)
      .where('amount', '>=', baseTotal + UNIQUE_CODE_MIN)
      .where('amount', '<=', baseTotal + UNIQUE_CODE_MAX)
      .execute();
    const taken = new Set(held.map((row) => Number(row.amount)));
    const free: number[] = [];
    for (let code = UNIQUE_CODE_MIN; code <= UNIQUE_CODE_MAX; code++) if (!taken.has(baseTotal + code)) free.push(code);
    if (free.length === 0) break;
    // A random free code, not the lowest: buyers submitting together then rarely reach for
    // the same amount, and a code says nothing about how many orders the store has.
    const code = free[Math.floor(random() * free.length)]!;
    if (await claimAmount(tx, tenantId, baseTotal + code, orderId, now)) {
      await tx.updateTable('orders').set({ unique_code: code, total: baseTotal + code }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
      return code;
    }
  }
  await tx.updateTable('orders').set({ transfer_manual_match: 1 }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  return null;
}

/**
 * Keeps the claims in step with a status change (in the change's transaction): an order that
 * leaves pending/closing frees its amount; a coded order that comes back to them claims it
 * again, and when another open order holds that amount meanwhile it is marked for manual
 * matching (its total is what the buyer was told to pay, so it is never changed).
 */
export async function followStatusChange(tx: Tx, change: { tenantId: number; orderId: number; from: string; to: string; now: number }): Promise<void> {
  const wasOpen = isOpenStatus(change.from);
  const isOpen = isOpenStatus(change.to);
  if (wasOpen && !isOpen) {
    await tx.deleteFrom('transfer_codes').where('tenant_id', '=', change.tenantId).where('order_id', '=', change.orderId).execute();
    return;
  }
  if (wasOpen || !isOpen) return;
  await reclaimAmount(tx, change, (order) => Number(order.spam) === 0);
}

/** A coded order claims its amount again when `may` holds, or is marked for manual matching when another open order holds it. */
async function reclaimAmount(tx: Tx, change: { tenantId: number; orderId: number; now: number }, may: (order: { status: string; spam: number }) => boolean): Promise<void> {
  const order = await tx
    .selectFrom('orders')
    .select(['total', 'unique_code', 'status', 'spam'])
    .where('tenant_id', '=', change.tenantId)
    .where('id', '=', change.orderId)
    .executeTakeFirst();
  if (!order || order.unique_code === null || !may(order)) return;
  if (!(await claimAmount(tx, change.tenantId, Number(order.total), change.orderId, change.now))) {
    await tx.updateTable('orders').set({ transfer_manual_match: 1 }).where('tenant_id', '=', change.tenantId).where('id', '=', change.orderId).execute();
  }
}

/**
 * Keeps the claims in step with the spam mark (issue 43 §3): a spam order frees its amount for
 * another order; an open coded order taken off spam claims it again, or is marked for manual
 * matching when another open order took it meanwhile. A spam order's status changes claim
 * nothing (followStatusChange).
 */
export async function followSpamChange(tx: Tx, change: { tenantId: number; orderId: number; spam: boolean; now: number }): Promise<void> {
  if (change.spam) {
    await tx.deleteFrom('transfer_codes').where('tenant_id', '=', change.tenantId).where('order_id', '=', change.orderId).execute();
    return;
  }
  await reclaimAmount(tx, change, (order) => isOpenStatus(order.status));
}
