// Migration 020 builds the list's structures from the orders already taken: the per-day status
// counts (in total and per filter value) and the name search (FTS5 on SQLite, pg_trgm on
// PostgreSQL) cover them, and the triggers keep both right for every write after it.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { backend } from '../../../test/helpers.js';
import { keptCounts, recountedCounts, storeDayCounts } from '../../../test/order-counts.js';
import { useEmptyDatabase } from '../../../test/empty-database.js';
import { migrateToLatest, migrations } from './migrate.js';

const database = useEmptyDatabase('020');

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 5); // a UTC midnight

/** The store's orders matching a part of the name, as the list's name search asks. */
async function byName(tenant: number, part: string): Promise<number[]> {
  const rows =
    backend === 'sqlite'
      ? await sql<{ id: number }>`select id from orders where tenant_id = ${tenant} and id in (select rowid from orders_name_fts where orders_name_fts match ${`"${part}"`}) order by id`.execute(database().db)
      : await sql<{ id: number }>`select id from orders where tenant_id = ${tenant} and customer_name ilike ${`%${part}%`} order by id`.execute(database().db);
  return rows.rows.map((r) => Number(r.id));
}

// Folded first: the counts consumer keeps order_counts since migration 026.
const storeRows = async (tenant: number) =>
  (await storeDayCounts(database(), tenant, 'store')).map((r) => ({ day: (r.day - BASE) / DAY, status: r.status, count: r.count }));

it('counts the orders already taken per UTC day, status and filter value, finds their names, and keeps both for every write after it', async () => {
  const all = migrations(database());
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '020'));
  await migrateToLatest(database(), before);
  const db = database().db;
  const tenant = (await sql<{ id: number }>`insert into tenants (name, active, created_at) values ('Toko', 1, 1) returning id`.execute(db)).rows[0]!.id;
  const product = async (slug: string) =>
    (await sql<{ id: number }>`insert into products (tenant_id, name, slug, price, created_at, updated_at) values (${tenant}, 'Kaos', ${slug}, 1000, 1, 1) returning id`.execute(db)).rows[0]!.id;
  const [kaos, topi] = [await product('kaos'), await product('topi')];
  const cs = (await sql<{ id: number }>`insert into users (email, name, created_at) values ('cs@x.test', 'CS', 1) returning id`.execute(db)).rows[0]!.id;
  const order = async (o: { name: string; status: string; createdAt: number; product?: number; courier?: string; utm?: string | null; cs?: number | null }) =>
    (
      await sql<{ id: number }>`insert into orders (tenant_id, product_id, product_name, quantity, unit_price, total, status, customer_name, customer_province, courier, payment_method, utm_source, assigned_user_id, created_at, updated_at)
        values (${tenant}, ${o.product ?? kaos}, 'Kaos', 1, 1000, 1000, ${o.status}, ${o.name}, 'Jawa Barat', ${o.courier ?? 'JNE'}, 'cod', ${o.utm ?? null}, ${o.cs ?? null}, ${o.createdAt}, ${o.createdAt}) returning id`.execute(db)
    ).rows[0]!.id;
  const siti = await order({ name: 'Siti Aminah', status: 'pending', createdAt: BASE + 10, utm: 'ig' });
  const budi = await order({ name: 'Budi Santoso', status: 'paid', createdAt: BASE + DAY - 1, product: topi });
  const ani = await order({ name: 'ANI Suryani', status: 'pending', createdAt: BASE + DAY, courier: 'SiCepat' });

  expect(await migrateToLatest(database())).toEqual(Object.keys(all).filter((name) => name >= '020'));
  expect(await storeRows(tenant)).toEqual([
    { day: 0, status: 'paid', count: 1 },
    { day: 0, status: 'pending', count: 1 },
    { day: 1, status: 'pending', count: 1 },
  ]);
  expect(await keptCounts(database())).toEqual(await recountedCounts(db));
  expect(await byName(tenant, 'amin')).toEqual([siti]);
  expect(await byName(tenant, 'ani')).toEqual([ani]);
  expect(await byName(tenant, 'SANTO')).toEqual([budi]);

  // After the migration: a new order, a status change, an assignment, a courier and UTM edit,
  // a rename, a move in time, a write of no counted column, a deletion.
  const dewi = await order({ name: 'Dewi Lestari', status: 'closing', createdAt: BASE + 2 * DAY + 5, cs });
  await db.updateTable('orders').set({ status: 'shipped' }).where('id', '=', budi).execute();
  await db.updateTable('orders').set({ assigned_user_id: cs }).where('id', '=', siti).execute();
  await db.updateTable('orders').set({ courier: 'J&T', utm_source: null, customer_name: 'Siti Rahma' }).where('id', '=', siti).execute();
  await db.updateTable('orders').set({ created_at: BASE + 3 * DAY, product_id: topi }).where('id', '=', dewi).execute();
  await db.updateTable('orders').set({ updated_at: 99 }).where('id', '=', ani).execute();
  await db.deleteFrom('orders').where('id', '=', ani).execute();
  expect(await storeRows(tenant)).toEqual([
    { day: 0, status: 'pending', count: 1 },
    { day: 0, status: 'shipped', count: 1 },
    { day: 3, status: 'closing', count: 1 },
  ]);
  expect(await keptCounts(database())).toEqual(await recountedCounts(db));
  expect(await byName(tenant, 'amin')).toEqual([]);
  expect(await byName(tenant, 'rahma')).toEqual([siti]);
  expect(await byName(tenant, 'lestar')).toEqual([dewi]);
  expect(await byName(tenant, 'ani')).toEqual([]);
});
