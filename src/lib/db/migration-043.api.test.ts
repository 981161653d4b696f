// Migration 043 rebuilds form_view_days per dimension and value from the views already counted,
// and keeps every follow-up histogram row under insight_follow_ups' new key.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useEmptyDatabase } from '../../../test/empty-database.js';
import { migrateToLatest, migrations } from './migrate.js';

const database = useEmptyDatabase('043');

it('makes the day rows of each dimension from form_views, and copies the follow-up rows', async () => {
  const before = Object.fromEntries(Object.entries(migrations(database())).filter(([name]) => name < '043'));
  await migrateToLatest(database(), before);
  const db = database().db;
  // Two hours of one UTC day (48 * 24 and the next) and one of the next day.
  await sql`insert into form_views (tenant_id, hour, product_id, utm_source, utm_campaign, views) values
    (1, 1152, 10, 'ig', 'promo', 3), (1, 1153, 11, 'ig', '', 2), (1, 1176, 10, '', '', 5), (2, 1152, 10, 'ig', 'promo', 7)`.execute(db);
  await sql`insert into insight_follow_ups (tenant_id, cs, kind, unit, start, bucket, orders) values
    (1, '', 'manual', 1, 1152, 3, 2), (1, '5', 'auto', 24, 1152, 0, 4)`.execute(db);

  expect(await migrateToLatest(database())).toEqual(['043-insight-keys']);
  const days = await sql<Record<string, unknown>>`select tenant_id, dimension, day, value, views from form_view_days order by tenant_id, dimension, day, value`.execute(db);
  expect(days.rows.map((r) => [Number(r.tenant_id), r.dimension, Number(r.day), r.value, Number(r.views)])).toEqual([
    [1, 'product_id', 48, '10', 3],
    [1, 'product_id', 48, '11', 2],
    [1, 'product_id', 49, '10', 5],
    [1, 'utm_campaign', 48, '', 2],
    [1, 'utm_campaign', 48, 'promo', 3],
    [1, 'utm_campaign', 49, '', 5],
    [1, 'utm_source', 48, 'ig', 5],
    [1, 'utm_source', 49, '', 5],
    [2, 'product_id', 48, '10', 7],
    [2, 'utm_campaign', 48, 'promo', 7],
    [2, 'utm_source', 48, 'ig', 7],
  ]);
  const followUps = await sql<Record<string, unknown>>`select tenant_id, cs, kind, unit, start, bucket, orders from insight_follow_ups order by unit`.execute(db);
  expect(followUps.rows.map((r) => [Number(r.tenant_id), r.cs, r.kind, Number(r.unit), Number(r.start), Number(r.bucket), Number(r.orders)])).toEqual([
    [1, '', 'manual', 1, 1152, 3, 2],
    [1, '5', 'auto', 24, 1152, 0, 4],
  ]);
});
