// The `bulk` worker (issue 40 §5; docs/jobs.md): runs the bulk jobs (bulk-jobs.ts) one order
// after another, each order in its own transaction that also moves the job's position, its
// counters and its first refusals. A process killed mid-job (kill -9) leaves the job at its last
// commit: its lease lapses (LEASE_MS), the next claim carries on at `position`, and no order is
// worked twice, so a changed order is never counted again as unchanged.
//
// Each order's transaction starts with the job's row: an update that renews the lease only while
// the job is still this claim's and still running. A cancel (bulk-jobs.ts) or another process's
// claim after a lapsed lease makes it match nothing, and this process stops before touching the
// order. The starter's rights are read again for every order (a member removed from the store,
// or left without `orders:all` for an assignment, ends the job as `cancelled`), and so is the CS
// an assignment gives the orders to: removed from the store, they receive no more of it (each
// remaining order refused `not_a_member`).
import { randomBytes } from 'node:crypto';
import type { Worker, JobLog } from '../../../jobs/worker.js';
import { nextRetryDelay, type RetrySchedule } from '../../../jobs/retry-schedule.js';
import type { Clock } from '../../../lib/clock.js';
import type { Config } from '../../../lib/config.js';
import type { Db, DialectName, Tx } from '../../../lib/db/db.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../../../lib/db/write-transaction.js';
import type { PermissionsOf } from '../../../lib/permissions.js';
import { assignOrder, assigneeOf } from '../../core/assign-orders.js';
import { moverOf, orderScopeOf } from '../../core/order-scope.js';
import { JOB_ERRORS_KEPT, UNFINISHED, type JobErrorCode, type JobInput } from './bulk-jobs.js';
import { moveOneOrder, type BulkResult } from './bulk-status.js';
import { spamOneOrder } from '../../risk/mark-spam.js';

export const BULK_WORKER = 'bulk';
/** How long a claim holds a job without a commit; every order's transaction renews it. */
export const LEASE_MS = 10_000;
export const BULK_POLL_MS = 250;
/** Jobs of different stores run side by side (on SQLite their orders still commit one at a time). */
export const BULK_CONCURRENCY = 2;
/** After a job's handler throws (not a kill: that only lets the lease lapse). */
export const BULK_RETRY: RetrySchedule = { delaysMs: [5_000, 30_000, 120_000] };

export interface BulkJobDeps {
  db: Db;
  dialect: DialectName;
  writeTransaction: WriteTransaction;
  clock: Clock;
  config: Config;
  permissionsOf: PermissionsOf;
  log: JobLog;
}

export interface ClaimedJob {
  id: number;
  tenantId: number;
  startedBy: number;
  leaseToken: string;
  input: JobInput;
  orderIds: number[];
  position: number;
  errors: Array<{ id: number; code: JobErrorCode }>;
  attempts: number;
}

export type JobEnd = 'done' | 'cancelled' | 'lost' | 'retry' | 'failed';

/** Jobs due now and held by no live lease; every store's, by design (each query about one job then carries its tenant id). */
function claimable(db: Db, now: number) {
  return db
    .selectFrom('bulk_jobs')
    .select('id')
    .where('state', 'in', UNFINISHED)
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id');
}

