// How far each consumer is behind the feed, for /metrics and /readyz: the rows it has not
// folded (counted up to LAG_COUNT_MAX), the age of the oldest of them, and whether a process
// runs it (it said so within the last three SEEN_EVERY_MS: an idle consumer says so too).
import type { Db } from '../lib/db/db.js';
import { readCursor, SEEN_EVERY_MS } from './consumer.js';
import { countAfter, readFeed } from './read-feed.js';

export interface ConsumerLag {
  name: string;
  /** A process folded it, or said it runs, recently. */
  running: boolean;
  /** Rows after its position (up to LAG_COUNT_MAX); null before its first run. */
  rows: number | null;
  /** Seconds since the oldest of them was written; 0 when none. */
  seconds: number;
}

export const LAG_COUNT_MAX = 100_000;

export async function consumerLags(db: Db, names: readonly string[], now: number): Promise<ConsumerLag[]> {
  const seen = new Map((await db.selectFrom('feed_consumers').select(['name', 'seen_at']).execute()).map((r) => [r.name, Number(r.seen_at)]));
  return Promise.all(
    names.map(async (name): Promise<ConsumerLag> => {
      const cursor = await readCursor(db, name);
      const running = (seen.get(name) ?? 0) >= now - 3 * SEEN_EVERY_MS;
      if (!cursor) return { name, running, rows: null, seconds: 0 };
      const [rows, oldest] = await Promise.all([countAfter(db, cursor.position, LAG_COUNT_MAX, cursor.snapshot), readFeed(db, cursor.position, 1, { settled: false, snapshot: cursor.snapshot })]);
      return { name, running, rows, seconds: oldest[0] ? Math.max(0, (now - oldest[0].at) / 1000) : 0 };
    }),
  );
}
