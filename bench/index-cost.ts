// `npm run bench:indexes`: what each index of `orders` costs a status change (issue 39 §2). On a
// seeded bench database (20,000 orders), inside one transaction that is rolled back: CHANGES
// status changes (pending <-> closing, each its own UPDATE, the feed's trigger included) with
// every index, then again with each index dropped in turn (DROP INDEX inside the transaction,
// undone by the rollback). An index's cost is the time a change takes with it less the time
// without it; the median of ROUNDS rounds. SQLite through better-sqlite3, PostgreSQL through pg:
// `--db sqlite|postgres` (default sqlite), `--pg-url URL`.
import Database from 'better-sqlite3';
import pg from 'pg';
import { BACKEND_OPTIONS, setupDatabase } from './database.js';
import { sqlitePath } from '../src/lib/db/db.js';

const CHANGES = Number(process.env.INDEX_CHANGES ?? 2_000);
const ROUNDS = 3;
const args = process.argv.slice(2);
const backend = args.includes('--db') && args[args.indexOf('--db') + 1] === 'postgres' ? 'postgres' : 'sqlite';
const pgUrl = args.includes('--pg-url') ? args[args.indexOf('--pg-url') + 1]! : BACKEND_OPTIONS['pg-url'].default;

const bench = await setupDatabase(backend, 20_000, pgUrl);
const { tenantId, toggleable } = bench.seeded;
const ids = toggleable.slice(0, CHANGES).map((o) => o.id);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Runner {
  indexes(): Promise<string[]>;
  /** Microseconds a change, with `drop` dropped for the run. */
  measure(drop: string | null): Promise<number>;
  close(): Promise<void>;
}

function sqliteRunner(): Runner {
  const db = new Database(sqlitePath(bench.url));
  db.pragma('journal_mode = WAL');
  const update = db.prepare(`update orders set status = case status when 'pending' then 'closing' else 'pending' end, updated_at = updated_at + 1 where tenant_id = ? and id = ?`);
  return {
    indexes: async () => (db.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null order by name`).all() as Array<{ name: string }>).map((r) => r.name),
    async measure(drop) {
      db.exec('begin');
      try {
        if (drop) db.exec(`drop index "${drop}"`);
        const start = process.hrtime.bigint();
        for (const id of ids) update.run(tenantId, id);
        return Number(process.hrtime.bigint() - start) / 1e3 / ids.length;
      } finally {
        db.exec('rollback');
      }
    },
    close: async () => void db.close(),
  };
}

async function postgresRunner(): Promise<Runner> {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  return {
    indexes: async () => (await client.query<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'orders' and indexname <> 'orders_pkey' order by 1`)).rows.map((r) => r.name),
    async measure(drop) {
      await client.query('begin');
      try {
        if (drop) await client.query(`drop index "${drop}"`);
        const start = process.hrtime.bigint();
        for (const id of ids) {
          await client.query({ name: 'toggle', text: `update orders set status = case status when 'pending' then 'closing' else 'pending' end, updated_at = updated_at + 1 where tenant_id = $1 and id = $2`, values: [tenantId, id] });
        }
        return Number(process.hrtime.bigint() - start) / 1e3 / ids.length;
      } finally {
        await client.query('rollback');
      }
    },
    close: () => client.end(),
  };
}

const runner = backend === 'sqlite' ? sqliteRunner() : await postgresRunner();
try {
  const indexes = await runner.indexes();
  console.log(`${backend}: ${ids.length} status changes a run, ${ROUNDS} rounds, one transaction rolled back each (${backend === 'postgres' ? 'wall time, one connection' : 'in process'})`);
  const all: number[] = [];
  const without = new Map<string, number[]>(indexes.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    all.push(await runner.measure(null));
    for (const name of indexes) without.get(name)!.push(await runner.measure(name));
  }
  const base = median(all);
  console.log(`every index: ${base.toFixed(1)} us a change (${all.map((x) => x.toFixed(1)).join(', ')})`);
  for (const name of indexes) {
    const cost = base - median(without.get(name)!);
    console.log(`  ${name.padEnd(40)} ${cost.toFixed(1).padStart(6)} us a change`);
  }
} finally {
  await runner.close();
  await bench.cleanup();
}
