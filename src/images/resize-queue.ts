// One resize job per core at a time (libvips itself is told to use one thread per job), and a
// line of waiting jobs (eight per core, each holding its body of at most 5 MiB). When the line
// is full the upload is refused at once (503 busy, Retry-After) instead of holding more bodies
// in memory for an unknown time.
import os from 'node:os';

export interface ResizeQueue {
  /** null when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T> | null;
}

export function createResizeQueue(slots = os.availableParallelism(), waiting = slots * 8): ResizeQueue {
  let running = 0;
  const line: Array<() => void> = [];
  const next = () => {
    running -= 1;
    const start = line.shift();
    if (start) {
      running += 1;
      start();
    }
  };
  return {
    run(job) {
      if (running < slots) {
        running += 1;
        return job().finally(next);
      }
      if (line.length >= waiting) return null;
      return new Promise<void>((resolve) => line.push(resolve)).then(() => job().finally(next));
    },
  };
}
