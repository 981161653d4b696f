// Listens and shuts down gracefully: on SIGTERM/SIGINT stop accepting, let in-flight
// requests and their transactions finish, let the webhook dispatcher (on unless
// WEBHOOK_DISPATCHER=off) finish its sends, close the database, exit.
import { buildApp } from './app.js';
import type { Config } from './lib/config.js';
import { openDatabase } from './lib/db.js';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from './lib/housekeeping.js';
import { migrateToLatest } from './lib/migrate.js';
import { createDispatcher } from './webhooks/dispatcher.js';

export async function serve(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const { app, ctx } = buildApp({ config, database });
  const housekeeping = setInterval(() => {
    purgeExpired(ctx.db, ctx.dialect, ctx.clock.now()).catch((err: Error) => app.log.error({ err: { message: err.message } }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  const dispatcher = config.webhookDispatcher
    ? createDispatcher({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, timeZone: config.timeZone, allowPrivate: config.webhookAllowPrivate, log: app.log })
    : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    app.log.info({ signal }, 'shutting down');
    await Promise.all([app.close(), dispatcher?.stop()]);
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
  dispatcher?.start();
}
