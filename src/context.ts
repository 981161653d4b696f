import type { Clock } from './lib/clock.js';
import type { Config } from './lib/config.js';
import type { Db, DialectName } from './lib/db/db.js';
import type { Limiters } from './lib/limits.js';
import type { Metrics } from './lib/metrics.js';
import type { Redis } from './lib/redis.js';
import type { WriteTransaction } from './lib/db/write-transaction.js';
import type { InFlight } from './idempotency/in-flight.js';
import type { KeyRow } from './auth/authenticate.js';
import type { KeyCache } from './auth/key-cache.js';
import type { PasswordHasher } from './lib/password-hasher.js';
import type { Sealer } from './lib/secrets/sealer.js';
import type { PermissionsOf } from './lib/permissions.js';
import type { LiveFeed } from './live/live-feed.js';
import type { SessionSignals } from './lib/session-signals.js';
import type { FormViews } from './insights/form-views/form-views.js';

/**
 * What every route and service may use; built once in app.ts. It names types of lib/ and of
 * features, so it sits on the top floor beside app.ts, and features import it as a type only.
 */
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
  /** This process's password hashing line: at most 2 argon2 jobs at once, others wait 2 s. */
  passwordHasher: PasswordHasher;
  /** Seals and opens the stored secrets (gateway keys, webhook signing secrets). */
  sealer: Sealer;
  /**
   * The role table (team/roles.ts), for the session check and /me: sessions/ and accounts/
   * stand below team/ (whose routes are built on them), so they are handed it here.
   */
  permissionsOf: PermissionsOf;
  /** This process's reader of the change feed for the live list's streams. */
  liveFeed: LiveFeed;
  /** This process's word that a user's sessions changed (logout, role change, removal): open streams check theirs at once. */
  sessionSignals: SessionSignals;
  /** This process's count of form views (flushed every few seconds and on close) and the beacon's window per IP, both in memory. */
  formViews: FormViews;
}
