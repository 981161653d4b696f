// The resize line: never more jobs at once than slots; waiting jobs start in order as slots
// free; a full line refuses at once (the route answers 503 busy).
import { expect, it } from 'vitest';
import { createResizeQueue } from './resize-queue.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

it('runs at most `slots` jobs at once, queues `waiting` more in order, refuses beyond', async () => {
  const queue = createResizeQueue(2, 2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const job = (n: number) => () => {
    started.push(n);
    running += 1;
    most = Math.max(most, running);
    return new Promise<number>((resolve) =>
      release.set(n, () => {
        running -= 1;
        resolve(n);
      }),
    );
  };
  const accepted = [1, 2, 3, 4].map((n) => queue.run(job(n)));
  expect(accepted.every((p) => p !== null)).toBe(true);
  expect(queue.run(job(5))).toBeNull();
  expect(started).toEqual([1, 2]);

  release.get(1)!();
  await turn();
  expect(started).toEqual([1, 2, 3]);
  // Its place in the line is free again.
  const sixth = queue.run(job(6));
  expect(sixth).not.toBeNull();
  expect(queue.run(job(7))).toBeNull();

  for (const n of [2, 3, 4, 6]) {
    await turn();
    release.get(n)!();
  }
  expect(await Promise.all([...accepted, sixth])).toEqual([1, 2, 3, 4, 6]);
  expect(started).toEqual([1, 2, 3, 4, 6]);
  expect(most).toBe(2);
});

it('a failed job frees its slot', async () => {
  const queue = createResizeQueue(1, 0);
  await expect(queue.run(() => Promise.reject(new Error('corrupt')))!).rejects.toThrow('corrupt');
  expect(await queue.run(async () => 'next')).toBe('next');
});
