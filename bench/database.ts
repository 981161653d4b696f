// The benchmark's database: created fresh, migrated and seeded before the server starts,
// removed afterwards. One function per backend.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { slotShares } from '../src/events/hourly-cap.js';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase, type Db } from '../src/lib/db/db.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { countsConsumer } from '../src/counts/fold-counts.js';
import { foldOnce } from '../src/feed/consumer.js';
import { liveConsumer } from '../src/live/live-consumer.js';
import { insightsConsumer } from '../src/insights/fold-insights.js';
import { createScratchDatabase } from '../test/pg-scratch.js';
import { deleteKeysByPrefix, uniqueRedisPrefix } from '../test/redis-scratch.js';
import { seed, type Seeded } from './seed.js';

export type BenchBackend = 'sqlite' | 'postgres';

export interface WriteCounts {
  history: number;
  events: number;
  idempotencyRecords: number;
}

export interface BenchDatabase {
  /** DATABASE_URL for the server. */
  url: string;
  /** One line for the report. */
  description: string;
  seeded: Seeded;
  /** What the PATCH runs wrote (read after the server has stopped). */
  writeCounts(): Promise<WriteCounts>;
  /**
   * Fills the benchmarked store's hourly event cap (every slot at its share of `cap`) for the
   * hours from `from` to `until`, while the server runs; returns what empties them again.
   */
  fillHourlyCap(cap: number, from: number, until: number): Promise<() => Promise<void>>;
  cleanup(): Promise<void>;
}

async function countWrites(url: string): Promise<WriteCounts> {
  const handle = openDatabase(url);
  try {
    const count = async (table: 'order_history' | 'events' | 'idempotency_records') => {
      const row = await handle.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return { history: await count('order_history'), events: await count('events'), idempotencyRecords: await count('idempotency_records') };
  } finally {
    await handle.close();
  }
}

const HOUR_MS = 3_600_000;

async function fillHourlyCap(url: string, tenantId: number, cap: number, from: number, until: number): Promise<() => Promise<void>> {
  const hours: number[] = [];
  for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour <= until; hour += HOUR_MS) hours.push(hour);
  const handle = openDatabase(url);
  try {
    const rows = hours.flatMap((hour_start) => slotShares(cap).map((count, slot) => ({ tenant_id: tenantId, hour_start, slot, count })));
    await handle.db
      .insertInto('event_hour_slots')
      .values(rows)
      .onConflict((oc) => oc.columns(['tenant_id', 'hour_start', 'slot']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
      .execute();
  } finally {
    await handle.close();
  }
  return async () => {
    const again = openDatabase(url);
    try {
      await again.db.deleteFrom('event_hour_slots').where('tenant_id', '=', tenantId).where('hour_start', 'in', hours).execute();
    } finally {
      await again.close();
    }
  };
}

/** Migrates and seeds the database at url, describes it, closes it; on failure cleans up. */
async function seedDatabase(url: string, orders: number, cleanup: () => Promise<void>, describe: (db: Db) => Promise<string>): Promise<BenchDatabase> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
    const seeded = await seed(handle.db, systemClock, orders);
    // The change feed's consumers start here (their backfills over the seeded orders), not
    // in the measured server's first seconds.
    for (const consumer of [countsConsumer, liveConsumer, insightsConsumer]) while ((await foldOnce(handle, consumer, systemClock)) > 0);
    const description = await describe(handle.db);
    // On SQLite closing checkpoints the WAL, so the server starts on one compact file.
    await handle.close();
    return {
      url,
      description,
      seeded,
      writeCounts: () => countWrites(url),
      fillHourlyCap: (cap, from, until) => fillHourlyCap(url, seeded.tenantId, cap, from, until),
      cleanup,
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await cleanup();
    throw error;
  }
}

async function setupSqlite(orders: number): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-bench-'));
  const cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  return seedDatabase(`sqlite:${path.join(dir, 'bench.db')}`, orders, cleanup, async (db) => {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(db);
    return `SQLite ${rows[0]?.version ?? '?'} (embedded, WAL, synchronous=FULL) in ${dir}`;
  });
}

/** A new database on the server of adminUrl, named per run (the server may be shared). */
async function setupPostgres(orders: number, adminUrl: string): Promise<BenchDatabase> {
  const { name, url, drop } = await createScratchDatabase(adminUrl, 'lapak_bench');
  const target = new URL(url);
  return seedDatabase(url, orders, drop, async (db) => {
    await sql`analyze`.execute(db);
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(db);
    return `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${target.host}, database ${name} (pool of 10 per process)`;
  });
}

/** postgresAdminUrl: the server on which --db postgres creates its database. */
export async function setupDatabase(backend: BenchBackend, orders: number, postgresAdminUrl = ''): Promise<BenchDatabase> {
  switch (backend) {
    case 'sqlite':
      return setupSqlite(orders);
    case 'postgres':
      return setupPostgres(orders, postgresAdminUrl);
  }
}

/**
 * The options that choose the backend, for parseArgs (bench/run.ts and bench/instructions.ts):
 * --db sqlite|postgres, --pg-url (the server to create the scratch database on), --redis-url
 * (the limiter's Redis on PostgreSQL; `none`: PostgreSQL's own limiter store).
 */
export const BACKEND_OPTIONS = {
  db: { type: 'string', default: 'sqlite' },
  'pg-url': { type: 'string', default: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
} as const;

export interface BackendChoice {
  backend: BenchBackend;
  pgUrl: string;
  /** null: no Redis (--redis-url none). */
  redisUrl: string | null;
}

export function parseBackend(values: { db: string; 'pg-url': string; 'redis-url': string }): BackendChoice {
  if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error(`--db must be sqlite or postgres, got "${values.db}"`);
  return { backend: values.db, pgUrl: values['pg-url'], redisUrl: values['redis-url'] === 'none' ? null : values['redis-url'] };
}

/**
 * The server's environment for its limiter windows: on PostgreSQL with Redis, REDIS_URL under
 * a key prefix of this run's own, whose keys cleanup() deletes; otherwise nothing to set.
 */
export function limiterStore(choice: BackendChoice, label: string): { env: Record<string, string>; cleanup(): Promise<void> } {
  if (choice.backend !== 'postgres' || choice.redisUrl === null) return { env: {}, cleanup: async () => undefined };
  const url = choice.redisUrl;
  const prefix = uniqueRedisPrefix(label);
  return { env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix }, cleanup: () => deleteKeysByPrefix(url, prefix) };
}
