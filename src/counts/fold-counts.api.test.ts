// The counts folded from the change feed (issue 39 §2, "How it is judged"), on both backends:
// after a random mix (fast-check) of creations, status changes, reassignments, edits of filtered
// columns, follow-up presses, spam marks, flags and printed labels, with the consumer folding concurrently, the counts the list asks
// for (folded counters plus the unfolded tail, in one snapshot) equal a count of the orders, and
// once everything is folded every counter equals a recount. PostgreSQL: 20 writers committing out
// of order (random pauses inside their transactions) while a consumer folds: no change is lost or
// folded twice.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember } from '../../test/dashboard-helpers.js';
import { backend, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { foldAllCounts, foldUntilCaughtUp, keptCounts, recountedCounts } from '../../test/order-counts.js';
import { foldOnce, type FeedConsumer } from '../feed/consumer.js';
import { positionText } from '../feed/feed-row.js';
import { countOrders, tallyQuery } from '../orders/workspace/list/count-orders.js';
import { NO_FILTERS, type OrderFilters } from '../orders/workspace/list/order-filters.js';
import type { OrderScope } from '../orders/core/order-scope.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { countsConsumer } from './fold-counts.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let products: number[];
let cs: number[];
const orders: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
  products = [(await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50_000 })).id, (await seedProduct(t.ctx, store.tenantId, { name: 'Topi', price: 30_000 })).id];
  cs = [(await seedMember(t.ctx, store.tenantId, 'cs')).userId, (await seedMember(t.ctx, store.tenantId, 'cs')).userId];
  // The consumer started before any order: everything after is folded from the feed.
  await foldAllCounts(t.ctx);
});
afterAll(async () => t.drop());

const COURIERS = ['JNE', 'SiCepat', 'J&T'];
const PROVINCES = ['Jawa Barat', 'Bali', 'Riau'];
const UTM = [null, 'ig', 'fb'];

type Op =
  | { kind: 'create'; product: number; courier: number; method: number }
  | { kind: 'status'; order: number; status: number }
  | { kind: 'assign'; order: number; cs: number }
  | { kind: 'edit'; order: number; courier: number; province: number; utm: number; product: number }
  | { kind: 'press'; order: number }
  | { kind: 'spam'; order: number; spam: boolean }
  | { kind: 'flags'; order: number; flags: number }
  | { kind: 'print'; order: number; printed: boolean };

/** orders.flags values (src/orders/risk/flags.ts): none, one, two, another one. */
const FLAG_SETS = ['', 'duplicate', 'cod_risk,duplicate', 'burst'];

const index = (n: number) => fc.nat({ max: n - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), product: index(2), courier: index(3), method: index(3) }),
  fc.record({ kind: fc.constant('status' as const), order: fc.nat(), status: index(ORDER_STATUSES.length) }),
  fc.record({ kind: fc.constant('assign' as const), order: fc.nat(), cs: index(3) }),
  fc.record({ kind: fc.constant('edit' as const), order: fc.nat(), courier: index(3), province: index(3), utm: index(3), product: index(2) }),
  fc.record({ kind: fc.constant('press' as const), order: fc.nat() }),
  fc.record({ kind: fc.constant('spam' as const), order: fc.nat(), spam: fc.boolean() }),
  fc.record({ kind: fc.constant('flags' as const), order: fc.nat(), flags: index(FLAG_SETS.length) }),
  fc.record({ kind: fc.constant('print' as const), order: fc.nat(), printed: fc.boolean() }),
);

async function apply(o: Op): Promise<void> {
  if (o.kind === 'create' || orders.length === 0) {
    const c = o.kind === 'create' ? o : { product: 0, courier: 0, method: 0 };
    const created = await seedOrder(t.ctx, store.tenantId, { product_id: products[c.product]!, courier: COURIERS[c.courier]!, payment_method: ['bank_transfer', 'cod', 'gateway'][c.method]! });
    orders.push(created.id);
    return;
  }
  const id = orders[o.order % orders.length]!;
  const order = t.ctx.db.updateTable('orders').where('tenant_id', '=', store.tenantId).where('id', '=', id);
  if (o.kind === 'status') await order.set({ status: ORDER_STATUSES[o.status]!, status_source: 'dashboard' }).execute();
  else if (o.kind === 'assign') await order.set({ assigned_user_id: o.cs === 2 ? null : cs[o.cs]! }).execute();
  else if (o.kind === 'edit') await order.set({ courier: COURIERS[o.courier]!, customer_province: PROVINCES[o.province]!, utm_source: UTM[o.utm]!, utm_campaign: UTM[o.utm]!, product_id: products[o.product]! }).execute();
  else if (o.kind === 'spam') await order.set({ spam: o.spam ? 1 : 0 }).execute();
  else if (o.kind === 'flags') await order.set({ flags: FLAG_SETS[o.flags]! }).execute();
  else if (o.kind === 'print') await order.set({ label_printed: o.printed ? 1 : 0 }).execute();
  else await order.set((eb) => ({ follow_up_count: eb('follow_up_count', '+', 1), follow_up_last_at: t.clock.now() })).execute();
}

