import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLimiters, limiterFrom, scaledPoints, WINDOWS, type Limiter } from './limits.js';
import { ServiceUnavailable } from './unavailable.js';

afterEach(() => {
  vi.useRealTimers();
});

async function passes(limiter: Limiter, key: string, count: number): Promise<number> {
  let ok = 0;
  for (let i = 0; i < count; i++) if ((await limiter.consume(key)).ok) ok++;
  return ok;
}

describe('SPEC quotas', () => {
  it('the products and order status windows are the SPEC numbers', () => {
    expect(WINDOWS.productsPerIp).toEqual({ points: 60, durationSec: 60, blockSec: 60 });
    expect(WINDOWS.orderStatusPerKey).toEqual({ points: 120, durationSec: 60 });
  });
});

describe('RATE_LIMIT_SCALE multiplies quotas', () => {
  it.each([
    [1, 60, 120],
    [2, 120, 240],
    [0.5, 30, 60],
  ])('scale %s: products %i per IP, order status %i per key', async (scale, products, orders) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiters = createMemoryLimiters(scale);
    expect(await passes(limiters.productsPerIp, '203.0.113.1', products + 5)).toBe(products);
    expect(await passes(limiters.orderStatusPerKey, '7', orders + 5)).toBe(orders);
    // Keys are counted separately.
    expect((await limiters.productsPerIp.consume('203.0.113.2')).ok).toBe(true);
    expect((await limiters.orderStatusPerKey.consume('8')).ok).toBe(true);
  });

  it('scaledPoints rounds and never goes below 1', () => {
    expect(scaledPoints(60, 1)).toBe(60);
    expect(scaledPoints(60, 2)).toBe(120);
    expect(scaledPoints(60, 1000)).toBe(60_000);
    expect(scaledPoints(60, 0.05)).toBe(3);
    expect(scaledPoints(60, 0.001)).toBe(1);
    expect(scaledPoints(4000, 0.00001)).toBe(1);
  });
});

describe('refund', () => {
  it('gives back points of the current window, so they can be consumed again', async () => {
    const limiters = createMemoryLimiters(1);
    expect(await passes(limiters.loginFailuresPerEmailAndIp, 'k', 12)).toBe(10);
    await limiters.loginFailuresPerEmailAndIp.refund('k', 3);
    // The two refused consumes counted too (12 in all): 3 back leave room for one more.
    expect(await passes(limiters.loginFailuresPerEmailAndIp, 'k', 5)).toBe(1);
  });
});

describe('Retry-After', () => {
  it('is the window width for plain windows, whatever is left of the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const limiters = createMemoryLimiters(1);
    await passes(limiters.orderStatusPerKey, 'k', 120);
    vi.setSystemTime(1_000_000 + 45_000);
    // SPEC's Retry-After is the width; the RateLimit header's reset is what is really left.
    expect(await limiters.orderStatusPerKey.consume('k')).toEqual({ ok: false, retryAfter: 60, resetSec: 15 });
    vi.setSystemTime(1_000_000 + 60_000);
    expect(await limiters.orderStatusPerKey.consume('k')).toEqual({ ok: true, remaining: 119, resetSec: 60 });
  });

  it('is the remaining block, rounded up, for the products window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const limiters = createMemoryLimiters(1);
    await passes(limiters.productsPerIp, 'ip', 60);
    expect(await limiters.productsPerIp.consume('ip')).toEqual({ ok: false, retryAfter: 60, resetSec: 60 });
    vi.setSystemTime(1_000_000 + 59_001);
    expect(await limiters.productsPerIp.consume('ip')).toEqual({ ok: false, retryAfter: 1, resetSec: 1 });
    vi.setSystemTime(1_000_000 + 60_000);
    expect(await limiters.productsPerIp.consume('ip')).toEqual({ ok: true, remaining: 59, resetSec: 60 });
  });

  it('infrastructure errors of the backend are thrown as ServiceUnavailable, never turned into 429 or a pass', async () => {
    const backend = new RateLimiterMemory({ points: 1, duration: 60 });
    const down = new Error('store down');
    backend.consume = () => Promise.reject(down);
    const thrown = await limiterFrom({ points: 1, durationSec: 60 }, backend).consume('x').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ServiceUnavailable);
    expect((thrown as Error).cause).toBe(down);
  });
});
