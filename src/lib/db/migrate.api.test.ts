// Migrations apply in name order, need not be contiguous, and a migration that arrives after
// a later-numbered one was applied (two branches merged in either order) is still applied.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backend, freshDatabase } from '../../../test/helpers.js';
import { migrateToLatest, migrations } from './migrate.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

it('applies every migration in name order; then one named between two applied ones is applied too, once', async () => {
  const applied = await database.handle.db.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).orderBy(sql`name`).execute();
  // Every registered migration, each under a number of its own (branches pick theirs apart).
  const names = Object.keys(migrations(database.handle));
  expect(names.slice(0, 3)).toEqual(['001-initial', '002-webhooks', '003-order-form']);
  expect(new Set(names.map((n) => n.slice(0, 3))).size).toBe(names.length);
  expect(applied.map((r) => r.name)).toEqual([...names].sort());

  const ran: string[] = [];
  const withLate = {
    ...migrations(database.handle),
    '003b-late-branch': { up: async () => void ran.push('003b') },
  };
  expect(await migrateToLatest(database.handle, withLate)).toEqual(['003b-late-branch']);
  expect(await migrateToLatest(database.handle, withLate)).toEqual([]);
  expect(ran).toEqual(['003b']);
});

it(`the rate-limit table exists on PostgreSQL only (here: ${backend})`, async () => {
  const tables = await database.handle.db.introspection.getTables();
  expect(tables.some((t) => t.name === 'rate_limits')).toBe(backend === 'postgres');
});

it(`015: events keeps its outbox index and no longer the unread events_tenant_order (here: ${backend})`, async () => {
  const { rows } =
    backend === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'events' order by indexname`.execute(database.handle.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'events' and sql is not null order by name`.execute(database.handle.db);
  const names = rows.map((r) => r.name);
  expect(names).toContain('events_fan_out_pending');
  expect(names).not.toContain('events_tenant_order');
});
