// The list of background workers, and the one way a process runs them: `serve` (the single
// process, or the primary with --workers N), `lapak work [--only ...]` and `lapak dispatch`
// (the webhook worker alone). Built here, on the top floor, so no feature imports the list; a
// new worker is one entry, with its off switch (parsed in lib/config.ts).
import { pino } from 'pino';
import { createRunner, type Runner } from './jobs/runner.js';
import type { JobLog, Worker } from './jobs/worker.js';
import { systemClock } from './lib/clock.js';
import type { Config } from './lib/config.js';
import { openDatabase, type DbHandle } from './lib/db/db.js';
import { migrateToLatest } from './lib/db/migrate.js';
import { resolveSealer } from './lib/secrets/key-source.js';
import type { Sealer } from './lib/secrets/sealer.js';
import { onShutdownSignal } from './lib/shutdown.js';
import { refuse, succeed, type Outcome } from './lib/outcome.js';
import { HOUSEKEEPING_WORKER, housekeepingWorker } from './ops/housekeeping.js';
import { countsConsumer } from './counts/fold-counts.js';
import { feedWorker } from './feed/feed-worker.js';
import { liveConsumer } from './live/live-consumer.js';
import { createWebhookWorker, WEBHOOK_WORKER } from './webhooks/dispatcher.js';
import { BULK_WORKER, bulkJobWorker } from './orders/workspace/bulk/run-bulk-job.js';
import { permissionsOf } from './team/roles.js';
import { PLANNER_CONSUMER, plannerConsumer } from './messaging/plan-messages.js';
import { SENDER_WORKER, senderWorker } from './messaging/send-messages.js';
import { AUTO_CANCEL_WORKER, autoCancelWorker } from './orders/auto-cancel/cancel-unpaid.js';
import { insightsConsumer } from './insights/fold-insights.js';

/** What a worker is built from. */
export interface WorkerDeps {
  config: Config;
  database: DbHandle;
  sealer: Sealer;
  log: JobLog;
}

interface WorkerEntry {
  /** The variable and value that keep it out of `serve` (and of `lapak work` without --only). */
  offSwitch: string;
  isOn(config: Config): boolean;
  build(deps: WorkerDeps): Worker;
}

const WORKERS = {
  [WEBHOOK_WORKER]: {
    offSwitch: 'WEBHOOK_DISPATCHER=off',
    isOn: (config) => config.webhookDispatcher,
    build: ({ config, database, sealer, log }) =>
      createWebhookWorker({
        db: database.db,
        dialect: database.dialect,
        writeTransaction: database.writeTransaction,
        clock: systemClock,
        timeZone: config.timeZone,
        allowPrivate: config.webhookAllowPrivate,
        sealer,
        log,
      }),
  },
  [HOUSEKEEPING_WORKER]: {
    offSwitch: 'HOUSEKEEPING=off',
    isOn: (config) => config.housekeeping,
    build: ({ config, database }) => housekeepingWorker(database.db, systemClock, config.feedRetentionMs),
  },
  // The change feed's consumers (docs/feed.md): each folds the feed in batches off the write path.
  counts: {
    offSwitch: 'COUNTS_CONSUMER=off',
    isOn: (config) => config.countsConsumer,
    build: ({ database }) => feedWorker(database, countsConsumer, systemClock),
  },
  live: {
    offSwitch: 'LIVE_CONSUMER=off',
    isOn: (config) => config.liveConsumer,
    build: ({ database }) => feedWorker(database, liveConsumer, systemClock),
  },
  // Bulk moves and assignments of more than 500 orders (issue 40 §5), one order a transaction.
  [BULK_WORKER]: {
    offSwitch: 'BULK_JOBS=off',
    isOn: (config) => config.bulkJobs,
    build: ({ config, database, log }) =>
      bulkJobWorker({ db: database.db, dialect: database.dialect, writeTransaction: database.writeTransaction, clock: systemClock, config, permissionsOf, log }),
  },
  // Messaging automation (issue 41, docs/messaging.md): the planner folds the feed into planned
  // messages; the sender sends those due.
  [PLANNER_CONSUMER]: {
    offSwitch: 'MESSAGE_PLANNER=off',
    isOn: (config) => config.messagePlanner,
    build: ({ config, database }) => feedWorker(database, plannerConsumer(config.timeZone, systemClock), systemClock),
  },
  [SENDER_WORKER]: {
    offSwitch: 'MESSAGE_SENDER=off',
    isOn: (config) => config.messageSender,
    build: ({ config, database, sealer, log }) =>
      senderWorker({ db: database.db, dialect: database.dialect, writeTransaction: database.writeTransaction, clock: systemClock, serverTimeZone: config.timeZone, sealer, config, log }),
  },
  // Unpaid orders that close themselves (issue 44 §3, docs/auto-cancel.md): one process at a time (a lease).
  [AUTO_CANCEL_WORKER]: {
    offSwitch: 'AUTO_CANCEL=off',
    isOn: (config) => config.autoCancel,
    build: ({ config, database, log }) =>
      autoCancelWorker({ db: database.db, writeTransaction: database.writeTransaction, clock: systemClock, config, log }),
  },
  // Insights (issue 45, docs/insights.md): folds the feed into the totals of the "Laporan" page.
  insights: {
    offSwitch: 'INSIGHTS_CONSUMER=off',
    isOn: (config) => config.insightsConsumer,
    build: ({ database }) => feedWorker(database, insightsConsumer, systemClock),
  },
} satisfies Record<string, WorkerEntry>;

