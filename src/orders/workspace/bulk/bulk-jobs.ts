// Long bulk work off the request (issue 40 §5): a bulk move or assignment of more than
// SYNC_MAX_ORDERS orders is answered 202 at once with a job, which the `bulk` worker runs one
// order after another (run-bulk-job.ts). Up to SYNC_MAX_ORDERS the request does the work itself,
// as before. This file starts, reads, lists and cancels the jobs; the table is migration 029.
//
// Who sees a job: the member who started it, and owners and admins (`orders:all`); a CS who did
// not start it gets 404 `job_not_found`, as for another store's job.
import type { Clock } from '../../../lib/clock.js';
import type { Db, Tx } from '../../../lib/db/db.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../../../lib/db/write-transaction.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { formatTimestamp } from '../../../lib/time.js';
import { shownName, type MemberActor } from '../../core/member-actor.js';
import type { StatusMoveInput } from '../order/move-order-status.js';

/** The most orders a bulk action works inside its request; more are a job. */
export const SYNC_MAX_ORDERS = 500;
/** What a bulk action of more than SYNC_MAX_ORDERS orders answers (both routes say it). */
export const JOB_ANSWER =
  `More than ${SYNC_MAX_ORDERS} orders (a view's): 202 \`{job: {id, state: "queued", total}}\` at once, after the same checks, and the orders are worked one after another by the \`bulk\` worker, each as the synchronous action works it; read the job's progress and results with \`GET /dashboard/api/jobs/{id}\`, stop it with \`POST /dashboard/api/jobs/{id}/cancel\`. Up to ${SYNC_MAX_ORDERS}: the 200 answer, within the request.`;

/** The refusals a job keeps (the first ones): `errors`. */
export const JOB_ERRORS_KEPT = 100;
/** How far back the store's list of jobs reaches. */
export const JOB_LIST_MS = 7 * 24 * 3_600_000;
/** The most jobs the list answers. */
export const JOB_LIST_LIMIT = 100;

export const JOB_KINDS = ['bulk_status', 'assign', 'spam'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** The states a job can still leave: the worker claims them, a cancel ends them. */
export const UNFINISHED: JobState[] = ['queued', 'running'];

/** Why an order of a job was refused: its own move's code, or (an assignment) a CS no longer in the store. */
export type JobErrorCode = 'order_not_found' | 'status_move_not_allowed' | 'status_conflict' | 'resi_required' | 'reason_required' | 'not_a_member';

/** What each order's change is made with. The starter's rights are read again for every order. */
export type JobInput =
  | { kind: 'bulk_status'; move: StatusMoveInput; actor: MemberActor }
  | { kind: 'assign'; cs: number | null; actor: MemberActor }
  | { kind: 'spam'; spam: boolean; reason: string | null; actor: MemberActor };

export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  total: number;
  done: number;
  changed: number;
  unchanged: number;
  refused: number;
  errors: Array<{ id: number; code: JobErrorCode }>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  started_by: { id: number; name: string };
}

/** Who reads: every job of the store (`orders:all`), or only the ones they started. */
export interface JobViewer {
  userId: number;
  all: boolean;
}

/** A new job of the store, queued; its id, state and total (the 202's body). */
export async function startBulkJob(
  db: Db,
  clock: Clock,
  tenantId: number,
  startedBy: number,
  input: JobInput,
  orderIds: readonly number[],
): Promise<{ id: number; state: JobState; total: number }> {
  const now = clock.now();
  const row = await db
    .insertInto('bulk_jobs')
    .values({
      tenant_id: tenantId,
      kind: input.kind,
      state: 'queued',
      started_by: startedBy,
      input: JSON.stringify(input),
      order_ids: JSON.stringify(orderIds),
      total: orderIds.length,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), state: 'queued', total: orderIds.length };
}

