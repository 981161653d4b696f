// The benchmark's database: created fresh, migrated and seeded before the server starts,
// removed afterwards. One function per backend.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase, type Db } from '../src/lib/db/db.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
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

/** Migrates and seeds the database at url, describes it, closes it; on failure cleans up. */
async function seedDatabase(url: string, orders: number, cleanup: () => Promise<void>, describe: (db: Db) => Promise<string>): Promise<BenchDatabase> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
    const seeded = await seed(handle.db, systemClock, orders);
    const description = await describe(handle.db);
    // On SQLite closing checkpoints the WAL, so the server starts on one compact file.
    await handle.close();
    return { url, description, seeded, writeCounts: () => countWrites(url), cleanup };
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
