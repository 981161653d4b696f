// prepareQuery: compiled once per dialect, the same rows as the query built afresh.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backend, seedProduct, seedStore, startTestApp } from '../../../test/helpers.js';
import type { Db } from './db.js';
import { fixedLimit } from './fixed-limit.js';
import { prepareQuery } from './prepared.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const store of ['a', 'b']) {
    const { tenantId } = await seedStore(t.ctx, {}, { name: `Toko ${store}` });
    ids[store] = tenantId;
    for (const [name, price] of [['Kaos', 50000], ['Topi', 40000], ['Mug', 35000]] as const) {
      await seedProduct(t.ctx, tenantId, { name: `${name} ${store}`, price });
    }
  }
});
afterAll(() => t.drop());

// A constant (the 'default' display) between two arguments; the limit is written into the SQL.
const build = (db: Db, args: { tenantId: number; minPrice: number }) =>
  db
    .selectFrom('products')
    .select(['name', 'price'])
    .where('tenant_id', '=', args.tenantId)
    .where('variant_display', '=', 'default')
    .where('price', '>=', args.minPrice)
    .orderBy('price')
    .limit(fixedLimit(2));
const prepared = prepareQuery(build);

it('returns what the query built afresh returns, for every argument', async () => {
  for (const tenantId of [ids.a!, ids.b!, 999]) {
    for (const minPrice of [0, 36000, 45000, 60000]) {
      const expected = await build(t.ctx.db, { tenantId, minPrice }).execute();
      expect(await prepared.all(t.ctx.db, { tenantId, minPrice })).toEqual(expected);
      expect(await prepared.first(t.ctx.db, { tenantId, minPrice })).toEqual(expected[0]);
    }
  }
  expect((await prepared.all(t.ctx.db, { tenantId: ids.a!, minPrice: 0 })).map((r) => r.name)).toEqual(['Mug a', 'Topi a']);
});

it('runs inside a transaction and sees its uncommitted rows', async () => {
  await t.ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('products').set({ price: 1 }).where('tenant_id', '=', ids.b!).where('name', '=', 'Kaos b').execute();
    expect(await prepared.first(tx, { tenantId: ids.b!, minPrice: 0 })).toEqual({ name: 'Kaos b', price: 1 });
    await tx.updateTable('products').set({ price: 50000 }).where('tenant_id', '=', ids.b!).where('name', '=', 'Kaos b').execute();
  });
});

it('refuses a prepared query that selects every column (its result would change with a migration)', async () => {
  const star = prepareQuery((db: Db, args: { tenantId: number }) => db.selectFrom('products').selectAll().where('tenant_id', '=', args.tenantId));
  await expect(star.all(t.ctx.db, { tenantId: ids.a! })).rejects.toThrow(/must list its columns/);
});

it.skipIf(backend !== 'sqlite')('refuses SQL that binds its LIMIT on SQLite, which would re-prepare it on every run; a fixed limit runs', async () => {
  const bound = (db: Db, args: { tenantId: number }) => db.selectFrom('products').select('name').where('tenant_id', '=', args.tenantId).limit(1);
  await expect(bound(t.ctx.db, { tenantId: ids.a! }).execute()).rejects.toThrow(/LIMIT as a literal/);
  await expect(prepareQuery(bound).all(t.ctx.db, { tenantId: ids.a! })).rejects.toThrow(/LIMIT as a literal/);
  const fixed = (db: Db, args: { tenantId: number }) => db.selectFrom('products').select('name').where('tenant_id', '=', args.tenantId).orderBy('id').limit(fixedLimit(1));
  expect(await fixed(t.ctx.db, { tenantId: ids.a! }).execute()).toEqual([{ name: 'Kaos a' }]);
  expect(await prepareQuery(fixed).all(t.ctx.db, { tenantId: ids.a! })).toEqual([{ name: 'Kaos a' }]);
  expect(() => fixedLimit(1.5)).toThrow(/whole number/);
  expect(() => fixedLimit(-1)).toThrow(/whole number/);
});

it.skipIf(backend !== 'postgres')('runs as a named statement on PostgreSQL, prepared once per connection', async () => {
  await t.ctx.db.transaction().execute(async (tx) => {
    for (let i = 0; i < 3; i++) await prepared.all(tx, { tenantId: ids.a!, minPrice: i });
    const statements = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx);
    const ours = statements.rows.filter((r) => r.statement.includes('"variant_display" = $2'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^lapak_[0-9a-f]{24}$/);
  });
});

it('a read on the database handle never sees the uncommitted rows of a transaction that holds the connection', async () => {
  const priceOf = prepareQuery((db: Db, a: { tenantId: number; name: string }) =>
    db.selectFrom('products').select('price').where('tenant_id', '=', a.tenantId).where('name', '=', a.name),
  );
  const before = (await priceOf.first(t.ctx.db, { tenantId: ids.a!, name: 'Mug a' }))!.price;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inside!: () => void;
  const started = new Promise<void>((resolve) => (inside = resolve));
  const transaction = t.ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('products').set({ price: 2 }).where('tenant_id', '=', ids.a!).where('name', '=', 'Mug a').execute();
    inside();
    await gate;
    await tx.updateTable('products').set({ price: 3 }).where('tenant_id', '=', ids.a!).where('name', '=', 'Mug a').execute();
  });
  await started;
  const read = priceOf.first(t.ctx.db, { tenantId: ids.a!, name: 'Mug a' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await transaction;
  const seen = (await read)!.price;
  // SQLite has one connection: the read waits for the COMMIT. PostgreSQL reads the last
  // committed row on another connection. Neither ever sees the 2 written inside.
  expect(seen).toBe(backend === 'sqlite' ? 3 : before);
  await t.ctx.db.updateTable('products').set({ price: before }).where('tenant_id', '=', ids.a!).where('name', '=', 'Mug a').execute();
});