export async function claimBulkJobs(deps: Pick<BulkJobDeps, 'db' | 'dialect' | 'clock'>, limit: number): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const now = deps.clock.now();
  // A read first, so that an idle poll runs no write statement.
  if (!(await claimable(deps.db, now).limit(fixedLimit(1)).executeTakeFirst())) return [];
  const leaseToken = randomBytes(12).toString('hex');
  const claimed = await deps.db
    .updateTable('bulk_jobs')
    .set({ state: 'running', locked_until: now + LEASE_MS, lease_token: leaseToken })
    .where(
      'id',
      'in',
      claimable(deps.db, now)
        .limit(fixedLimit(limit))
        .$if(deps.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  const rows = await deps.db
    .selectFrom('bulk_jobs')
    .select(['id', 'tenant_id', 'started_by', 'input', 'order_ids', 'position', 'errors', 'attempts', 'started_at'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.id),
    )
    .where('lease_token', '=', leaseToken)
    .orderBy('id')
    .execute();
  const jobs: ClaimedJob[] = [];
  for (const row of rows) {
    if (row.started_at === null) {
      await deps.db.updateTable('bulk_jobs').set({ started_at: now }).where('tenant_id', '=', row.tenant_id).where('id', '=', row.id).where('started_at', 'is', null).execute();
    }
    jobs.push({
      id: Number(row.id),
      tenantId: Number(row.tenant_id),
      startedBy: Number(row.started_by),
      leaseToken,
      input: JSON.parse(row.input) as JobInput,
      orderIds: JSON.parse(row.order_ids) as number[],
      position: Number(row.position),
      errors: JSON.parse(row.errors) as ClaimedJob['errors'],
      attempts: Number(row.attempts),
    });
  }
  return jobs;
}

/** The starter's rights now; null when they may no longer run the job. */
async function starterRights(tx: Tx, deps: Pick<BulkJobDeps, 'permissionsOf' | 'dialect'>, job: ClaimedJob) {
  const membership = await tx
    .selectFrom('memberships')
    .select(['role', 'integrations'])
    .where('tenant_id', '=', job.tenantId)
    .where('user_id', '=', job.startedBy)
    // Held until the order's commit (PostgreSQL), as the assignee's (assigneeOf): a removal waits for it.
    .$if(deps.dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirst();
  if (!membership) return null;
  const session = { userId: job.startedBy, permissions: deps.permissionsOf(membership.role, Number(membership.integrations) === 1) };
  if (job.input.kind === 'assign' && !session.permissions.includes('orders:all')) return null;
  return { scope: orderScopeOf(session), mover: moverOf(session) };
}

type Step = { kind: 'next'; result: BulkResult | { id: number; outcome: 'refused'; code: 'not_a_member' } } | { kind: 'done' } | { kind: 'cancelled' } | { kind: 'lost' };

/** One order of the job, with the job's progress, in one transaction. */
function step(deps: BulkJobDeps, job: ClaimedJob): Promise<Step> {
  return deps.writeTransaction(async (tx): Promise<Step> => {
    const now = deps.clock.now();
    const mine = (q: ReturnType<typeof jobRow>) => q.where('lease_token', '=', job.leaseToken).where('state', '=', 'running').where('position', '=', job.position);
    const jobRow = () => tx.updateTable('bulk_jobs').where('tenant_id', '=', job.tenantId).where('id', '=', job.id);
    // First: the job's row, still this claim's and running (a cancel or a lapsed lease: stop, nothing written).
    const held = await mine(jobRow()).set({ locked_until: now + LEASE_MS }).executeTakeFirst();
    if (held.numUpdatedRows === 0n) return { kind: 'lost' };
    const finish = async (state: 'done' | 'cancelled') => {
      await mine(jobRow()).set({ state, finished_at: now, locked_until: null, lease_token: null }).execute();
      return { kind: state } as const;
    };
    if (job.position >= job.orderIds.length) return finish('done');
    const rights = await starterRights(tx, deps, job);
    if (!rights) return finish('cancelled');

    const id = job.orderIds[job.position]!;
    let result: Extract<Step, { kind: 'next' }>['result'];
    const input = job.input;
    if (input.kind === 'bulk_status') {
      result = await moveOneOrder(tx, deps, job.tenantId, id, { ...rights, actor: input.actor }, input.move);
    } else if (input.kind === 'spam') {
      result = await spamOneOrder(tx, job.tenantId, id, { scope: rights.scope, actor: input.actor }, { spam: input.spam, reason: input.reason }, now);
    } else {
      const to = await assigneeOf(tx, job.tenantId, input.cs, { hold: true });
      if (to === 'not_a_member') result = { id, outcome: 'refused', code: 'not_a_member' };
      else {
        const outcome = await assignOrder(tx, job.tenantId, id, to, input.actor, now);
        result = outcome === 'order_not_found' ? { id, outcome: 'refused', code: outcome } : { id, outcome };
      }
    }
    const keep = result.outcome === 'refused' && job.errors.length < JOB_ERRORS_KEPT;
    await jobRow()
      .set((eb) => ({
        position: eb('position', '+', 1),
        ...(result.outcome === 'changed' ? { changed: eb('changed', '+', 1) } : {}),
        ...(result.outcome === 'unchanged' ? { unchanged: eb('unchanged', '+', 1) } : {}),
        ...(result.outcome === 'refused' ? { refused: eb('refused', '+', 1) } : {}),
        ...(keep ? { errors: JSON.stringify([...job.errors, { id, code: result.code! }]) } : {}),
      }))
      .execute();
    return { kind: 'next', result };
  });
}

/** Runs a claimed job to its end, or until it is cancelled or its claim is lost. */
export async function runBulkJob(deps: BulkJobDeps, job: ClaimedJob): Promise<JobEnd> {
  try {
    for (;;) {
      const done = await step(deps, job);
      if (done.kind !== 'next') {
        deps.log.info({ worker: BULK_WORKER, job: job.id, tenant: job.tenantId, end: done.kind, position: job.position }, 'bulk job stopped');
        return done.kind;
      }
      // Committed: the claim's own copy moves on.
      if (done.result.outcome === 'refused' && job.errors.length < JOB_ERRORS_KEPT) job.errors = [...job.errors, { id: done.result.id, code: done.result.code! }];
      job.position += 1;
    }
  } catch (err) {
    return failedAttempt(deps, job, err as Error);
  }
}

/** A throw (a lost connection, a bug): the job is tried again after the schedule's pause, from its position, or has failed for good. */
async function failedAttempt(deps: BulkJobDeps, job: ClaimedJob, err: Error): Promise<JobEnd> {
  const now = deps.clock.now();
  const attempts = job.attempts + 1;
  const delay = nextRetryDelay(BULK_RETRY, attempts, null);
  deps.log.error({ worker: BULK_WORKER, job: job.id, tenant: job.tenantId, attempts, err: { message: err.message } }, 'bulk job attempt failed');
  await deps.db
    .updateTable('bulk_jobs')
    .set(delay === null ? { attempts, state: 'failed', finished_at: now, locked_until: null, lease_token: null } : { attempts, next_attempt_at: now + delay, locked_until: null, lease_token: null })
    .where('tenant_id', '=', job.tenantId)
    .where('id', '=', job.id)
    .where('lease_token', '=', job.leaseToken)
    .where('state', '=', 'running')
    .execute();
  return delay === null ? 'failed' : 'retry';
}

export function bulkJobWorker(deps: BulkJobDeps): Worker<ClaimedJob, JobEnd> {
  return {
    name: BULK_WORKER,
    claim: async (limit) => {
      const jobs = await claimBulkJobs(deps, limit);
      return { jobs, more: false };
    },
    handle: (job) => runBulkJob(deps, job),
    retry: BULK_RETRY,
    concurrency: BULK_CONCURRENCY,
    pollMs: BULK_POLL_MS,
  };
}
