// A feed consumer as a worker of the one runner (src/jobs/): each round folds one batch (the
// round's own work, as the webhook worker's fan-out); a full batch means more waits and the next
// round starts at once, an empty one pauses for pollMs. No jobs of its own to hand out.
import type { Clock } from '../lib/clock.js';
import type { Worker } from '../jobs/worker.js';
import { foldOnce, markSeen, SEEN_EVERY_MS, type FeedConsumer, type FeedDatabase } from './consumer.js';

/** The pause after a round that found nothing to fold: the live list's and the counts' tail's latency. */
export const FEED_POLL_MS = 100;

/** After 2 s without a change to fold, a consumer looks every 500 ms (or its own pollMs, if longer) until it finds one. */
export const FEED_IDLE_POLL = { afterMs: 2_000, pollMs: 500 } as const;

export function feedWorker(database: FeedDatabase, consumer: FeedConsumer, clock: Clock, pollMs = consumer.pollMs ?? FEED_POLL_MS): Worker<never, never> {
  // A fold says the consumer runs (seen_at); an idle round writes it at most every SEEN_EVERY_MS.
  let said = clock.now();
  return {
    name: consumer.name,
    async claim() {
      const folded = await foldOnce(database, consumer, clock);
      const now = clock.now();
      if (folded > 0) said = now;
      else if (now - said >= SEEN_EVERY_MS) {
        await markSeen(database.db, consumer.name, now);
        said = now;
      }
      return { jobs: [], more: folded >= consumer.batch, worked: folded > 0 };
    },
    handle: () => Promise.reject(new Error(`the ${consumer.name} consumer hands out no jobs`)),
    // A failed round loses nothing (its transaction rolled back): the next round folds again.
    retry: { delaysMs: [] },
    concurrency: 1,
    pollMs,
    idle: { afterMs: FEED_IDLE_POLL.afterMs, pollMs: Math.max(pollMs, FEED_IDLE_POLL.pollMs) },
  };
}
