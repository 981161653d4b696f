// The server's write transactions: on SQLite concurrent units share one COMMIT, each in its
// own savepoint (repeatable units: none, unless one throws); on PostgreSQL each is its own
// transaction. Either way a unit that throws leaves nothing behind and takes no other unit
// with it.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backend, seedOrder, seedProduct, seedStore, startTestApp } from '../../../test/helpers.js';
import { sqlitePath, type Db } from './db.js';
import { prepareQuery } from './prepared.js';
import { createWriteTransaction } from './write-transaction.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {})).tenantId;
});
afterAll(() => t.drop());

const historyOf = async (orderId: number) =>
  (await t.ctx.db.selectFrom('order_history').select('actor').where('tenant_id', '=', tenantId).where('order_id', '=', orderId).where('field', '!=', 'created').execute()).map((r) => r.actor);

it('runs concurrent units; one that throws is rolled back alone and its caller gets the error', async () => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  // order_history has a foreign key to orders; write rows for a real order.
  const product = await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 1000 });
  const order = await seedOrder(t.ctx, tenantId, { product_id: product.id, variant: '' });
  const insert = (actor: string) =>
    write(async (tx) => {
      await tx
        .insertInto('order_history')
        .values({ tenant_id: tenantId, order_id: order.id, source: 'api', actor, field: 'status', old_value: 'a', new_value: 'b', created_at: 1 })
        .execute();
      if (actor === 'thrower') throw new Error('boom');
      return actor.toUpperCase();
    });
  const outcomes = await Promise.allSettled(['u1', 'u2', 'thrower', 'u3', 'u4'].map(insert));
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['U1', 'U2', 'boom', 'U3', 'U4']);
  expect((await historyOf(order.id)).sort()).toEqual(['u1', 'u2', 'u3', 'u4']);
});

it('a later unit sees the writes of an earlier one, as with serial transactions', async () => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  const counts = await Promise.all(
    Array.from({ length: 10 }, () =>
      write(async (tx) => {
        await tx
          .insertInto('event_hour_slots')
          .values({ tenant_id: tenantId, hour_start: 0, slot: 0, count: 1 })
          .onConflict((oc) => oc.columns(['tenant_id', 'hour_start', 'slot']).doUpdateSet((eb) => ({ count: eb('event_hour_slots.count', '+', 1) })))
          .execute();
        const row = await tx.selectFrom('event_hour_slots').select('count').where('tenant_id', '=', tenantId).where('hour_start', '=', 0).executeTakeFirstOrThrow();
        return Number(row.count);
      }),
    ),
  );
  expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

// On SQLite the group's prepared statements run directly on the connection it holds: writes
// too, each unit's rolled back with its savepoint, and read by the next unit.
const insertHistory = prepareQuery((db: Db, a: { tenantId: number; orderId: number; actor: string }) =>
  db.insertInto('order_history').values({ tenant_id: a.tenantId, order_id: a.orderId, source: 'api', actor: a.actor, field: 'status', old_value: 'a', new_value: 'b', created_at: 2 }),
);
const actorsOf = prepareQuery((db: Db, a: { tenantId: number; orderId: number }) =>
  db.selectFrom('order_history').select('actor').where('tenant_id', '=', a.tenantId).where('order_id', '=', a.orderId).where('field', '!=', 'created').orderBy('id'),
);

it.skipIf(backend !== 'sqlite')('prepared statements in units: a throwing unit keeps none of its writes; later units see earlier ones', async () => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  const product = await seedProduct(t.ctx, tenantId, { name: 'Sabuk', price: 1000 });
  const order = await seedOrder(t.ctx, tenantId, { product_id: product.id, variant: '' });
  const unit = (actor: string) =>
    write(async (tx) => {
      await insertHistory.all(tx, { tenantId, orderId: order.id, actor });
      if (actor === 'thrower') throw new Error('boom');
      return (await actorsOf.all(tx, { tenantId, orderId: order.id })).map((r) => r.actor);
    });
  const outcomes = await Promise.allSettled(['p1', 'thrower', 'p2'].map(unit));
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([['p1'], 'boom', ['p1', 'p2']]);
  expect((await actorsOf.all(t.ctx.db, { tenantId, orderId: order.id })).map((r) => r.actor)).toEqual(['p1', 'p2']);
});

// PostgreSQL runs one transaction per unit: there is no group to fail together. Repeatable
// units (no savepoints, below) and the others alike.
it.skipIf(backend !== 'sqlite').each([false, true])('a failed COMMIT fails every unit of its group and keeps none of their writes (repeatable: %s)', async (repeatable) => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  const name = repeatable ? 'Kopiah' : 'Topi';
  const product = await seedProduct(t.ctx, tenantId, { name, price: 1000 });
  // A deferred foreign-key violation is only detected at COMMIT.
  const units = [1, 2, 3].map((n) =>
    write(
      async (tx) => {
        if (n === 2) {
          await sql`pragma defer_foreign_keys = on`.execute(tx);
          await tx.updateTable('products').set({ tenant_id: 987654 }).where('id', '=', product.id).execute();
        } else {
          await tx.updateTable('products').set({ name: `${name} ${n}` }).where('id', '=', product.id).execute();
        }
        return n;
      },
      { repeatable },
    ),
  );
  const outcomes = await Promise.allSettled(units);
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  const row = await t.ctx.db.selectFrom('products').select(['name', 'tenant_id']).where('id', '=', product.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ name, tenant_id: tenantId });
});

