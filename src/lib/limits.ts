// SPEC's rate-limit windows behind one interface; every window is a fixed window of
// rate-limiter-flexible. The store decides whether a window is global: Redis (REDIS_URL) or
// PostgreSQL (a postgres:// DATABASE_URL without Redis) count across every process; memory
// (the embedded SQLite default) counts in this process only.
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from './redis.js';
import { ServiceUnavailable } from './unavailable.js';

/** The PostgreSQL limiter store's table (created by migration 004 in rate-limiter-flexible's layout). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface WindowRule {
  points: number;
  durationSec: number;
  /** When set, exceeding the window blocks the caller for this long (products path). */
  blockSec?: number;
}

// SPEC "Limits". Quotas are multiplied by RATE_LIMIT_SCALE (default 1).
export const WINDOWS = {
  productsPerIp: { points: 60, durationSec: 60, blockSec: 60 },
  orderStatusPerKey: { points: 120, durationSec: 60 },
  lookupPerIp: { points: 1200, durationSec: 60 },
  lookupPerKeyMinute: { points: 30, durationSec: 60 },
  lookupPerKeyHour: { points: 600, durationSec: 3600 },
  lookupPerKeyDay: { points: 4000, durationSec: 86400 },
  lookupPerKeyAndIp: { points: 120, durationSec: 60 },
  // Order form submits per IP (docs/order-form.md): room for a buyer correcting mistakes,
  // none for a flood. Not in SPEC.
  formSubmitPerIp: { points: 20, durationSec: 600 },
  // The buyer's own order page per IP (docs/buyer-page.md): a buyer reloading it, never a walk
  // over tokens. Not in SPEC.
  buyerPagePerIp: { points: 60, durationSec: 60 },
  // The dashboard (docs/dashboard.md, "Limits"). The two failure windows are every password
  // check's (accounts/check-password.ts): a guess is counted before argon2 and given back when
  // the password is right, so a window holds failures only.
  loginFailuresPerEmailAndIp: { points: 10, durationSec: 900 },
  loginFailuresPerIp: { points: 50, durationSec: 900 },
  signupPerIp: { points: 5, durationSec: 3600 },
} as const satisfies Record<string, WindowRule>;

export const LOOKUP_BRAKE = { points: 45, durationSec: 60 } as const;

export type WindowName = keyof typeof WINDOWS;

/**
 * The verdict, with the window's state as the limiter answered it (no second round trip):
 * requests left and whole seconds until the window resets (or, when blocked, the block ends).
 */
export type LimitResult = { ok: true; remaining: number; resetSec: number } | { ok: false; retryAfter: number; resetSec: number };

const wholeSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

export interface Limiter {
  /**
   * Resolves with the verdict; throws ServiceUnavailable when the store does not answer.
   * `points` 0 asks whether the window is already over without counting (sign-up).
   */
  consume(key: string, points?: number): Promise<LimitResult>;
  /**
   * Gives back points consumed by a request that is not to be charged after all (a password
   * check counts a guess before argon2 and gives it back when the password is right).
   */
  refund(key: string, points?: number): Promise<void>;
}

export type Limiters = Record<WindowName, Limiter>;

export function scaledPoints(points: number, scale: number): number {
  return Math.max(1, Math.round(points * scale));
}

export function limiterFrom(rule: WindowRule, backend: RateLimiterAbstract): Limiter {
  return {
    async consume(key, points = 1) {
      try {
        const res = await backend.consume(key, points);
        return { ok: true, remaining: res.remainingPoints, resetSec: wholeSeconds(res.msBeforeNext) };
      } catch (rejection) {
        // Letting requests through uncounted would silently lift the limit; refuse instead.
        if (!(rejection instanceof RateLimiterRes)) throw new ServiceUnavailable('rate-limit store', rejection);
        // Retry-After is the window width, or the remaining block while blocked.
        const retryAfter = rule.blockSec ? Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) : rule.durationSec;
        return { ok: false, retryAfter, resetSec: wholeSeconds(rejection.msBeforeNext) };
      }
    },
    async refund(key, points = 1) {
      try {
        await backend.reward(key, points);
      } catch (error) {
        throw new ServiceUnavailable('rate-limit store', error);
      }
    },
  };
}

export type LimiterStore =
  | { kind: 'memory' }
  | { kind: 'redis'; client: Redis; keyPrefix: string }
  | { kind: 'postgres'; pool: pg.Pool };

/** Which store counts the windows: Redis when configured, else PostgreSQL, else memory. */
export function chooseLimiterStore(redis: { client: Redis; keyPrefix: string } | null, pool: pg.Pool | null): LimiterStore {
  if (redis) return { kind: 'redis', ...redis };
  if (pool) return { kind: 'postgres', pool };
  return { kind: 'memory' };
}

function backendFor(store: LimiterStore, name: string, rule: WindowRule, scale: number): RateLimiterAbstract {
  const common = { points: scaledPoints(rule.points, scale), duration: rule.durationSec, blockDuration: rule.blockSec ?? 0 };
  switch (store.kind) {
    case 'memory':
      return new RateLimiterMemory({ ...common, keyPrefix: name });
    case 'redis':
      // Windows expire in Redis itself (its own clock), so the hosts' clocks do not matter.
      return new RateLimiterRedis({ ...common, keyPrefix: `${store.keyPrefix}rl:${name}`, storeClient: store.client, rejectIfRedisNotReady: true });
    case 'postgres':
      // The table is made by migration 004; one table holds every window, keyed by prefix.
      // Expired rows are removed by housekeeping once per host, not by a timer per window.
      return new RateLimiterPostgres({
        ...common,
        keyPrefix: name,
        storeClient: store.pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
      });
  }
}

export function createLimiters(scale: number, store: LimiterStore): Limiters {
  const entries = Object.entries(WINDOWS).map(([name, rule]: [string, WindowRule]) => [name, limiterFrom(rule, backendFor(store, name, rule, scale))]);
  return Object.fromEntries(entries) as Limiters;
}

export const createMemoryLimiters = (scale: number): Limiters => createLimiters(scale, { kind: 'memory' });

/** A window outside SPEC's that counts in this process whatever the store (the form's view beacon: a view writes nothing on its own). */
export const createProcessLimiter = (name: string, rule: WindowRule, scale: number): Limiter => limiterFrom(rule, backendFor({ kind: 'memory' }, name, rule, scale));
