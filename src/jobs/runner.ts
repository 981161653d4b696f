// The one runner of background work. For each worker (worker.ts) a loop: claim as many jobs
// as there are free slots, start their handlers, then start the next round at once when there
// is more to do, or pause. `stop()` stops claiming and waits for the jobs in flight. The
// runner refuses to start when a worker lacks its handler (or a name, or a sane schedule):
// the check Immich's job.repository.ts makes for every job name, at start-up rather than at
// the first job.
import { attemptsOf } from './retry-schedule.js';
import { silentLog, type Claimed, type JobLog, type Worker } from './worker.js';

export class WorkerSetupError extends Error {}

/**
 * Whether the loop starts its next round at once instead of pausing: when the round claimed
 * jobs (more may be due) or its worker said more waits, and a slot is free.
 */
export function runsAgainAtOnce(round: { more: boolean; claimed: number }, inFlight: number, concurrency: number): boolean {
  return (round.more || round.claimed > 0) && inFlight < concurrency;
}

/** One round: what the claim returned, and how its jobs ended. */
export interface RoundReport<Round, Outcome extends string> {
  round: Round;
  outcomes: Partial<Record<Outcome, number>>;
}

/** One worker's loop. */
export interface WorkerLoop<Round, Outcome extends string> {
  /** One round, waiting for its jobs (tests drive workers with it, on a ManualClock). */
  runOnce(): Promise<RoundReport<Round, Outcome>>;
  start(): void;
  /** Stops claiming, waits for the jobs in flight, then closes the worker. */
  stop(): Promise<void>;
}

export function runWorker<Job, Outcome extends string, Round extends Claimed<Job>>(worker: Worker<Job, Outcome, Round>, log: JobLog = silentLog): WorkerLoop<Round, Outcome> {
  const { name, concurrency, pollMs, idle } = worker;
  const inFlight = new Set<Promise<void>>();
  // When a round last found work (real time: tests that move a ManualClock drive runOnce).
  let workedAt = performance.now();
  const pauseMs = () => (idle && inFlight.size === 0 && performance.now() - workedAt >= idle.afterMs ? idle.pollMs : pollMs);

  /** Claims as many jobs as `free` slots, and starts their handlers. */
  async function round(free: number, track: (p: Promise<Outcome>) => void): Promise<Round> {
    const claimed = await worker.claim(free);
    for (const job of claimed.jobs) track(worker.handle(job));
    return claimed;
  }

  async function runOnce(): Promise<RoundReport<Round, Outcome>> {
    const handled: Array<Promise<Outcome>> = [];
    const claimed = await round(concurrency, (p) => handled.push(p));
    const outcomes: Partial<Record<Outcome, number>> = {};
    for (const outcome of await Promise.all(handled)) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    return { round: claimed, outcomes };
  }

  let loop: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    log.info({ worker: name, concurrency, poll_ms: pollMs, ...(idle ? { idle_poll_ms: idle.pollMs } : {}), attempts: attemptsOf(worker.retry) }, 'worker started');
    while (!stopping) {
      let busy = false;
      try {
        const claimed = await round(concurrency - inFlight.size, (p) => {
          const tracked: Promise<void> = p
            .then(
              () => undefined,
              (err: Error) => log.error({ worker: name, err: { message: err.message } }, 'job failed'),
            )
            .finally(() => {
              inFlight.delete(tracked);
              // A finished job frees a slot, and may make the next job of its kind due.
              wake?.();
            });
          inFlight.add(tracked);
        });
        busy = runsAgainAtOnce({ more: claimed.more, claimed: claimed.jobs.length }, inFlight.size, concurrency);
        if (busy || claimed.jobs.length > 0 || claimed.worked === true) workedAt = performance.now();
      } catch (err) {
        // A busy database or a lost connection: log and try again after a pause.
        log.error({ worker: name, err: { message: (err as Error).message } }, 'worker round failed');
      }
      if (!busy && !stopping) await pause(pauseMs());
    }
    await Promise.allSettled([...inFlight]);
    log.info({ worker: name }, 'worker stopped');
  }

  return {
    runOnce,
    start() {
      if (loop) return;
      stopping = false;
      loop = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      if (loop) await loop;
      loop = null;
      await Promise.allSettled([...inFlight]);
      await worker.close?.();
    },
  };
}

/** The workers of one process, run side by side. */
export interface Runner {
  /** The workers' names, in the order given. */
  readonly names: readonly string[];
  start(): void;
  /** Stops every worker, each after its jobs in flight. */
  stop(): Promise<void>;
}

/** Throws WorkerSetupError naming the first worker that cannot run. */
export function checkWorkers(workers: readonly Worker[]): void {
  const seen = new Set<string>();
  for (const [i, worker] of workers.entries()) {
    const name = typeof worker.name === 'string' && worker.name !== '' ? worker.name : null;
    const label = name === null ? `worker #${i + 1}` : `worker "${name}"`;
    if (name === null) throw new WorkerSetupError(`${label} has no name`);
    if (seen.has(name)) throw new WorkerSetupError(`${label} is in the list twice`);
    seen.add(name);
    if (typeof worker.handle !== 'function') throw new WorkerSetupError(`${label} has no handler: it would claim jobs that nothing runs`);
    if (typeof worker.claim !== 'function') throw new WorkerSetupError(`${label} has no claim`);
    if (!worker.retry || !worker.retry.delaysMs.every((ms) => Number.isFinite(ms) && ms >= 0)) {
      throw new WorkerSetupError(`${label} has no retry schedule of delays >= 0 ms`);
    }
    if (!Number.isInteger(worker.concurrency) || worker.concurrency < 1) throw new WorkerSetupError(`${label} needs a concurrency of at least 1`);
    if (!(worker.pollMs > 0)) throw new WorkerSetupError(`${label} needs a poll pause above 0 ms`);
    if (worker.idle && !(worker.idle.afterMs >= 0 && worker.idle.pollMs >= worker.pollMs)) {
      throw new WorkerSetupError(`${label} needs an idle poll of at least its poll pause, after 0 ms or more`);
    }
  }
}

/** Checks every worker first (WorkerSetupError: nothing starts); start() then runs them all. */
export function createRunner(workers: readonly Worker[], log: JobLog = silentLog): Runner {
  checkWorkers(workers);
  const loops = workers.map((worker) => runWorker(worker, log));
  // A stop that comes first (a signal during start-up) is final: start() then starts nothing.
  let stopped = false;
  return {
    names: workers.map((w) => w.name),
    start() {
      if (stopped) return;
      for (const loop of loops) loop.start();
    },
    async stop() {
      stopped = true;
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