/** The feed's consumers' names (each consumer's name is its worker's): /readyz and /metrics report their lag. */
export const FEED_CONSUMER_NAMES: readonly string[] = [countsConsumer.name, liveConsumer.name, PLANNER_CONSUMER, insightsConsumer.name];

export type WorkerName = keyof typeof WORKERS;
export const WORKER_NAMES = Object.keys(WORKERS) as WorkerName[];

const isWorkerName = (name: string): name is WorkerName => Object.hasOwn(WORKERS, name);

/** The workers whose off switch is not set, in the list's order. */
export function workersOn(config: Config): WorkerName[] {
  return WORKER_NAMES.filter((name) => WORKERS[name].isOn(config));
}

/** The off switches, for a message that says why nothing would run. */
export const offSwitches = (): string[] => WORKER_NAMES.map((name) => WORKERS[name].offSwitch);

/** `--only webhooks,housekeeping`: the names, each once, in the list's order; an unknown or empty one is refused. */
export function parseWorkerNames(list: string): Outcome<WorkerName[], 'unknown_worker'> {
  const asked = list.split(',').map((name) => name.trim());
  const unknown = asked.find((name) => !isWorkerName(name));
  if (unknown !== undefined) {
    return refuse('unknown_worker', `unknown worker "${unknown}" in --only; the workers are ${WORKER_NAMES.join(', ')}`);
  }
  return succeed(WORKER_NAMES.filter((name) => asked.includes(name)));
}

/** The runner of the workers named, checked (a WorkerSetupError stops the process before it serves or works); not started. */
export function workerRunner(names: readonly WorkerName[], deps: WorkerDeps): Runner {
  return createRunner(
    names.map((name) => WORKERS[name].build(deps)),
    deps.log,
  );
}

/**
 * `lapak work` and `lapak dispatch`: the workers named, without HTTP, until SIGTERM or SIGINT,
 * which stops claiming, lets the jobs in flight finish and be recorded, closes the database
 * and exits 0.
 */
export async function work(config: Config, names: readonly WorkerName[]): Promise<void> {
  const log = pino({ level: config.logLevel });
  // The key first: with PostgreSQL and no LAPAK_SECRET_KEY, stop before touching the database.
  const sealer = resolveSealer(config, (line) => log.warn(line));
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const runner = workerRunner(names, { config, database, sealer, log });
  onShutdownSignal(async (signal) => {
    log.info({ signal }, 'shutting down');
    await runner.stop();
    await database.close();
    return 0;
  });
  runner.start();
}
