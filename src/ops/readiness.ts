// GET /readyz: the process can serve only when its database answers and, when configured,
// its Redis does. A load balancer takes a process out of rotation while this says 503. The
// detail also says how far each consumer of the change feed is behind and whether any process
// runs it (`running: false`: start `lapak work --only ...` or `serve` with it on, docs/feed.md);
// a consumer's lag does not make the process unready: it serves as before.
import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { Redis } from '../lib/redis.js';
import type { ConsumerLag } from '../feed/consumer-lag.js';

type State = 'ok' | 'down';

export interface Readiness {
  ok: boolean;
  database: State;
  /** Absent when no Redis is configured. */
  redis?: State;
  /** Each consumer of the change feed, when the database answers. */
  consumers?: Record<string, { running: boolean; lag_rows: number | null; lag_seconds: number }>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function answers(check: () => Promise<unknown>): Promise<State> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(ctx: { db: Db; redis: Redis | null }, feedLag: () => Promise<ConsumerLag[]>): Promise<Readiness> {
  const redis = ctx.redis;
  const [database, redisState] = await Promise.all([
    answers(() => sql`select 1`.execute(ctx.db)),
    redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
  ]);
  const readiness: Readiness = { ok: database === 'ok' && redisState !== 'down', database };
  if (redisState) readiness.redis = redisState;
  if (database === 'ok') {
    const lags = await feedLag().catch(() => []);
    readiness.consumers = Object.fromEntries(lags.map((l) => [l.name, { running: l.running, lag_rows: l.rows, lag_seconds: Math.round(l.seconds * 10) / 10 }]));
  }
  return readiness;
}
