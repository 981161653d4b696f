// Migration 019 copies the UTM source and campaign of the orders already taken out of their
// ad_params, so the workspace's filters find old orders too.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useEmptyDatabase } from '../../../test/empty-database.js';
import { migrateToLatest, migrations } from './migrate.js';

const database = useEmptyDatabase('019');

it('fills utm_source and utm_campaign of existing orders from ad_params, and leaves the rest null', async () => {
  // The database as it was before 019: the later migrations build on 019's columns.
  const before = Object.fromEntries(Object.entries(migrations(database())).filter(([name]) => name < '019'));
  await migrateToLatest(database(), before);
  const db = database().db;
  const tenant = (await sql<{ id: number }>`insert into tenants (name, active, created_at) values ('Toko', 1, 1) returning id`.execute(db)).rows[0]!.id;
  const product = (
    await sql<{ id: number }>`insert into products (tenant_id, name, slug, price, created_at, updated_at) values (${tenant}, 'Kaos', 'kaos', 1000, 1, 1) returning id`.execute(db)
  ).rows[0]!.id;
  const order = async (adParams: string) =>
    (
      await sql<{ id: number }>`insert into orders (tenant_id, product_id, product_name, quantity, unit_price, total, status, ad_params, created_at, updated_at)
        values (${tenant}, ${product}, 'Kaos', 1, 1000, 1000, 'pending', ${adParams}, 1, 1) returning id`.execute(db)
    ).rows[0]!.id;
  const both = await order('{"utm_source":"ig","utm_campaign":"lebaran","fbclid":"x"}');
  const sourceOnly = await order('{"utm_source":"tiktok"}');
  const none = await order('{}');

  expect((await migrateToLatest(database()))[0]).toBe('019-orders-workspace');
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'utm_source', 'utm_campaign', 'source', 'assigned_user_id'])
    .where('tenant_id', '=', tenant)
    .orderBy('id')
    .execute();
  expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
    { id: both, utm_source: 'ig', utm_campaign: 'lebaran', source: null, assigned_user_id: null },
    { id: sourceOnly, utm_source: 'tiktok', utm_campaign: null, source: null, assigned_user_id: null },
    { id: none, utm_source: null, utm_campaign: null, source: null, assigned_user_id: null },
  ]);
});
