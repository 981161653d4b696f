// When a job that failed is tried again: one delay after each failed attempt; once the delays
// are used up the job has failed for good. Each worker has its own schedule (jobs/worker.ts);
// its handler records the next attempt from it, in the transaction that records the attempt.

export interface RetrySchedule {
  /** The pause after the first failed attempt, after the second, ...; empty: a failed job is not tried again. */
  readonly delaysMs: readonly number[];
}

/** Attempts a job gets in all: the first, then one after each delay. */
export const attemptsOf = (schedule: RetrySchedule): number => schedule.delaysMs.length + 1;

/**
 * Delay before the next attempt after `attemptsMade` attempts have failed, or null when the
 * job has used all its attempts. A longer pause asked for by the other side (an HTTP
 * Retry-After) wins; a shorter one does not bring the attempt forward.
 */
export function nextRetryDelay(schedule: RetrySchedule, attemptsMade: number, askedMs: number | null): number | null {
  if (attemptsMade >= attemptsOf(schedule)) return null;
  const scheduled = schedule.delaysMs[attemptsMade - 1] ?? 0;
  return Math.max(scheduled, askedMs ?? 0);
}
