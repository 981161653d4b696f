// `npm run bench:fold`: what each consumer of the change feed costs a status change (issues 39
// and 45: the consumers run in the server, so their CPU is the PATCH's too). On the API bench's
// seeded SQLite database (100,000 orders, every consumer folded to the end first): CHANGES
// status changes of orders between pending and closing, each order changed once in the run as
// in the API bench's few seconds (each its own transaction, the feed's trigger writing its row,
// an order's first closing set as the status change's UPDATE sets it), then each consumer folds
// them in its own batches, alone and timed: CPU (the
// process's, SQLite's work included: better-sqlite3 is synchronous) and write calls (syscw of
// /proc/self/io: the WAL's frames and the checkpoints they bring) a change. ROUNDS rounds;
// the median. `--db postgres` (`--pg-url`): the same on a scratch PostgreSQL database, the
// changes made by one connection (each its own transaction), and beside the process's CPU,
// PostgreSQL's own (every `postgres` process of the machine) a change instead of write calls.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase, sqlitePath } from '../src/lib/db/db.js';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { foldOnce, type FeedConsumer } from '../src/feed/consumer.js';
import { insightsConsumer } from '../src/insights/fold-insights.js';
import { liveConsumer } from '../src/live/live-consumer.js';
import Database from 'better-sqlite3';
import { BACKEND_OPTIONS, parseBackend, setupDatabase } from './database.js';
import { postgresUsage } from './server.js';

const CHANGES = Number(process.env.FOLD_CHANGES ?? 20_000);
const ROUNDS = 3;
const CONSUMERS: readonly FeedConsumer[] = [countsConsumer, liveConsumer, insightsConsumer];

const { values } = parseArgs({ options: BACKEND_OPTIONS });
const { backend, pgUrl } = parseBackend(values);
const postgres = backend === 'postgres';

const writeCalls = () => Number(/syscw:\s*(\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);
/** The second figure of a change: SQLite's write calls, or PostgreSQL's CPU seconds. */
const other = () => (postgres ? postgresUsage()!.cpuSeconds * 1e6 : writeCalls());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// A status change as the bench's PATCHes make it (the first closing set as the route's UPDATE sets it).
const CHANGE_SQL = `update orders set
      status = case status when 'pending' then 'closing' else 'pending' end,
      first_closed_at = coalesce(first_closed_at, case status when 'pending' then $now end),
      updated_at = $now
    where tenant_id = $tenantId and id = $id`;

const bench = await setupDatabase(backend, 100_000, pgUrl);
try {
  const { tenantId, toggleable } = bench.seeded;
  const handle = openDatabase(bench.url);
  let change: (id: number) => Promise<void>;
  let closeWriter: () => Promise<void>;
  if (postgres) {
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    const text = CHANGE_SQL.replace(/\$now/g, '$1::bigint').replace('$tenantId', '$2').replace('$id', '$3');
    change = async (id) => void (await client.query({ name: 'change', text, values: [Date.now(), tenantId, id] }));
    closeWriter = () => client.end();
  } else {
    const writer = new Database(sqlitePath(bench.url));
    writer.pragma('journal_mode = WAL');
    const statement = writer.prepare(CHANGE_SQL.replace(/\$(\w+)/g, '@$1'));
    change = async (id) => void statement.run({ tenantId, id, now: Date.now() });
    closeWriter = async () => void writer.close();
  }
  const results = new Map<string, Array<{ cpu: number; other: number }>>(CONSUMERS.map((c) => [c.name, []]));
  for (const consumer of CONSUMERS) while ((await foldOnce(handle, consumer, systemClock)) > 0);
  // A shuffled order of the toggleable orders: each round changes the next CHANGES of them.
  let seed = 45;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const ids = toggleable.map((o) => o.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  if (ids.length < ROUNDS * CHANGES) throw new Error(`${ids.length} toggleable orders, fewer than ${ROUNDS * CHANGES}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < CHANGES; i++) await change(ids[round * CHANGES + i]!);
    for (const consumer of CONSUMERS) {
      const before = other();
      const cpu = process.cpuUsage();
      let folded = 0;
      for (let n; (n = await foldOnce(handle, consumer, systemClock)) > 0; ) folded += n;
      const used = process.cpuUsage(cpu);
      if (folded !== CHANGES) throw new Error(`${consumer.name} folded ${folded} of ${CHANGES} changes`);
      results.get(consumer.name)!.push({ cpu: (used.user + used.system) / CHANGES, other: (other() - before) / CHANGES });
    }
  }
  await closeWriter();
  await handle.close();
  process.stdout.write(`${backend}: ${CHANGES.toLocaleString('en')} status changes a round, ${ROUNDS} rounds; a change's fold, the median (the rounds):\n`);
  const second = postgres ? (x: number) => `${x.toFixed(1)} us` : (x: number) => x.toFixed(2);
  for (const [name, rs] of results) {
    const cpu = rs.map((r) => r.cpu);
    const others = rs.map((r) => r.other);
    process.stdout.write(
      `  ${name.padEnd(10)} ${median(cpu).toFixed(1).padStart(6)} us of CPU (${cpu.map((x) => x.toFixed(1)).join(', ')}), ` +
        `${second(median(others))} ${postgres ? "of PostgreSQL's CPU" : 'write calls'} (${others.map(second).join(', ')})\n`,
    );
  }
} finally {
  await bench.cleanup();
}