/** Views whose counts come from every kind of counter: the store, one filter, a CS, a pair, follow-ups, a range. */
const views = (): Array<{ scope: OrderScope; filters: OrderFilters }> => [
  { scope: { kind: 'all' }, filters: NO_FILTERS },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, courier: 'SiCepat' } },
  { scope: { kind: 'assigned', userId: cs[0]! }, filters: NO_FILTERS },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, cs: 'none' } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, productId: products[1]!, province: 'Bali' } },
  { scope: { kind: 'assigned', userId: cs[1]! }, filters: { ...NO_FILTERS, notFollowedUp: true } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, utmSource: 'ig', from: t.clock.now() - 3 * 86_400_000, to: t.clock.now() + 86_400_000 } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, flag: 'any' } },
  { scope: { kind: 'assigned', userId: cs[0]! }, filters: { ...NO_FILTERS, flag: 'duplicate' } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, flag: 'cod_risk', courier: 'JNE' } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, spam: 'only' } },
  { scope: { kind: 'assigned', userId: cs[1]! }, filters: { ...NO_FILTERS, spam: 'only', courier: 'JNE' } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, labelPrinted: false } },
  { scope: { kind: 'assigned', userId: cs[0]! }, filters: { ...NO_FILTERS, labelPrinted: true } },
  { scope: { kind: 'all' }, filters: { ...NO_FILTERS, labelPrinted: true, courier: 'JNE' } },
];

/** The orders counted one by one under the filters: per status, and the spam orders apart (tallyQuery's `spam`). */
async function counted(scope: OrderScope, filters: OrderFilters): Promise<Record<string, number>> {
  const row = (await tallyQuery(t.ctx.db, store.tenantId, scope, filters).executeTakeFirstOrThrow()) as Record<string, number | string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
const sumOf = (row: Record<string, number>) => ORDER_STATUSES.reduce((sum, s) => sum + row[s]!, 0);

async function expectExactCounts(): Promise<void> {
  for (const { scope, filters } of views()) {
    const row = await counted(scope, filters);
    const expected = Object.fromEntries(ORDER_STATUSES.map((s) => [s, row[s]!]));
    const { counts } = await countOrders(t.ctx.db, store.tenantId, scope, filters);
    const { all, needs_check, spam, ...byStatus } = counts;
    expect(byStatus, JSON.stringify(filters)).toEqual(expected);
    expect(all).toBe(sumOf(row));
    // The two tabs' badges: the scope's, whatever the filters.
    expect(spam, `spam of ${JSON.stringify(filters)}`).toBe((await counted(scope, NO_FILTERS)).spam);
    expect(needs_check, `needs_check of ${JSON.stringify(filters)}`).toBe(sumOf(await counted(scope, { ...NO_FILTERS, flag: 'any' })));
  }
}

describe('the counts consumer', () => {
  it('counts equal the orders after a random mix of changes, with the consumer folding concurrently; folded, they equal a recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        let stop = false;
        const folding = (async () => {
          while (!stop) {
            await foldOnce(t.ctx, countsConsumer, t.clock);
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        })();
        try {
          for (const [i, o] of ops.entries()) {
            await apply(o);
            // Read while the tail is there, mid-way, with the consumer running.
            if (i === Math.floor(ops.length / 2)) await expectExactCounts();
          }
        } finally {
          stop = true;
          await folding;
        }
        await expectExactCounts();
        expect(await keptCounts(t.ctx)).toEqual(await recountedCounts(t.ctx.db));
      }),
      { numRuns: backend === 'postgres' ? 8 : 15 },
    );
  });

  it('a name search counts 1,000 matches at most, each order once with its resi path, and says when there are more', async () => {
    const named = async (tenantId: number, resi: string | null = null) =>
      countOrders(t.ctx.db, tenantId, { kind: 'all' }, { ...NO_FILTERS, search: { orderId: null, phone: null, phoneTail: null, resi, name: 'siti' } });
    const other = await seedStore(t.ctx, {});
    const product = (await seedProduct(t.ctx, other.tenantId, { name: 'Kopi', price: 1_000 })).id;
    const now = t.clock.now();
    // n orders of `status`, named "Siti <i>", created before now.
    const insert = (n: number, status: string) =>
      sql`insert into orders (tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at)
        with recursive i(n) as (select 1 union all select n + 1 from i where n < cast(${n} as integer))
        select cast(${other.tenantId} as bigint), cast(${product} as bigint), 'Kopi', '', 1, 1000, 1000, 0, 'JNE', 'cod', cast(${status} as text), 'Siti ' || n, '6281200000000', 'Jl. A', '', '', '', 'Bali', '', '{}',
          cast(${now} as bigint) - n, cast(${now} as bigint) - n from i`.execute(t.ctx.db);
    await insert(7, 'paid');
    await insert(2, 'pending');
    expect(await named(other.tenantId)).toEqual({ counts: { all: 9, pending: 2, closing: 0, invalid_no_hp: 0, paid: 7, cancelled: 0, shipped: 0, completed: 0, needs_check: 0, spam: 0 }, capped: [] });
    // "siti" typed as a resi too: a Siti whose resi it is counts once, another buyer's order with that resi joins.
    await t.ctx.db.updateTable('orders').set({ resi: 'SITI' }).where('tenant_id', '=', other.tenantId).where('customer_name', '=', 'Siti 1').execute();
    const budi = await seedOrder(t.ctx, other.tenantId, { product_id: product, variant: '' });
    await t.ctx.db.updateTable('orders').set({ resi: 'SITI', customer_name: 'Budi' }).where('id', '=', budi.id).execute();
    expect((await named(other.tenantId, 'SITI')).counts.all).toBe(10);
    expect((await named(other.tenantId)).counts.all).toBe(9);
    await insert(1_000, 'completed');
    const many = await named(other.tenantId);
    expect(many.capped).toEqual([...ORDER_STATUSES]);
    expect(many.counts.all).toBe(1_001);
  });
});

