// `npm run bench:notify`: what an open live list costs PostgreSQL's status changes (issue 39 §4:
// a watched store takes at least 90 % of an unwatched one's changes a second). On a seeded bench
// database (the real orders table and the change feed's triggers), NOTIFY_WRITERS connections
// (default 20) each change the status of their own orders, one commit a change, for
// NOTIFY_SECONDS (default 5) per mode:
// - `unwatched`: nobody has the list open; the consumers run (as in `serve`), folding the feed;
// - `watched`: the same, and a live list open in this process: its reader of the feed, woken by
//   the live consumer's NOTIFY (one per folded batch, never one per change), with a stream's
//   listener subscribed;
// - `no feed`: the feed's update trigger dropped and no consumer: the floor of the change itself.
// Three rounds, the modes interleaved; a LISTEN connection counts the notifications. Prints
// changes a second per mode and round. The server: TEST_DATABASE_URL or the local one.
import pg from 'pg';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { foldOnce } from '../src/feed/consumer.js';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase } from '../src/lib/db/db.js';
import { createLiveFeed } from '../src/live/live-feed.js';
import { FEED_CHANNEL, liveConsumer } from '../src/live/live-consumer.js';
import { wakeOnNotify } from '../src/live/wake-on-notify.js';
import { BACKEND_OPTIONS, setupDatabase } from './database.js';

const WRITERS = Number(process.env.NOTIFY_WRITERS ?? 20);
const SECONDS = Number(process.env.NOTIFY_SECONDS ?? 5);
const ROUNDS = 3;

const bench = await setupDatabase('postgres', 20_000, BACKEND_OPTIONS['pg-url'].default);
const handle = openDatabase(bench.url);
const admin = new pg.Client({ connectionString: bench.url });
await admin.connect();
const listener = new pg.Client({ connectionString: bench.url });
await listener.connect();
let heard = 0;
listener.on('notification', () => heard++);
await listener.query(`listen ${FEED_CHANNEL}`);

const { tenantId, toggleable } = bench.seeded;
const perWriter = Math.floor(toggleable.length / WRITERS);
const modes = ['unwatched', 'watched', 'no feed'] as const;
type Mode = (typeof modes)[number];
const TRIGGER = (await admin.query<{ def: string }>(`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'order_feed_update'`)).rows[0]!.def;

/** The consumers as `serve` runs them: a round every 100 ms, at once after a full batch. */
function runConsumers(): () => Promise<void> {
  let stop = false;
  const loops = [countsConsumer, liveConsumer].map(async (consumer) => {
    while (!stop) {
      const folded = await foldOnce(handle, consumer, systemClock);
      if (folded < consumer.batch) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return async () => {
    stop = true;
    await Promise.all(loops);
  };
}

async function run(mode: Mode): Promise<{ perSecond: number; heard: number; announced: number }> {
  await admin.query('drop trigger if exists order_feed_update on orders');
  if (mode !== 'no feed') await admin.query(TRIGGER);
  const stopConsumers = mode === 'no feed' ? async () => undefined : runConsumers();
  let announced = 0;
  const live = mode === 'watched' ? createLiveFeed(handle.db, 500, (e) => console.error(e.message), (wake) => wakeOnNotify(bench.url, wake, (e) => console.error(e.message))) : null;
  if (live) await live.subscribe({ tenantId, changes: (c) => (announced += c.length), reset: () => undefined, close: () => undefined });
  const before = heard;
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      const client = new pg.Client({ connectionString: bench.url });
      await client.connect();
      return client;
    }),
  );
  let changes = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    writers.map(async (client, w) => {
      const mine = toggleable.slice(w * perWriter, (w + 1) * perWriter);
      for (let i = 0; Date.now() < end; i = (i + 1) % mine.length) {
        await client.query(`update orders set status = case status when 'pending' then 'closing' else 'pending' end where tenant_id = $1 and id = $2`, [tenantId, mine[i]!.id]);
        changes++;
      }
    }),
  );
  await Promise.all(writers.map((client) => client.end()));
  await stopConsumers();
  await live?.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { perSecond: Math.round(changes / SECONDS), heard: heard - before, announced };
}

try {
  console.log(`PostgreSQL status changes a second, ${WRITERS} connections, one commit a change, ${SECONDS} s a mode, ${ROUNDS} rounds`);
  const results: Record<Mode, number[]> = { unwatched: [], watched: [], 'no feed': [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const mode of modes) {
      const { perSecond, heard: notified, announced } = await run(mode);
      results[mode].push(perSecond);
      console.log(`  round ${round} ${mode.padEnd(10)} ${String(perSecond).padStart(6)} changes/s, ${notified} notifications heard, ${announced} changes announced to the open list`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const mode of modes) console.log(`${mode.padEnd(10)} median ${median(results[mode])} changes/s (${results[mode].join(', ')})`);
  const ratio = median(results.watched) / median(results.unwatched);
  console.log(`watched over unwatched: ${(ratio * 100).toFixed(0)} % (target: at least 90 %) ${ratio >= 0.9 ? 'PASS' : 'MISS'}`);
} finally {
  await admin.query('drop trigger if exists order_feed_update on orders');
  await admin.query(TRIGGER);
  await listener.end();
  await admin.end();
  await handle.close();
  await bench.cleanup();
}
