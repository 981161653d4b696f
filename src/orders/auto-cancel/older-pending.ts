// The older pending orders (issue 44 §3): those placed before auto-cancel was turned on, which it
// leaves alone until the seller includes them. The page shows their count; including them sends
// back the count and the cut-off the page showed, and is refused (409 older_count_changed) when
// either is no longer true: an order paid, cancelled or reopened meanwhile, or the setting turned
// off and on again. Included, they are subject like the others: those placed more than N days ago
// are cancelled by the worker's next round.
import type { Db, Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import { formatTimestamp } from '../../lib/time.js';
import { AUTO_CANCEL_STATUS, readAutoCancel, type AutoCancel } from './auto-cancel-settings.js';

export interface AutoCancelState {
  days: number | null;
  /** When it was turned on, in the server's zone; null: off. */
  since: string | null;
  /** The cut-off: orders placed before it are the older ones (null: off, or the older ones were included). */
  cutoff: string | null;
  /** Pending orders placed before the cut-off (spam-marked ones among them). */
  older_pending: number;
}

async function countOlder(db: Db | Tx, tenantId: number, setting: AutoCancel): Promise<number> {
  if (setting.from === 0) return 0;
  // orders_tenant_status_created: (tenant_id, status, created_at, id).
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', AUTO_CANCEL_STATUS)
    .where('created_at', '<', setting.from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function stateOf(setting: AutoCancel | null, older: number, zone: string): AutoCancelState {
  if (!setting) return { days: null, since: null, cutoff: null, older_pending: 0 };
  return { days: setting.days, since: formatTimestamp(setting.onAt, zone), cutoff: setting.from === 0 ? null : formatTimestamp(setting.from, zone), older_pending: older };
}

export async function readAutoCancelState(db: Db, tenantId: number, zone: string): Promise<AutoCancelState> {
  const setting = await readAutoCancel(db, tenantId);
  return stateOf(setting, setting ? await countOlder(db, tenantId, setting) : 0, zone);
}

export type IncludeCode = 'auto_cancel_off' | 'older_count_changed';

/** Makes the older pending orders subject, when the count and cut-off seen are still true; in the caller's transaction. */
export async function includeOlderPending(
  tx: Tx,
  tenantId: number,
  seen: { older_pending: number; cutoff: string },
  zone: string,
): Promise<Outcome<{ included: number; state: AutoCancelState }, IncludeCode>> {
  const setting = await readAutoCancel(tx, tenantId);
  if (!setting) return refuse('auto_cancel_off', 'auto-cancel is off');
  const older = await countOlder(tx, tenantId, setting);
  const cutoff = setting.from === 0 ? null : formatTimestamp(setting.from, zone);
  if (cutoff !== seen.cutoff || older !== seen.older_pending) return refuse('older_count_changed', `there are ${older} older pending orders before ${cutoff ?? 'no cut-off'}`);
  // Conditional on the cut-off read: a concurrent include or a turn off and on again changes nothing here.
  const done = await tx.updateTable('tenants').set({ auto_cancel_from: 0 }).where('id', '=', tenantId).where('auto_cancel_from', '=', setting.from).executeTakeFirst();
  if (done.numUpdatedRows === 0n) return refuse('older_count_changed', 'the setting changed meanwhile');
  return succeed({ included: older, state: stateOf({ ...setting, from: 0 }, 0, zone) });
}
