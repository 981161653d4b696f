// `lapak dispatch`: the dispatcher alone, without the HTTP server. Several can run against
// one PostgreSQL database and share the work. SIGTERM/SIGINT: finish the sends in flight,
// record them, close the database, exit 0.
import { pino } from 'pino';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { openDatabase, type DbHandle } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { onShutdownSignal } from '../lib/shutdown.js';
import { resolveSealer } from '../lib/secrets/key-source.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { createDispatcher, type Dispatcher, type DispatchLog } from './dispatcher.js';

/** The webhook dispatcher as `serve` and `lapak dispatch` run it. */
export function dispatcherFor(config: Config, database: DbHandle, sealer: Sealer, log: DispatchLog): Dispatcher {
  return createDispatcher({
    db: database.db,
    dialect: database.dialect,
    writeTransaction: database.writeTransaction,
    clock: systemClock,
    timeZone: config.timeZone,
    allowPrivate: config.webhookAllowPrivate,
    sealer,
    log,
  });
}

export async function runDispatcher(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const sealer = resolveSealer(config, (line) => log.warn(line));
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const dispatcher = dispatcherFor(config, database, sealer, log);
  onShutdownSignal(async (signal) => {
    log.info({ signal }, 'shutting down');
    await dispatcher.stop();
    await database.close();
    return 0;
  });
  dispatcher.start();
}
