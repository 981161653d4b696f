// The `auto-cancel` worker (issue 44 §3; docs/auto-cancel.md): cancels the pending orders past
// their store's deadline (placed N days ago, subject to the setting), one order a transaction,
// in batches. One process does it however many run it: a round starts by taking the lease
// `auto-cancel` (jobs/lease.ts), and every order's transaction renews it first, so a process
// that lost it (a pause past the lease, another process took over) stops before writing.
//
// Each cancellation is a member's move would be: the moves table allows pending -> cancelled,
// and recordStatusChange makes it (conditional on the status read: a member who paid or moved
// the order meanwhile wins, and an order is never cancelled twice), with its event, its feed row
// (counts, the live list, the planner's halt of follow-ups), its history entry (source `system`)
// and the release of its transfer amount; then a history entry with the reason.
import type { Worker, JobLog } from '../../jobs/worker.js';
import { holdsLease, leaseToken, releaseLease, takeLease } from '../../jobs/lease.js';
import type { Clock } from '../../lib/clock.js';
import type { Db, Tx } from '../../lib/db/db.js';
import { fixedLimit } from '../../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../../lib/db/write-transaction.js';
import { recordStatusChange, type ChangeSettings } from '../core/record-status-change.js';
import { checkMove } from '../core/status-moves.js';
import { AUTO_CANCEL_ACTOR, autoCancelReason } from './auto-cancel-text.js';
import { AUTO_CANCEL_COLUMNS, AUTO_CANCEL_STATUS, DAY_MS, autoCancelOf, cancelAtOf, readAutoCancel } from './auto-cancel-settings.js';

export const AUTO_CANCEL_WORKER = 'auto-cancel';
/** How long a round holds the lease without a commit; every order's transaction renews it. */
export const AUTO_CANCEL_LEASE_MS = 60_000;
/** The pause between rounds that found nothing due: an order is cancelled within a minute of its deadline. */
export const AUTO_CANCEL_POLL_MS = 60_000;
/** Orders a round claims (across the stores); a full batch starts the next round at once. */
export const AUTO_CANCEL_BATCH = 200;

export interface AutoCancelDeps {
  db: Db;
  writeTransaction: WriteTransaction;
  clock: Clock;
  config: ChangeSettings;
  log: JobLog;
}

interface DueOrder {
  tenantId: number;
  orderId: number;
}

export interface CancelBatch {
  token: string;
  orders: DueOrder[];
}

export type OneOutcome = 'cancelled' | 'skipped' | 'lost';
export type BatchOutcome = 'done' | 'lost';

/** The pending orders past their deadline, oldest first, up to `limit`, store after store (each query carries its store's id). */
export async function dueOrders(db: Db, now: number, limit: number): Promise<DueOrder[]> {
  const stores = await db.selectFrom('tenants').select(['id', ...AUTO_CANCEL_COLUMNS]).where('auto_cancel_days', 'is not', null).where('active', '=', 1).orderBy('id').execute();
  const due: DueOrder[] = [];
  for (const store of stores) {
    const setting = autoCancelOf(store);
    if (!setting || due.length >= limit) continue;
    // orders_tenant_status_created: (tenant_id, status, created_at, id).
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', Number(store.id))
      .where('status', '=', AUTO_CANCEL_STATUS)
      .where('created_at', '>=', setting.from)
      .where('created_at', '<=', now - setting.days * DAY_MS)
      .orderBy('created_at')
      .orderBy('id')
      .limit(fixedLimit(limit - due.length))
      .execute();
    for (const row of rows) due.push({ tenantId: Number(store.id), orderId: Number(row.id) });
  }
  return due;
}

/** One order, in the caller's transaction: cancelled when it is still pending and past its deadline under the store's setting now. */
export async function cancelOneUnpaid(tx: Tx, deps: Pick<AutoCancelDeps, 'clock' | 'config'>, order: DueOrder, token: string): Promise<OneOutcome> {
  const now = deps.clock.now();
  if (!(await holdsLease(tx, AUTO_CANCEL_WORKER, token, now, AUTO_CANCEL_LEASE_MS))) return 'lost';
  const setting = await readAutoCancel(tx, order.tenantId);
  const row = await tx
    .selectFrom('orders')
    .select(['status', 'created_at', 'payment_method', 'resi'])
    .where('tenant_id', '=', order.tenantId)
    .where('id', '=', order.orderId)
    .executeTakeFirst();
  if (!row || !setting) return 'skipped';
  const cancelAt = cancelAtOf(setting, { status: row.status, createdAt: Number(row.created_at) });
  if (cancelAt === null || cancelAt > now) return 'skipped';
  const reason = autoCancelReason(setting.days, row.payment_method);
  // Lapak moves as a member may: pending -> cancelled is the table's.
  const move = checkMove(row.status, 'cancelled', { manager: false }, { resi: row.resi, reason, paymentMethod: row.payment_method });
  if (!move.ok) return 'skipped';
  const changed = await recordStatusChange(
    tx,
    { tenantId: order.tenantId, orderId: order.orderId, from: row.status, to: 'cancelled', now, source: 'system', actor: AUTO_CANCEL_ACTOR },
    deps.config,
  );
  if (!changed) return 'skipped';
  await tx
    .insertInto('order_history')
    .values({ tenant_id: order.tenantId, order_id: order.orderId, source: 'system', actor: AUTO_CANCEL_ACTOR, actor_user_id: null, field: 'reason', old_value: null, new_value: reason, created_at: now })
    .execute();
  return 'cancelled';
}

export function autoCancelWorker(deps: AutoCancelDeps, pollMs = AUTO_CANCEL_POLL_MS, batch = AUTO_CANCEL_BATCH): Worker<CancelBatch, BatchOutcome> {
  // This process's holder token, for as long as it runs.
  const token = leaseToken();
  return {
    name: AUTO_CANCEL_WORKER,
    async claim(free) {
      if (free <= 0) return { jobs: [], more: false };
      // A read first, so that a server without any store using it writes nothing.
      const any = await deps.db.selectFrom('tenants').select('id').where('auto_cancel_days', 'is not', null).limit(fixedLimit(1)).executeTakeFirst();
      if (!any) return { jobs: [], more: false };
      const now = deps.clock.now();
      if (!(await takeLease(deps.db, AUTO_CANCEL_WORKER, token, now, AUTO_CANCEL_LEASE_MS))) return { jobs: [], more: false };
      const orders = await dueOrders(deps.db, now, batch);
      return { jobs: orders.length > 0 ? [{ token, orders }] : [], more: orders.length >= batch };
    },
    async handle(job) {
      let cancelled = 0;
      for (const order of job.orders) {
        const outcome = await deps.writeTransaction((tx) => cancelOneUnpaid(tx, deps, order, job.token));
        if (outcome === 'lost') {
          deps.log.warn({ worker: AUTO_CANCEL_WORKER, cancelled }, 'auto-cancel lease lost; another process carries on');
          return 'lost';
        }
        if (outcome === 'cancelled') cancelled += 1;
      }
      if (cancelled > 0) deps.log.info({ worker: AUTO_CANCEL_WORKER, cancelled }, 'unpaid orders cancelled');
      return 'done';
    },
    // A failed batch loses nothing: each order committed on its own; the next round finds the rest.
    retry: { delaysMs: [] },
    concurrency: 1,
    pollMs,
    close: () => releaseLease(deps.db, AUTO_CANCEL_WORKER, token),
  };
}
