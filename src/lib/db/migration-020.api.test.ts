// Migration 020 builds the list's structures from the orders already taken: the per-hour
// status counts and the name search (FTS5 on SQLite, pg_trgm on PostgreSQL) cover them, and
// the triggers keep both right for the orders that come after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backend } from '../../../test/helpers.js';
import { createScratchDatabase } from '../../../test/pg-scratch.js';
import { openDatabase, type DbHandle } from './db.js';
import { migrateToLatest, migrations } from './migrate.js';

let handle: DbHandle;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  if (backend === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-020-'));
    handle = openDatabase(`sqlite:${path.join(dir, 'test.db')}`);
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lapak_test');
    handle = openDatabase(scratch.url);
    cleanup = () => scratch.drop();
  }
});
afterAll(async () => {
  await handle.close();
  await cleanup();
});

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 0, 5, 3); // a whole UTC hour

/** The store's orders matching a part of the name, as the list's name search asks. */
async function byName(tenant: number, part: string): Promise<number[]> {
  const rows =
    backend === 'sqlite'
      ? await sql<{ id: number }>`select id from orders where tenant_id = ${tenant} and id in (select rowid from orders_name_fts where orders_name_fts match ${`"${part}"`}) order by id`.execute(handle.db)
      : await sql<{ id: number }>`select id from orders where tenant_id = ${tenant} and customer_name ilike ${`%${part}%`} order by id`.execute(handle.db);
  return rows.rows.map((r) => Number(r.id));
}

async function counts(tenant: number) {
  const rows = await handle.db
    .selectFrom('order_counts')
    .select(['hour_start', 'status', 'count'])
    .where('tenant_id', '=', tenant)
    .where('count', '<>', 0)
    .orderBy('hour_start')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({ hour: (Number(r.hour_start) - BASE) / HOUR, status: r.status, count: Number(r.count) }));
}

it('counts the orders already taken per UTC hour and status, finds their names, and keeps both for the writes after it', async () => {
  const { '020-orders-list': _, ...before } = migrations(handle);
  await migrateToLatest(handle, before);
  const db = handle.db;
  const tenant = (await sql<{ id: number }>`insert into tenants (name, active, created_at) values ('Toko', 1, 1) returning id`.execute(db)).rows[0]!.id;
  const product = (
    await sql<{ id: number }>`insert into products (tenant_id, name, slug, price, created_at, updated_at) values (${tenant}, 'Kaos', 'kaos', 1000, 1, 1) returning id`.execute(db)
  ).rows[0]!.id;
  const order = async (name: string, status: string, createdAt: number) =>
    (
      await sql<{ id: number }>`insert into orders (tenant_id, product_id, product_name, quantity, unit_price, total, status, customer_name, created_at, updated_at)
        values (${tenant}, ${product}, 'Kaos', 1, 1000, 1000, ${status}, ${name}, ${createdAt}, ${createdAt}) returning id`.execute(db)
    ).rows[0]!.id;
  const siti = await order('Siti Aminah', 'pending', BASE + 10);
  const budi = await order('Budi Santoso', 'paid', BASE + HOUR - 1);
  const ani = await order('ANI Suryani', 'pending', BASE + HOUR);

  expect(await migrateToLatest(handle)).toEqual(['020-orders-list']);
  expect(await counts(tenant)).toEqual([
    { hour: 0, status: 'paid', count: 1 },
    { hour: 0, status: 'pending', count: 1 },
    { hour: 1, status: 'pending', count: 1 },
  ]);
  expect(await byName(tenant, 'amin')).toEqual([siti]);
  expect(await byName(tenant, 'ani')).toEqual([ani]);
  expect(await byName(tenant, 'SANTO')).toEqual([budi]);

  // After the migration: a new order, a status change, a rename, a deletion.
  const dewi = await order('Dewi Lestari', 'closing', BASE + 2 * HOUR + 5);
  await db.updateTable('orders').set({ status: 'shipped' }).where('id', '=', budi).execute();
  await db.updateTable('orders').set({ customer_name: 'Siti Rahma' }).where('id', '=', siti).execute();
  await db.updateTable('orders').set({ updated_at: 99 }).where('id', '=', ani).execute();
  await db.deleteFrom('orders').where('id', '=', ani).execute();
  expect(await counts(tenant)).toEqual([
    { hour: 0, status: 'pending', count: 1 },
    { hour: 0, status: 'shipped', count: 1 },
    { hour: 2, status: 'closing', count: 1 },
  ]);
  expect(await byName(tenant, 'amin')).toEqual([]);
  expect(await byName(tenant, 'rahma')).toEqual([siti]);
  expect(await byName(tenant, 'lestar')).toEqual([dewi]);
  expect(await byName(tenant, 'ani')).toEqual([]);
});
