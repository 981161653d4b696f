// 008 on a database that already holds data: events survive SQLite's rebuild of the table
// with their foreign keys enforced and their id counter kept (an event id is a webhook-id),
// and keys that were active hold their names under the new unique index.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seedOrder, seedProduct, seedStore } from '../../../../test/helpers.js';
import { useEmptyDatabase } from '../../../../test/empty-database.js';
import { ManualClock } from '../../clock.js';
import { migrateToLatest, migrations } from '../migrate.js';

const database = useEmptyDatabase('008');

it('keeps events, their foreign keys and id counter, and the names of active keys', async () => {
  const { '008-integrations': _, ...before } = migrations(database());
  await migrateToLatest(database(), before);
  const db = database().db;
  const ctx = { db, clock: new ManualClock() };
  const { tenantId } = await seedStore(ctx, {});
  const product = await seedProduct(ctx, tenantId, { name: 'Topi', price: 1000 });
  const order = await seedOrder(ctx, tenantId, { product_id: product.id });
  const event = (n: number) => ({ tenant_id: tenantId, order_id: order.id, type: 'order.status_changed', payload: `{"n":${n}}`, created_at: n, fanned_out_at: n });
  await db.insertInto('events').values([event(1), event(2), event(3)]).execute();
  const ids = (await db.selectFrom('events').select('id').orderBy('id').execute()).map((e) => e.id);
  await db.deleteFrom('events').where('id', '=', ids[2]!).execute();
  // Raw rows: this version's insert would name 008's columns.
  await sql`insert into api_keys (tenant_id, key_hash, marker, name, scopes, revoked_at, created_at) values
    (${tenantId}, 'h1', 'm', 'CRM', '[]', 5, 1), (${tenantId}, 'h2', 'm', 'CRM', '[]', null, 1)`.execute(db);

  expect(await migrateToLatest(database())).toEqual(['008-integrations']);

  expect(await db.selectFrom('events').select(['id', 'payload']).orderBy('id').execute()).toEqual([
    { id: ids[0], payload: '{"n":1}' },
    { id: ids[1], payload: '{"n":2}' },
  ]);
  const next = await db.insertInto('events').values({ ...event(4), order_id: null }).returning('id').executeTakeFirstOrThrow();
  expect(next.id).toBeGreaterThan(ids[2]!);
  await expect(db.insertInto('events').values({ ...event(5), order_id: 999_999 }).execute()).rejects.toThrow(/foreign key/i);
  await expect(db.deleteFrom('orders').where('id', '=', order.id).execute()).rejects.toThrow(/foreign key/i);

  const keys = await db.selectFrom('api_keys').select(['key_hash', 'active_name', 'purpose']).orderBy('key_hash').execute();
  expect(keys).toEqual([
    { key_hash: 'h1', active_name: null, purpose: null },
    { key_hash: 'h2', active_name: 'CRM', purpose: null },
  ]);
});