function jobsOf(db: Db | Tx, tenantId: number, viewer: JobViewer) {
  return db
    .selectFrom('bulk_jobs')
    .innerJoin('users', 'users.id', 'bulk_jobs.started_by')
    .select([
      'bulk_jobs.id',
      'bulk_jobs.kind',
      'bulk_jobs.state',
      'bulk_jobs.total',
      'bulk_jobs.position',
      'bulk_jobs.changed',
      'bulk_jobs.unchanged',
      'bulk_jobs.refused',
      'bulk_jobs.errors',
      'bulk_jobs.created_at',
      'bulk_jobs.started_at',
      'bulk_jobs.finished_at',
      'bulk_jobs.started_by',
      'users.name',
      'users.email',
    ])
    .where('bulk_jobs.tenant_id', '=', tenantId)
    .$if(!viewer.all, (q) => q.where('bulk_jobs.started_by', '=', viewer.userId));
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobsOf>['executeTakeFirstOrThrow']>>;

function viewOf(row: JobRow, timeZone: string): JobView {
  const at = (ms: number | null) => (ms === null ? null : formatTimestamp(Number(ms), timeZone));
  return {
    id: Number(row.id),
    kind: row.kind as JobKind,
    state: row.state as JobState,
    total: Number(row.total),
    done: Number(row.position),
    changed: Number(row.changed),
    unchanged: Number(row.unchanged),
    refused: Number(row.refused),
    errors: JSON.parse(row.errors) as JobView['errors'],
    created_at: formatTimestamp(Number(row.created_at), timeZone),
    started_at: at(row.started_at),
    finished_at: at(row.finished_at),
    started_by: { id: Number(row.started_by), name: shownName(row) },
  };
}

export async function readJob(db: Db | Tx, tenantId: number, jobId: number, viewer: JobViewer, timeZone: string): Promise<Outcome<JobView, 'job_not_found'>> {
  const row = await jobsOf(db, tenantId, viewer).where('bulk_jobs.id', '=', jobId).executeTakeFirst();
  return row ? succeed(viewOf(row, timeZone)) : refuse('job_not_found', `no job ${jobId} this member may see`);
}

/** The store's jobs started in the last 7 days (a CS: their own), newest first, at most JOB_LIST_LIMIT. */
export async function listJobs(db: Db, clock: Clock, tenantId: number, viewer: JobViewer, timeZone: string): Promise<JobView[]> {
  const rows = await jobsOf(db, tenantId, viewer)
    .where('bulk_jobs.created_at', '>=', clock.now() - JOB_LIST_MS)
    .orderBy('bulk_jobs.id', 'desc')
    .limit(fixedLimit(JOB_LIST_LIMIT))
    .execute();
  return rows.map((row) => viewOf(row, timeZone));
}

/** Deletes the jobs that ended before the list's 7 days (housekeeping): their orders' history keeps what they did. */
export async function purgeEndedJobs(db: Db, now: number): Promise<number> {
  const deleted = await db.deleteFrom('bulk_jobs').where('state', 'not in', UNFINISHED).where('finished_at', '<', now - JOB_LIST_MS).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * Cancels a queued or running job: it ends at once as `cancelled`. A running job's worker holds
 * the job's row in each order's transaction (its first statement moves the lease), so this
 * update waits for the order in progress to commit, and the worker's next order finds the job
 * cancelled and stops: the counts answered are final. Cancelling a cancelled job answers it
 * again; a job that ended otherwise: `job_finished`.
 */
export async function cancelJob(
  deps: { writeTransaction: WriteTransaction; clock: Clock },
  tenantId: number,
  jobId: number,
  viewer: JobViewer,
  timeZone: string,
): Promise<Outcome<JobView, 'job_not_found' | 'job_finished'>> {
  return deps.writeTransaction(async (tx) => {
    const found = await readJob(tx, tenantId, jobId, viewer, timeZone);
    if (!found.ok) return found;
    if (!UNFINISHED.includes(found.value.state)) {
      return found.value.state === 'cancelled' ? found : refuse('job_finished', `job ${jobId} has ended: ${found.value.state}`);
    }
    await tx
      .updateTable('bulk_jobs')
      .set({ state: 'cancelled', finished_at: deps.clock.now(), locked_until: null, lease_token: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', jobId)
      .where('state', 'in', UNFINISHED)
      .execute();
    return readJob(tx, tenantId, jobId, viewer, timeZone);
  });
}
