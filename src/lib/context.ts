import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db, DialectName } from './db.js';
import type { Limiters } from './limits.js';
import type { Metrics } from './metrics.js';
import type { Redis } from './redis.js';
import type { WriteTransaction } from './write-transaction.js';
import type { InFlight } from '../idempotency/in-flight.js';
import type { KeyRow } from '../auth/authenticate.js';
import type { KeyCache } from '../auth/key-cache.js';

/** What every route and service may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  dialect: DialectName;
  config: Config;
  clock: Clock;
  limiters: Limiters;
  inFlight: InFlight;
  keyCache: KeyCache<KeyRow>;
  /** The server's write transactions (group commit on SQLite). */
  writeTransaction: WriteTransaction;
  /** The Redis of the rate-limit windows (REDIS_URL), or null. */
  redis: Redis | null;
  metrics: Metrics;
}
