import { afterEach, describe, expect, it, vi } from 'vitest';
import { attemptsOf, nextRetryDelay } from './retry-schedule.js';
import { checkWorkers, createRunner, runsAgainAtOnce, runWorker, WorkerSetupError } from './runner.js';
import type { Claimed, Worker } from './worker.js';

/** A worker over an in-memory queue of numbers; its handler answers 'even' or 'odd'. */
function queueWorker(name: string, queue: number[], options: { concurrency?: number; handle?: (n: number) => Promise<'even' | 'odd'> } = {}) {
  const claims: number[] = [];
  const worker: Worker<number, 'even' | 'odd'> = {
    name,
    async claim(limit): Promise<Claimed<number>> {
      claims.push(limit);
      const jobs = queue.splice(0, Math.max(0, limit));
      return { jobs, more: queue.length > 0 };
    },
    handle: options.handle ?? (async (n) => (n % 2 === 0 ? 'even' : 'odd')),
    retry: { delaysMs: [1_000, 60_000] },
    concurrency: options.concurrency ?? 2,
    pollMs: 5,
  };
  return { worker, claims };
}

describe('the runner refuses to start a worker it cannot run', () => {
  it('a worker without a handler: nothing starts, nothing is claimed', () => {
    const { worker, claims } = queueWorker('sender', [1, 2, 3]);
    const { handle: _handle, ...withoutHandler } = worker;
    // The type demands a handler; the check stands for lists put together at run time.
    const workers = [queueWorker('other', [4]).worker, withoutHandler as Worker<number, 'even' | 'odd'>];
    expect(() => createRunner(workers)).toThrow(WorkerSetupError);
    expect(() => createRunner(workers)).toThrow('worker "sender" has no handler: it would claim jobs that nothing runs');
    expect(claims).toEqual([]);
  });

  it('a name twice, no name, no retry schedule, no concurrency', () => {
    const { worker } = queueWorker('a', []);
    expect(() => checkWorkers([worker, queueWorker('a', []).worker])).toThrow('worker "a" is in the list twice');
    expect(() => checkWorkers([{ ...worker, name: '' }])).toThrow('worker #1 has no name');
    expect(() => checkWorkers([{ ...worker, retry: { delaysMs: [-1] } }])).toThrow('worker "a" has no retry schedule of delays >= 0 ms');
    expect(() => checkWorkers([{ ...worker, concurrency: 0 }])).toThrow('worker "a" needs a concurrency of at least 1');
    expect(() => checkWorkers([{ ...worker, pollMs: 0 }])).toThrow('worker "a" needs a poll pause above 0 ms');
    expect(() => checkWorkers([{ ...worker, idle: { afterMs: 1_000, pollMs: 1 } }])).toThrow('worker "a" needs an idle poll of at least its poll pause, after 0 ms or more');
    expect(() => checkWorkers([{ ...worker, idle: { afterMs: -1, pollMs: 100 } }])).toThrow('worker "a" needs an idle poll of at least its poll pause, after 0 ms or more');
    expect(() => checkWorkers([worker, queueWorker('b', []).worker])).not.toThrow();
  });
});