it('a prepared statement that fails rejects with the database error and gives its connection back', async () => {
  const byPrice = prepareQuery((db: Db, a: { tenantId: number; price: unknown }) =>
    db.selectFrom('products').select('name').where('tenant_id', '=', a.tenantId).where('price', '=', a.price as number),
  );
  // More failures than the PostgreSQL pool has connections (10): a connection kept by a
  // failure would leave the last read waiting for one until it timed out.
  for (let i = 0; i < 12; i++) {
    await expect(byPrice.all(t.ctx.db, { tenantId: ids.a!, price: backend === 'postgres' ? 'not a number' : Symbol('x') })).rejects.toThrow();
  }
  expect(await byPrice.all(t.ctx.db, { tenantId: ids.a!, price: 35000 })).toEqual([{ name: 'Mug a' }]);
});

it('run() counts the rows a write changed, on the database handle and in a transaction', async () => {
  const reprice = prepareQuery((db: Db, a: { tenantId: number; from: number; to: number }) =>
    db.updateTable('products').set({ price: a.to }).where('tenant_id', '=', a.tenantId).where('price', '>=', a.from),
  );
  expect(await reprice.run(t.ctx.db, { tenantId: ids.b!, from: 40000, to: 40000 })).toBe(2);
  expect(await reprice.run(t.ctx.db, { tenantId: ids.b!, from: 90000, to: 1 })).toBe(0);
  await t.ctx.db.transaction().execute(async (tx) => {
    expect(await reprice.run(tx, { tenantId: ids.b!, from: 35000, to: 35000 })).toBe(3);
    expect(await reprice.run(tx, { tenantId: 999, from: 0, to: 1 })).toBe(0);
  });
  await t.ctx.db.updateTable('products').set({ price: 50000 }).where('tenant_id', '=', ids.b!).where('name', '=', 'Kaos b').execute();
  await t.ctx.db.updateTable('products').set({ price: 40000 }).where('tenant_id', '=', ids.b!).where('name', '=', 'Topi b').execute();
});

it('runEach() runs the write once per arguments, in order, and counts the rows changed in all: on the database handle, in a transaction and in the group commit', async () => {
  const rename = prepareQuery((db: Db, a: { tenantId: number; from: string; to: string }) =>
    db.updateTable('products').set({ name: a.to }).where('tenant_id', '=', a.tenantId).where('name', '=', a.from),
  );
  const names = async () => (await t.ctx.db.selectFrom('products').select('name').where('tenant_id', '=', ids.b!).orderBy('name').execute()).map((r) => r.name);
  const b = ids.b!;
  // In order: the second renames what the first wrote; a miss changes nothing.
  expect(await rename.runEach(t.ctx.db, [{ tenantId: b, from: 'Mug b', to: 'Gelas b' }, { tenantId: b, from: 'Gelas b', to: 'Cangkir b' }, { tenantId: 999, from: 'Kaos b', to: 'x' }])).toBe(2);
  expect(await names()).toEqual(['Cangkir b', 'Kaos b', 'Topi b']);
  await t.ctx.db.transaction().execute(async (tx) => {
    expect(await rename.runEach(tx, [{ tenantId: b, from: 'Cangkir b', to: 'Mug b' }, { tenantId: b, from: 'Kaos b', to: 'Kemeja b' }])).toBe(2);
  });
  expect(await t.ctx.writeTransaction((tx) => rename.runEach(tx, [{ tenantId: b, from: 'Kemeja b', to: 'Kaos b' }, { tenantId: b, from: 'Nope', to: 'x' }]), { repeatable: true })).toBe(1);
  expect(await names()).toEqual(['Kaos b', 'Mug b', 'Topi b']);
  expect(await rename.runEach(t.ctx.db, [])).toBe(0);
});

it('rows read directly are the objects Kysely gives: every column, in order, a repeated name once', async () => {
  const twice = prepareQuery((_db: Db, a: { tenantId: number }) =>
    sql<Record<string, unknown>>`select name, price, price as "name", 1 as "it's ""x""" from products where tenant_id = ${a.tenantId} order by price`,
  );
  const direct = await twice.all(t.ctx.db, { tenantId: ids.a! });
  const throughKysely = await t.ctx.db.transaction().execute((tx) => twice.all(tx, { tenantId: ids.a! }));
  expect(direct).toEqual(throughKysely);
  expect(direct.map((row) => Object.keys(row))).toEqual(Array(3).fill(['name', 'price', 'it\'s "x"']));
  expect(direct.map((row) => row.name)).toEqual([35000, 40000, 50000]);
});