describe.skipIf(backend !== 'postgres')('gap-safe on PostgreSQL', () => {
  it('20 writers committing out of order while the consumers fold: every change is folded once, the counts equal a recount', async () => {
    const mine = await Promise.all(Array.from({ length: 20 }, () => seedOrder(t.ctx, store.tenantId, { product_id: products[0]! })));
    // A consumer that records what it is given, started now (at the feed's end).
    const seen: string[] = [];
    const recorder: FeedConsumer = { name: 'test_recorder', batch: 7, fold: async (_tx, rows) => void seen.push(...rows.map((r) => positionText(r.position))) };
    await foldOnce(t.ctx, recorder, t.clock);
    // Its start: every row its snapshot saw is behind it.
    const start = await t.ctx.db.selectFrom('feed_consumers').select(['txid', 'position', 'snapshot']).where('name', '=', 'test_recorder').executeTakeFirstOrThrow();
    expect(start.snapshot).not.toBeNull();
    let stop = false;
    const fold = async (consumer: FeedConsumer) => {
      while (!stop) {
        await foldOnce(t.ctx, consumer, t.clock);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      }
    };
    const folding = [fold(recorder), fold(countsConsumer)];
    const pause = () => sql`select pg_sleep(${Math.random() * 0.03})`;
    const writers = mine.map(async (order, w) => {
      for (let round = 0; round < 10; round++) {
        await t.ctx.db.transaction().execute(async (tx) => {
          // The row's ids are taken here; the commit comes after a random pause.
          await tx.updateTable('orders').set({ status: ORDER_STATUSES[(w + round) % ORDER_STATUSES.length]!, assigned_user_id: round % 2 === 0 ? cs[w % 2]! : null }).where('id', '=', order.id).execute();
          await pause().execute(tx);
        });
      }
    });
    await Promise.all(writers);
    stop = true;
    await Promise.all(folding);
    await foldUntilCaughtUp(t.ctx, recorder);
    const written = await sql<{ p: string }>`select txid || '-' || id as p from order_feed
      where not pg_visible_in_snapshot(txid::text::xid8, ${start.snapshot}::pg_snapshot) order by txid, id`.execute(t.ctx.db);
    expect(written.rows.length).toBeGreaterThanOrEqual(200);
    expect(seen).toEqual(written.rows.map((r) => r.p));
    expect(await keptCounts(t.ctx)).toEqual(await recountedCounts(t.ctx.db));
    await t.ctx.db.deleteFrom('feed_consumers').where('name', '=', 'test_recorder').execute();
  });
});

it('keeps a counter column for every status of an order, and no other', async () => {
  const { STATUS_COUNT_COLUMNS } = await import('../lib/db/schema.js');
  expect([...STATUS_COUNT_COLUMNS].sort()).toEqual([...ORDER_STATUSES].sort());
});
