// GET /readyz: the process can serve only when its database answers and, when configured,
// its Redis does. A load balancer takes a process out of rotation while this says 503.
import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import type { Redis } from '../lib/redis.js';

type State = 'ok' | 'down';

export interface Readiness {
  ok: boolean;
  database: State;
  /** Absent when no Redis is configured. */
  redis?: State;
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

export async function checkReadiness(ctx: { db: Db; redis: Redis | null }): Promise<Readiness> {
  const redis = ctx.redis;
  const [database, redisState] = await Promise.all([
    answers(() => sql`select 1`.execute(ctx.db)),
    redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
  ]);
  const readiness: Readiness = { ok: database === 'ok' && redisState !== 'down', database };
  if (redisState) readiness.redis = redisState;
  return readiness;
}
