// A real Lapak on a port of 127.0.0.1 for the clients that talk HTTP to it (sdk/, mcp/):
// the test harness's app (fresh database, manual clock) listening on port 0, with limiters
// the test can steer: each window can be made tight, can be "passed" (a fresh window), and can
// be made to fail like a store that does not answer.
import type { AddressInfo } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createMemoryLimiters, limiterFrom, scaledPoints, WINDOWS, type Limiter, type Limiters, type WindowName } from '../src/lib/limits.js';
import { ServiceUnavailable } from '../src/lib/unavailable.js';
import { startTestApp, TEST_RATE_LIMIT_SCALE } from './helpers.js';

export interface SteerableWindow {
  /** Quota of the window from now on (a fresh window). */
  setQuota(points: number): void;
  /** Runs `work` with a fresh window of `points`, then gives the window its usual quota back. */
  withQuota<T>(points: number, work: () => Promise<T>): Promise<T>;
  /** The window passes: a fresh one with the same quota. */
  pass(): void;
  /** The next `count` requests find the store down (503) or failing (500). */
  failNext(count: number, how: 'unavailable' | 'error'): void;
}

export type LapakOnPort = Awaited<ReturnType<typeof startTestApp>> & {
  baseUrl: string;
  windows: Record<WindowName, SteerableWindow>;
};

function steerable(name: WindowName, scale: number): Limiter & SteerableWindow {
  const rule = WINDOWS[name];
  const usual = scaledPoints(rule.points, scale);
  let points: number = usual;
  const fresh = () => limiterFrom(rule, new RateLimiterMemory({ points, duration: rule.durationSec, blockDuration: 'blockSec' in rule ? rule.blockSec : 0 }));
  let current = fresh();
  let failures: Array<'unavailable' | 'error'> = [];
  return {
    consume(key, n) {
      const failure = failures.shift();
      if (failure === 'unavailable') return Promise.reject(new ServiceUnavailable('rate-limit store', new Error('test: down')));
      if (failure === 'error') return Promise.reject(new Error('test: limiter failure'));
      return current.consume(key, n);
    },
    refund(key, n) {
      return current.refund(key, n);
    },
    setQuota(quota) {
      points = quota;
      current = fresh();
    },
    async withQuota(quota, work) {
      this.setQuota(quota);
      try {
        return await work();
      } finally {
        this.setQuota(usual);
      }
    },
    pass() {
      current = fresh();
    },
    failNext(count, how) {
      failures = Array.from({ length: count }, () => how);
    },
  };
}

export async function startLapakOnPort(env: Record<string, string> = {}): Promise<LapakOnPort> {
  // The windows' usual quotas follow the app's RATE_LIMIT_SCALE, as the RateLimit-Policy it sends does.
  const scale = Number(env.RATE_LIMIT_SCALE ?? TEST_RATE_LIMIT_SCALE);
  const windows = Object.fromEntries((Object.keys(WINDOWS) as WindowName[]).map((name) => [name, steerable(name, scale)])) as Record<WindowName, Limiter & SteerableWindow>;
  const limiters: Limiters = { ...createMemoryLimiters(scale), ...windows };
  const t = await startTestApp({ env, limiters });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { baseUrl: `http://127.0.0.1:${port}`, windows });
}
