// `npm run bench:notify`: what the live list's notification costs PostgreSQL's status changes
// (migrations 022 and 023). On a seeded bench database (the real orders table, its counter
// triggers and migration 023's trigger), NOTIFY_WRITERS connections (default 20) each change the
// status of their own orders, one commit a change, for NOTIFY_SECONDS (default 5) per mode:
// - `unwatched`: as the server runs, nobody watches the store: the trigger probes
//   live_order_watches and sends nothing;
// - `watched`: a watch row for the store (a stream is open): every change is notified;
// - `no trigger`: migration 022's update trigger dropped, the floor.
// Three rounds, the modes interleaved; a LISTEN connection counts what it hears. Prints changes a
// second per mode and round. A NOTIFY holds one database-wide lock through its commit, so the
// watched mode's commits run one after another. The server: TEST_DATABASE_URL or the local one.
import pg from 'pg';
import { BACKEND_OPTIONS, setupDatabase } from './database.js';

const WRITERS = Number(process.env.NOTIFY_WRITERS ?? 20);
const SECONDS = Number(process.env.NOTIFY_SECONDS ?? 5);
const ROUNDS = 3;

const bench = await setupDatabase('postgres', 20_000, BACKEND_OPTIONS['pg-url'].default);
const admin = new pg.Client({ connectionString: bench.url });
await admin.connect();
const listener = new pg.Client({ connectionString: bench.url });
await listener.connect();
let heard = 0;
listener.on('notification', () => heard++);
await listener.query('listen lapak_order_changes');

const { tenantId, toggleable } = bench.seeded;
const perWriter = Math.floor(toggleable.length / WRITERS);
const modes = ['unwatched', 'watched', 'no trigger'] as const;
type Mode = (typeof modes)[number];
const TRIGGER = `create trigger order_changes_update after update of status, assigned_user_id on orders for each row
  when (old.status is distinct from new.status or old.assigned_user_id is distinct from new.assigned_user_id)
  execute function order_changes_update()`;

async function setMode(mode: Mode): Promise<void> {
  await admin.query('delete from live_order_watches');
  await admin.query('drop trigger if exists order_changes_update on orders');
  if (mode !== 'no trigger') await admin.query(TRIGGER);
  if (mode === 'watched') await admin.query(`insert into live_order_watches values ($1, 'bench', (extract(epoch from clock_timestamp()) * 1000)::bigint + 3600000)`, [tenantId]);
}

async function run(mode: Mode): Promise<{ perSecond: number; heard: number }> {
  await setMode(mode);
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
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { perSecond: Math.round(changes / SECONDS), heard: heard - before };
}

try {
  console.log(`PostgreSQL status changes a second, ${WRITERS} connections, one commit a change, ${SECONDS} s a mode, ${ROUNDS} rounds`);
  const results: Record<Mode, number[]> = { unwatched: [], watched: [], 'no trigger': [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const mode of modes) {
      const { perSecond, heard: notified } = await run(mode);
      results[mode].push(perSecond);
      console.log(`  round ${round} ${mode.padEnd(10)} ${String(perSecond).padStart(6)} changes/s, ${notified} notifications heard`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const mode of modes) console.log(`${mode.padEnd(10)} median ${median(results[mode])} changes/s (${results[mode].join(', ')})`);
} finally {
  await setMode('unwatched');
  await listener.end();
  await admin.end();
  await bench.cleanup();
}
