// The benchmark's database: created fresh, migrated and seeded before the server starts,
// removed afterwards. One function per backend; only SQLite exists so far.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
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

export async function setupDatabase(backend: BenchBackend, orders: number): Promise<BenchDatabase> {
  switch (backend) {
    case 'sqlite':
      return setupSqlite(orders);
    case 'postgres':
      throw new Error('--db postgres is not supported yet');
  }
}