describe('a worker loop', () => {
  it('runOnce claims up to its concurrency and counts how the jobs ended', async () => {
    const { worker, claims } = queueWorker('numbers', [1, 2, 3]);
    const loop = runWorker(worker);
    expect(await loop.runOnce()).toEqual({ round: { jobs: [1, 2], more: true }, outcomes: { odd: 1, even: 1 } });
    expect(await loop.runOnce()).toEqual({ round: { jobs: [3], more: false }, outcomes: { odd: 1 } });
    expect(claims).toEqual([2, 2]);
    await loop.stop();
  });

  it('started, it drains the queue; stop waits for the jobs in flight and then closes the worker', async () => {
    const queue = Array.from({ length: 10 }, (_, i) => i);
    const handled: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { worker } = queueWorker('slow', queue, {
      handle: async (n) => {
        if (n === 9) await held;
        handled.push(n);
        return 'odd';
      },
    });
    let closed = false;
    const runner = createRunner([{ ...worker, close: async () => void (closed = true) }]);
    expect(runner.names).toEqual(['slow']);
    runner.start();
    while (handled.length < 9) await new Promise((r) => setTimeout(r, 1));
    const stopped = runner.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false); // job 9 is still in flight
    release();
    await stopped;
    expect(handled.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(closed).toBe(true);
  });

  it('a stop that comes before the start is final', async () => {
    const { worker, claims } = queueWorker('late', [1]);
    const runner = createRunner([worker]);
    await runner.stop();
    runner.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(claims).toEqual([]);
  });

  it('runs the next round at once while it claimed jobs or more waits, and a slot is free', () => {
    expect(runsAgainAtOnce({ more: false, claimed: 0 }, 0, 4)).toBe(false);
    expect(runsAgainAtOnce({ more: true, claimed: 0 }, 0, 4)).toBe(true);
    expect(runsAgainAtOnce({ more: false, claimed: 2 }, 3, 4)).toBe(true);
    expect(runsAgainAtOnce({ more: true, claimed: 2 }, 4, 4)).toBe(false);
  });
});

describe('an idle worker polls less often', () => {
  afterEach(() => vi.useRealTimers());

  it('after idle.afterMs without work it pauses idle.pollMs; the first round with work brings pollMs back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const queue: number[] = [];
    const { worker, claims } = queueWorker('quiet', queue);
    const runner = createRunner([{ ...worker, idle: { afterMs: 100, pollMs: 1_000 } }]);
    runner.start();
    // The first 100 ms at the 5 ms pace: about 20 rounds.
    await vi.advanceTimersByTimeAsync(100);
    const busyRounds = claims.length;
    expect(busyRounds).toBeGreaterThanOrEqual(18);
    // Then one round a second: 3 in the next 3 s (at the 5 ms pace they would be 600).
    await vi.advanceTimersByTimeAsync(3_000);
    expect(claims.length - busyRounds).toBeLessThanOrEqual(4);
    expect(claims.length - busyRounds).toBeGreaterThanOrEqual(2);
    // Work comes: the next idle round (at most a second later) takes it, and the 5 ms pace is back.
    queue.push(1, 2, 3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queue).toEqual([]);
    const afterWork = claims.length;
    await vi.advanceTimersByTimeAsync(50);
    expect(claims.length - afterWork).toBeGreaterThanOrEqual(8);
    await runner.stop();
  });

  it('a round that did work of its own (worked) keeps the pace, as a claimed job does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let rounds = 0;
    const worker: Worker<number, 'done'> = {
      name: 'folder',
      // Work of its own every round (a feed consumer folding), never a job.
      claim: async () => ({ jobs: [], more: false, worked: ++rounds > 0 }),
      handle: async () => 'done',
      retry: { delaysMs: [] },
      concurrency: 1,
      pollMs: 5,
      idle: { afterMs: 100, pollMs: 1_000 },
    };
    const runner = createRunner([worker]);
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBeGreaterThanOrEqual(180);
    await runner.stop();
  });
});

describe('a retry schedule', () => {
  const schedule = { delaysMs: [5_000, 300_000] };

  it('gives one delay after each failed attempt, then none', () => {
    expect(attemptsOf(schedule)).toBe(3);
    expect([1, 2, 3].map((n) => nextRetryDelay(schedule, n, null))).toEqual([5_000, 300_000, null]);
    expect(nextRetryDelay({ delaysMs: [] }, 1, null)).toBeNull();
  });

  it('a longer pause asked for wins; a shorter one does not bring the attempt forward', () => {
    expect(nextRetryDelay(schedule, 1, 60_000)).toBe(60_000);
    expect(nextRetryDelay(schedule, 2, 60_000)).toBe(300_000);
  });
});
