// `lapak messaging run-due` (issue 41 §2): the planner and the sender once, as of a moment: the
// planner folds the feed until it has caught up, then the sender takes every message due by
// then (one store's, or every store's) until none is left, each settled as of that moment
// (`sent_at` is it). What happened, counted: planned (messages the planner made), and each
// message's outcome.
import type { Sealer } from '../lib/secrets/sealer.js';
import { ManualClock } from '../lib/clock.js';
import type { DbHandle } from '../lib/db/db.js';
import { foldOnce } from '../feed/consumer.js';
import { silentLog } from '../jobs/worker.js';
import { plannerConsumer } from './plan-messages.js';
import { claimMessages, sendMessage, type SenderDeps, type SendOutcome } from './send-messages.js';

export interface RunDueResult {
  at: string;
  planned: number;
  sent: number;
  skipped: number;
  cancelled: number;
  expired: number;
  failed: number;
  waiting: number;
}

const countMessages = async (handle: Pick<DbHandle, 'db'>, tenantId: number | null) => {
  let query = handle.db.selectFrom('messages').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

export async function runDue(
  handle: Pick<DbHandle, 'db' | 'dialect' | 'writeTransaction'>,
  at: number,
  options: { tenantId: number | null; serverTimeZone: string; sealer: Sealer; config: SenderDeps['config']; providerFor?: SenderDeps['providerFor'] },
): Promise<RunDueResult> {
  const clock = new ManualClock(at);
  const before = await countMessages(handle, options.tenantId);
  const planner = plannerConsumer(options.serverTimeZone, clock);
  // The first fold of a consumer without a position only sets it: fold until nothing is left.
  let idle = 0;
  while (idle < 2) idle = (await foldOnce(handle, planner, clock)) > 0 ? 0 : idle + 1;
  const planned = (await countMessages(handle, options.tenantId)) - before;

  const result: RunDueResult = { at: new Date(at).toISOString(), planned, sent: 0, skipped: 0, cancelled: 0, expired: 0, failed: 0, waiting: 0 };
  const deps = { db: handle.db, dialect: handle.dialect, writeTransaction: handle.writeTransaction, clock, serverTimeZone: options.serverTimeZone, sealer: options.sealer, config: options.config, log: silentLog, providerFor: options.providerFor };
  const tally: Record<SendOutcome, keyof RunDueResult> = { sent: 'sent', skipped: 'skipped', cancelled: 'cancelled', expired: 'expired', failed: 'failed', waiting: 'waiting', retry: 'waiting' };
  for (;;) {
    const claimed = await claimMessages(deps, at, 50, options.tenantId);
    if (claimed.length === 0) break;
    for (const message of claimed) {
      const outcome = await sendMessage(deps, message);
      (result[tally[outcome]] as number) += 1;
    }
  }
  return result;
}
