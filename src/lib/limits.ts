// SPEC's rate-limit windows behind one interface. The store is in-process for now;
// every window is a fixed window of rate-limiter-flexible.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

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
} as const satisfies Record<string, WindowRule>;

export const LOOKUP_BRAKE = { points: 45, durationSec: 60 } as const;

export type WindowName = keyof typeof WINDOWS;

export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

export interface Limiter {
  consume(key: string): Promise<LimitResult>;
}

export type Limiters = Record<WindowName, Limiter>;

export function scaledPoints(points: number, scale: number): number {
  return Math.max(1, Math.round(points * scale));
}

export function limiterFrom(rule: WindowRule, backend: RateLimiterAbstract): Limiter {
  return {
    async consume(key) {
      try {
        await backend.consume(key);
        return { ok: true };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Retry-After is the window width, or the remaining block while blocked.
        const retryAfter = rule.blockSec ? Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) : rule.durationSec;
        return { ok: false, retryAfter };
      }
    },
  };
}

export function createMemoryLimiters(scale: number): Limiters {
  const entries = Object.entries(WINDOWS).map(([name, rule]: [string, WindowRule]) => {
    const backend = new RateLimiterMemory({
      keyPrefix: name,
      points: scaledPoints(rule.points, scale),
      duration: rule.durationSec,
      blockDuration: rule.blockSec ?? 0,
    });
    return [name, limiterFrom(rule, backend)];
  });
  return Object.fromEntries(entries) as Limiters;
}
