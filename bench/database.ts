// The benchmark's database: created fresh, migrated and seeded before the server starts,
// removed afterwards. One function per backend.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase } from '../src/lib/db.js';
import { migrateToLatest } from '../src/lib/migrate.js';
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

async function setupSqlite(orders: number): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-bench-'));
  const url = `sqlite:${path.join(dir, 'bench.db')}`;
  const cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
    const seeded = await seed(handle.db, systemClock, orders);
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(handle.db);
    // Closing checkpoints the WAL, so the server starts on one compact file.
    await handle.close();
    return {
      url,
      description: `SQLite ${rows[0]?.version ?? '?'} (embedded, WAL, synchronous=FULL) in ${dir}`,
      seeded,
      writeCounts: () => countWrites(url),
      cleanup,
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await cleanup();
    throw error;
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new database on the server of adminUrl, named per run (the server may be shared). */
async function setupPostgres(orders: number, adminUrl: string): Promise<BenchDatabase> {
  const name = `lapak_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const cleanup = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
    const seeded = await seed(handle.db, systemClock, orders);
    await sql`analyze`.execute(handle.db);
    const { rows } = await sql<{ version: string }>`show server_version`.execute(handle.db);
    await handle.close();
    return {
      url,
      description: `PostgreSQL ${(rows[0] as { server_version?: string } | undefined)?.server_version ?? '?'} at ${target.host}, database ${name} (pool of 10 per process)`,
      seeded,
      writeCounts: () => countWrites(url),
      cleanup,
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await cleanup();
    throw error;
  }
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
