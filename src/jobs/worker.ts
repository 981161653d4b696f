// A worker: one kind of background job, with its own claim, handler and retry schedule. The
// runner (runner.ts) polls its claim, runs its handler on what was claimed, paces the rounds
// and stops cleanly; what a job is, where it is stored and how its attempts are recorded stay
// the worker's. The list of workers a process runs is built on the top floor (src/workers.ts).
import type { RetrySchedule } from './retry-schedule.js';

/** pino's shape; only ids, counts and outcomes are logged: never URLs, secrets or payloads. */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: JobLog = { info() {}, warn() {}, error() {} };

/** What one claim took. */
export interface Claimed<Job> {
  /** Jobs to run now, each held (a lease in the database, or this process's own turn) so that no other runner runs it meanwhile. */
  readonly jobs: readonly Job[];
  /** More work waits beyond this claim: the next round starts at once instead of after the pause. */
  readonly more: boolean;
  /** The round did work of its own beside the jobs (events fanned out, changes folded): the worker is not idle. */
  readonly worked?: boolean;
}

/** A slower poll once a worker has found nothing to do for a while (an idle store's database is asked less often). */
export interface IdlePoll {
  /** How long without work (no job claimed, no work of the round's own) before the pause lengthens. */
  readonly afterMs: number;
  /** The pause then, at least the worker's pollMs; the first round that finds work brings pollMs back. */
  readonly pollMs: number;
}

/**
 * `Round` is what the claim returns: Claimed, plus whatever the worker reports of its round
 * (the webhook worker: how many events it fanned out). `Outcome` names how a job ended.
 */
export interface Worker<Job = unknown, Outcome extends string = string, Round extends Claimed<Job> = Claimed<Job>> {
  /** Its name in `lapak work --only`, in the logs and in the list (src/workers.ts). */
  readonly name: string;
  /** Claims at most `limit` jobs due now (limit may be 0: claim none, but the round's other work may run). */
  claim(limit: number): Promise<Round>;
  /** Runs one claimed job and records how it ended. A throw is logged; the job's hold (its lease) then lapses and it is claimed again. */
  handle(job: Job): Promise<Outcome>;
  /** When a failed job is tried again; the handler records the next attempt from it. */
  readonly retry: RetrySchedule;
  /** Jobs handled at once. */
  readonly concurrency: number;
  /** The pause after a round that left nothing to do at once. */
  readonly pollMs: number;
  /** When set, the pause once the worker has been idle for `idle.afterMs`. */
  readonly idle?: IdlePoll;
  /** Releases what the worker holds (connections), once its last job has ended. */
  close?(): Promise<void>;
}
