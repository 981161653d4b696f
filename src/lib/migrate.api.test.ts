// Migrations apply in name order, need not be contiguous, and a migration that arrives after
// a later-numbered one was applied (two branches merged in either order) is still applied.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backend, freshDatabase } from '../../test/helpers.js';
import { migrateToLatest, migrations } from './migrate.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

it('applies 001, 002, 004; then a 003 that lands later is applied too, once', async () => {
  const applied = await database.handle.db.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).orderBy(sql`name`).execute();
  expect(applied.map((r) => r.name)).toEqual(['001-initial', '002-webhooks', '004-rate-limits']);

  const ran: string[] = [];
  const withLate = {
    ...migrations(database.handle),
    '003-late-branch': { up: async () => void ran.push('003') },
  };
  expect(await migrateToLatest(database.handle, withLate)).toEqual(['003-late-branch']);
  expect(await migrateToLatest(database.handle, withLate)).toEqual([]);
  expect(ran).toEqual(['003']);
});

it(`the rate-limit table exists on PostgreSQL only (here: ${backend})`, async () => {
  const tables = await database.handle.db.introspection.getTables();
  expect(tables.some((t) => t.name === 'rate_limits')).toBe(backend === 'postgres');
});
