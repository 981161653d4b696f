// `lapak dispatch`: the dispatcher alone, without the HTTP server. Several can run against
// one PostgreSQL database and share the work. SIGTERM/SIGINT: finish the sends in flight,
// record them, close the database, exit 0.
import { pino } from 'pino';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { openDatabase } from '../lib/db.js';
import { migrateToLatest } from '../lib/migrate.js';
import { createDispatcher } from './dispatcher.js';

export async function runDispatcher(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const log = pino({ level: config.logLevel });
  const dispatcher = createDispatcher({
    db: database.db,
    dialect: database.dialect,
    clock: systemClock,
    timeZone: config.timeZone,
    allowPrivate: config.webhookAllowPrivate,
    log,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await dispatcher.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  dispatcher.start();
}
