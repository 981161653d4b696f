// lapak migrate | serve | work | dispatch: the database schema and the long-running processes.
import os from 'node:os';
import type { Command } from 'commander';
import { openDatabase } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { serve } from '../server.js';
import { sealStoredSecrets } from '../secrets/seal-stored-secrets.js';
import { offSwitches, parseWorkerNames, work, WORKER_NAMES, workersOn } from '../workers.js';
import { CliError, command, getConfig, getSealer, positiveInt, print, valueOrExit, type Output } from './io.js';

const MAX_WORKERS = 64;

export function serveCommands(program: Command): void {
  command(program, 'migrate', 'apply pending database migrations, then seal secrets stored in plain text').action(async (opts: Output) => {
    // The key first: with PostgreSQL and no LAPAK_SECRET_KEY, stop before changing anything.
    const sealer = getSealer();
    const handle = openDatabase(getConfig().databaseUrl);
    try {
      const applied = await migrateToLatest(handle);
      const sealed = (await sealStoredSecrets(handle.db, sealer, 'plain')).sealed_plain;
      const human = [applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date', ...(sealed ? [`secrets sealed: ${sealed}`] : [])];
      print(opts, { applied, secrets_sealed: sealed }, human.join('\n'));
    } finally {
      await handle.close();
    }
  });

  command(program, 'serve', 'run the HTTP server (PORT, HOST); never creates data')
    .option('--workers <n>', 'API processes on this host (node:cluster), or "auto" for one per core', '1')
    .action(async (opts: Output & { workers: string }) => {
      const workers = opts.workers === 'auto' ? os.availableParallelism() : positiveInt(opts.workers, '--workers');
      if (workers > MAX_WORKERS) throw new CliError(`--workers must be at most ${MAX_WORKERS}, got "${opts.workers}"`);
      await serve(getConfig(), { workers });
    });

  command(program, 'work', 'run the background workers without HTTP: those whose off switch is not set, or those named')
    .option('--only <names>', `comma-separated workers to run, whatever their off switch says: ${WORKER_NAMES.join(', ')}`)
    .action(async (opts: Output & { only?: string }) => {
      const config = getConfig();
      const names = opts.only === undefined ? workersOn(config) : valueOrExit(parseWorkerNames(opts.only));
      if (names.length === 0) throw new CliError(`every worker is off (${offSwitches().join(', ')}); name the ones to run with --only`);
      await work(config, names);
    });

  command(program, 'dispatch', 'run the webhook dispatcher alone (several may share one PostgreSQL database)').action(async () => {
    await work(getConfig(), ['webhooks']);
  });
}
