// Listens and shuts down gracefully: on SIGTERM/SIGINT stop accepting, let in-flight
// requests and their transactions finish, let the background workers (workers.ts: those whose
// off switch is not set) finish their jobs, close the database and Redis, exit 0.
//
// `serve --workers N` (N > 1) runs N API processes on one port with node:cluster. The
// primary migrates, runs the background workers, replaces a worker process that dies, and
// aggregates /metrics over the workers; the workers only serve HTTP.
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { pino } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './lib/config.js';
import { openDatabase } from './lib/db/db.js';
import { migrateToLatest } from './lib/db/migrate.js';
import { onShutdownSignal } from './lib/shutdown.js';
import { resolveSealer } from './lib/secrets/key-source.js';
import { sealStoredSecrets } from './secrets/seal-stored-secrets.js';
import { workerRunner, workersOn } from './workers.js';

export interface ServeOptions {
  /** API processes on this host; 1 serves in this process. */
  workers: number;
}

export async function serve(config: Config, options: ServeOptions = { workers: 1 }): Promise<void> {
  if (cluster.isWorker) return serveWorker(config);
  if (options.workers > 1) return servePrimary(config, options.workers);

  const log = pino({ level: config.logLevel });
  // The key first: with PostgreSQL and no LAPAK_SECRET_KEY, stop before touching the database.
  const sealer = resolveSealer(config, (line) => log.warn(line));
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  await sealStoredSecrets(database.db, sealer, 'plain');
  const { app } = buildApp({ config, database, sealer });
  // Background work once per host: checked before listening, started once listening (a
  // signal that comes between finds it not started, and stop() only closes its connections).
  const background = workerRunner(workersOn(config), { config, database, sealer, log: app.log });
  onShutdownSignal(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await Promise.all([app.close(), background.stop()]);
    await database.close();
    return 0;
  });
  await app.listen({ host: config.host, port: config.port });
  background.start();
}

// --- cluster ---------------------------------------------------------------------------

const METRICS_REQUEST = 'lapak:metrics-request';
const METRICS_REPLY = 'lapak:metrics-reply';
const METRICS_TIMEOUT_MS = 5_000;
/** A dead worker is replaced after this delay, so a worker that dies at once is not restarted in a tight loop. */
const RESPAWN_DELAY_MS = 1_000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}
interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: number;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

async function servePrimary(config: Config, workers: number): Promise<void> {
  const log = pino({ level: config.logLevel });
  // Before any worker starts: the key file exists (SQLite) when the workers read it.
  const sealer = resolveSealer(config, (line) => log.warn(line));
  const database = openDatabase(config.databaseUrl);
  // Once, before any worker starts.
  await migrateToLatest(database);
  await sealStoredSecrets(database.db, sealer, 'plain');
  const aggregator = new AggregatorRegistry();
  let shuttingDown = false;
  // Background work once per host, in the primary; checked before any worker process starts.
  const background = workerRunner(workersOn(config), { config, database, sealer, log });

  const fork = () => {
    const worker = cluster.fork();
    worker.once('exit', (code, signal) => {
      if (shuttingDown) return;
      log.error({ worker: worker.id, code, signal }, 'worker died; starting another');
      setTimeout(() => !shuttingDown && fork(), RESPAWN_DELAY_MS).unref();
    });
  };

  // Resolves true when the worker stopped cleanly: exit 0, or ended by our SIGTERM before it
  // had installed its handler (a worker still starting has nothing in flight).
  const stop = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGTERM'));
      worker.process.kill('SIGTERM');
    });

  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, METRICS_REQUEST)) return;
    const reply = (body: Omit<MetricsReply, 'type' | 'id'>) => worker.send({ type: METRICS_REPLY, id: message.id, ...body } satisfies MetricsReply);
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });

  onShutdownSignal(async (signal) => {
    shuttingDown = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    log.info({ signal, workers: running.length }, 'shutting down workers');
    const clean = await Promise.all(running.map(stop));
    await background.stop();
    await database.close();
    return clean.every(Boolean) ? 0 : 1;
  });
  for (let i = 0; i < workers; i++) fork();
  background.start();
}

/** The metrics of every worker, aggregated by the primary. */
function clusterMetricsText(): () => Promise<string> {
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isMessage<MetricsReply>(message, METRICS_REPLY)) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.text !== undefined) waiting?.resolve(message.text);
    else waiting?.reject(new Error(message.error ?? 'metrics unavailable'));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
      setTimeout(() => pending.delete(id) && reject(new Error('metrics timeout')), METRICS_TIMEOUT_MS).unref();
    });
}

async function serveWorker(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  const { app, ctx } = buildApp({ config, database, metricsText: clusterMetricsText() });
  // Constructing one installs prom-client's answer to the primary's requests; it answers
  // with this app's registry.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([ctx.metrics.registry]);
  onShutdownSignal(async (signal) => {
    app.log.info({ signal }, 'worker shutting down');
    await app.close();
    await database.close();
    return 0;
  });
  await app.listen({ host: config.host, port: config.port });
}