// Repeatable units (their work touches nothing but tx) run without savepoints on SQLite; when
// one throws, the whole group is rolled back and runs again, each unit in its savepoint.
// (PostgreSQL runs one transaction per unit: nothing there runs twice.)
it.skipIf(backend !== 'sqlite')('repeatable units: one that throws keeps none of its writes, the others are kept once', async () => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  const product = await seedProduct(t.ctx, tenantId, { name: 'Syal', price: 1000 });
  const order = await seedOrder(t.ctx, tenantId, { product_id: product.id, variant: '' });
  const runs = new Map<string, number>();
  const unit = (actor: string, repeatable: boolean) =>
    write(
      async (tx) => {
        runs.set(actor, (runs.get(actor) ?? 0) + 1);
        await insertHistory.all(tx, { tenantId, orderId: order.id, actor });
        if (actor.startsWith('thrower')) throw new Error('boom');
        return (await actorsOf.all(tx, { tenantId, orderId: order.id })).map((r) => r.actor);
      },
      { repeatable },
    );
  const outcomes = await Promise.allSettled([unit('r1', true), unit('thrower', true), unit('r2', true)]);
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([['r1'], 'boom', ['r1', 'r2']]);
  expect((await actorsOf.all(t.ctx.db, { tenantId, orderId: order.id })).map((r) => r.actor)).toEqual(['r1', 'r2']);
  // r1 and the thrower ran together first, without savepoints, and were rolled back with the
  // thrower's exception; r2 had not run yet. Then each ran in its savepoint.
  expect(Object.fromEntries(runs)).toEqual({ r1: 2, thrower: 2, r2: 1 });

  // A group with a unit that is not repeatable runs in savepoints from the start: nothing twice.
  runs.clear();
  const mixed = await Promise.allSettled([unit('m1', true), unit('thrower-2', false), unit('m2', true)]);
  expect(mixed.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(Object.fromEntries(runs)).toEqual({ m1: 1, 'thrower-2': 1, m2: 1 });

  // Repeatable units that all succeed run once each, in one transaction.
  runs.clear();
  const fine = await Promise.all([unit('f1', true), unit('f2', true)]);
  expect(fine).toEqual([['r1', 'r2', 'm1', 'm2', 'f1'], ['r1', 'r2', 'm1', 'm2', 'f1', 'f2']]);
  expect(Object.fromEntries(runs)).toEqual({ f1: 1, f2: 1 });
});

it.runIf(backend === 'sqlite')('SQLite: the units\' savepoint journals stay in memory, not in temporary files (temp_store = MEMORY)', async () => {
  const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(t.ctx.db);
  expect(rows[0]?.temp_store).toBe(2);
});

// Another process (a CLI command) that writes while a group runs: the group took the write
// lock at BEGIN (IMMEDIATE), so the other writer waits for the group's COMMIT (here, with no
// wait allowed, it is refused) instead of committing between the group's read and its write,
// which would make SQLite refuse the group's write at once (SQLITE_BUSY: stale snapshot).
it.runIf(backend === 'sqlite')('SQLite: a group holds the write lock from BEGIN; another connection\'s write cannot slip in between its read and its write', async () => {
  const write = createWriteTransaction(t.ctx.db, t.ctx.dialect);
  const product = await seedProduct(t.ctx, tenantId, { name: 'Peci', price: 1000 });
  const order = await seedOrder(t.ctx, tenantId, { product_id: product.id, variant: '' });
  const other = new SQLite(sqlitePath(t.url));
  other.pragma('busy_timeout = 0');
  try {
    let readDone!: () => void;
    const afterRead = new Promise<void>((resolve) => (readDone = resolve));
    let proceed!: () => void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const unit = write(async (tx) => {
      const before = (await actorsOf.all(tx, { tenantId, orderId: order.id })).length;
      readDone();
      await gate;
      await insertHistory.all(tx, { tenantId, orderId: order.id, actor: 'group' });
      return before;
    });
    await afterRead;
    const slipIn = () =>
      other
        .prepare(`insert into order_history (tenant_id, order_id, source, actor, field, old_value, new_value, created_at) values (?, ?, 'cli', 'other', 'status', 'a', 'b', 3)`)
        .run(tenantId, order.id);
    expect(slipIn).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    proceed();
    expect(await unit).toBe(0);
    slipIn(); // once the group has committed
    expect((await actorsOf.all(t.ctx.db, { tenantId, orderId: order.id })).map((r) => r.actor)).toEqual(['group', 'other']);
  } finally {
    other.close();
  }
});
