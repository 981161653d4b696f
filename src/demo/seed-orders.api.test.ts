// `lapak demo orders` as an operation, on SQLite and PostgreSQL: a store filled with the mix the
// workspace is tried with (states, returning buyers, assignments, follow-ups, history), placed on the form, changed by `system`
// without events, keeping the list's counters and name index (migration 020's triggers), the
// same orders for the same seed, and nothing written for a refused request.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, seedProduct } from '../../test/helpers.js';
import { keptCounts, recountedCounts } from '../../test/order-counts.js';
import { ManualClock } from '../lib/clock.js';
import type { Db, DbHandle } from '../lib/db/db.js';
import { valueOf } from '../lib/outcome.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { replaceRates } from '../shipping/set-rates.js';
import { createMemberUser } from '../team/create-member-user.js';
import { createTenant } from '../tenants/create-tenant.js';
import { DEMO_ACTOR, seedOrders } from './seed-orders.js';

const COUNT = 600;
const clock = new ManualClock();
let handle: DbHandle;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  db = handle.db;
});
afterAll(() => drop());

/** A store with an owner and two CS members (named alike in every store, emails apart). */
async function store(name: string) {
  const tenantId = valueOf(await createTenant(db, clock, { name })).id;
  const member = (role: 'owner' | 'cs', who: string) =>
    db.transaction().execute(async (tx) => valueOf(await createMemberUser(tx, clock, tenantId, { email: `${who}.${tenantId}@example.test`, name: who, role, integrations: false })).userId);
  const owner = await member('owner', 'Pemilik');
  const cs = [await member('cs', 'Rani'), await member('cs', 'Tono')];
  return { tenantId, owner, cs };
}

const ordersOf = (tenantId: number) => db.selectFrom('orders').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
const historyOf = (tenantId: number) => db.selectFrom('order_history').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
const countOf = async (table: 'orders' | 'order_history' | 'events' | 'products', tenantId: number) =>
  Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n);

describe('seedOrders', () => {
  let a: Awaited<ReturnType<typeof store>>;
  beforeAll(async () => {
    a = await store('Toko Demo A');
    expect(valueOf(await seedOrders(db, clock, { tenantId: a.tenantId, count: COUNT, days: 90, seed: 7 }))).toEqual({ tenant_id: a.tenantId, orders: COUNT, products_created: 3 });
  });

  it('fills the store with orders in every state, placed on the form, over the days asked, in time order', async () => {
    const orders = await ordersOf(a.tenantId);
    expect(orders).toHaveLength(COUNT);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.map((o) => o.source))).toEqual(new Set(['form']));
    const times = orders.map((o) => Number(o.created_at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times[0]).toBeGreaterThanOrEqual(clock.now() - 90 * 86_400_000);
    expect(times.at(-1)).toBeLessThanOrEqual(clock.now());
    // The store had no products: three were made, and every order names one of them.
    const products = await db.selectFrom('products').select(['id', 'name']).where('tenant_id', '=', a.tenantId).execute();
    expect(products).toHaveLength(3);
    expect(new Set(orders.map((o) => Number(o.product_id)))).toEqual(new Set(products.map((p) => Number(p.id))));
    for (const o of orders) {
      expect(o.product_name).toBe(products.find((p) => Number(p.id) === Number(o.product_id))!.name);
      expect(Number(o.total)).toBe(Number(o.unit_price) * o.quantity + Number(o.shipping_fee));
      const params = JSON.parse(o.ad_params) as Record<string, string>;
      expect([o.utm_source, o.utm_campaign]).toEqual([params.utm_source ?? null, params.utm_campaign ?? null]);
    }
    expect(orders.filter((o) => o.utm_source !== null).length).toBeGreaterThan(COUNT / 2);
  });

  it('has returning buyers, and orders assigned to each CS member (not the owner) and some to none', async () => {
    const orders = await ordersOf(a.tenantId);
    const perPhone = new Map<string, number>();
    for (const o of orders) perPhone.set(o.customer_phone, (perPhone.get(o.customer_phone) ?? 0) + 1);
    expect([...perPhone.values()].filter((n) => n > 1).length).toBeGreaterThan(20);
    const assigned = orders.map((o) => (o.assigned_user_id === null ? null : Number(o.assigned_user_id)));
    expect(new Set(assigned)).toEqual(new Set([...a.cs, null]));
  });

  it('writes each order its history: created on the form, the assignment, follow-ups, every status move, from system but for the presses of its CS', async () => {
    const orders = await ordersOf(a.tenantId);
    const history = await historyOf(a.tenantId);
    const names = new Map([[a.cs[0]!, 'Rani'], [a.cs[1]!, 'Tono']]);
    expect(new Set(history.map((h) => `${h.source}/${h.actor}/${h.actor_user_id}`))).toEqual(
      new Set(['form/form/null', `system/${DEMO_ACTOR}/null`, ...[...names].map(([id, name]) => `dashboard/${name}/${id}`)]),
    );
    for (const o of orders) {
      const own = history.filter((h) => Number(h.order_id) === Number(o.id));
      expect(own[0]).toMatchObject({ field: 'created', old_value: null, new_value: 'pending', created_at: o.created_at });
      const assignment = own.find((h) => h.field === 'assigned_to');
      expect(assignment?.new_value ?? null).toBe(o.assigned_user_id === null ? null : names.get(Number(o.assigned_user_id)));
      const moves = own.filter((h) => h.field === 'status');
      expect(moves.at(-1)?.new_value ?? 'pending').toBe(o.status);
      expect(Number(own.at(-1)!.created_at)).toBe(Number(o.updated_at));
      expect(o.resi ?? null).toBe(own.find((h) => h.field === 'resi')?.new_value ?? null);
      // Follow-ups: the order's columns say what its history holds; a press is its own CS's.
      const followUps = own.filter((h) => h.field === 'follow_up');
      expect(Number(o.follow_up_count)).toBe(followUps.length);
      expect(o.first_auto_follow_up_at ?? null).toEqual(followUps.find((h) => h.source === 'system')?.created_at ?? null);
      const press = followUps.find((h) => h.source === 'dashboard');
      expect(o.first_manual_follow_up_at ?? null).toEqual(press?.created_at ?? null);
      if (press) expect(Number(press.actor_user_id)).toBe(Number(o.assigned_user_id));
      // Milestones: the first move into each.
      const firstInto = (statuses: string[]) => own.find((h) => (h.field === 'status' || h.field === 'created') && statuses.includes(h.new_value!))?.created_at ?? null;
      expect([o.first_closed_at, o.first_paid_at, o.first_shipped_at, o.first_completed_at].map((v) => v ?? null)).toEqual([
        firstInto(['closing', 'paid', 'shipped', 'completed']), firstInto(['paid', 'shipped', 'completed']), firstInto(['shipped', 'completed']), firstInto(['completed']),
      ]);
    }
    expect(orders.filter((o) => o.first_manual_follow_up_at !== null).length).toBeGreaterThan(COUNT / 10);
    expect(orders.filter((o) => o.first_auto_follow_up_at !== null).length).toBeGreaterThan(COUNT / 10);
    expect(history.length).toBeGreaterThan(COUNT * 3);
  });

  it('seeds the form views behind the orders: more views than orders for every product, day and UTM values, at 2 to 8 %', async () => {
    const orders = await ordersOf(a.tenantId);
    const views = await db.selectFrom('form_views').selectAll().where('tenant_id', '=', a.tenantId).execute();
    const key = (productId: number, day: number, source: string | null, campaign: string | null) => JSON.stringify([productId, day, source ?? '', campaign ?? '']);
    const ordered = new Map<string, number>();
    for (const o of orders) {
      const k = key(Number(o.product_id), Math.floor(Number(o.created_at) / 86_400_000), o.utm_source, o.utm_campaign);
      ordered.set(k, (ordered.get(k) ?? 0) + 1);
    }
    const viewed = new Map<string, number>();
    for (const v of views) {
      const k = key(Number(v.product_id), Math.floor(Number(v.hour) / 24), v.utm_source, v.utm_campaign);
      viewed.set(k, (viewed.get(k) ?? 0) + Number(v.views));
    }
    expect([...viewed.keys()].sort()).toEqual([...ordered.keys()].sort());
    for (const [k, n] of ordered) expect(viewed.get(k), k).toBeGreaterThan(n);
    const total = [...viewed.values()].reduce((sum, n) => sum + n, 0);
    expect(COUNT / total).toBeGreaterThan(0.02);
    expect(COUNT / total).toBeLessThan(0.08);
    // Views with and without UTM values, of every product.
    expect(new Set(views.map((v) => v.utm_source))).toContain('');
    expect(new Set(views.map((v) => v.utm_source)).size).toBeGreaterThan(3);
  });

  it('queues no event', async () => {
    expect(await countOf('events', a.tenantId)).toBe(0);
  });

  it("keeps the list's counters and its name index", async () => {
    // Every counter of every store, dimension, value, day and status, against a recount of the orders.
    // Seeding folds its own changes: none is left in the change feed.
    expect(await db.selectFrom('order_feed').select('id').execute()).toEqual([]);
    expect(await keptCounts(handle)).toEqual(await recountedCounts(db));
    // The most common first name, found through the name index as often as by reading every name.
    const orders = await ordersOf(a.tenantId);
    const first = orders[0]!.customer_name.split(' ')[0]!.toLowerCase();
    const expected = orders.filter((o) => o.customer_name.toLowerCase().includes(first)).length;
    const indexed =
      handle.dialect === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from orders where tenant_id = ${a.tenantId} and id in (select rowid from orders_name_fts where orders_name_fts match ${`"${first}"`})`.execute(db)
        : await sql<{ n: number }>`select count(*) as n from orders where tenant_id = ${a.tenantId} and customer_name ilike ${`%${first}%`}`.execute(db);
    expect(Number(indexed.rows[0]!.n)).toBe(expected);
  });

  it('gives the same orders and history for the same seed, and others for another', async () => {
    const b = await store('Toko Demo B');
    valueOf(await seedOrders(db, clock, { tenantId: b.tenantId, count: COUNT, days: 90, seed: 7 }));
    const c = await store('Toko Demo C');
    valueOf(await seedOrders(db, clock, { tenantId: c.tenantId, count: COUNT, days: 90, seed: 8 }));
    // Ids, stores and members differ; the rest is the same.
    const comparable = async (s: { tenantId: number; cs: number[] }) => {
      const products = await db.selectFrom('products').select(['id']).where('tenant_id', '=', s.tenantId).orderBy('id').execute();
      const orders = (await ordersOf(s.tenantId)).map(({ id: _id, tenant_id: _t, ...o }) => ({
        ...o,
        product_id: products.findIndex((p) => Number(p.id) === Number(o.product_id)),
        assigned_user_id: o.assigned_user_id === null ? null : s.cs.indexOf(Number(o.assigned_user_id)),
      }));
      const history = (await historyOf(s.tenantId)).map(({ id: _id, tenant_id: _t, order_id: _o, ...h }) => ({
        ...h,
        actor_user_id: h.actor_user_id === null ? null : s.cs.indexOf(Number(h.actor_user_id)),
      }));
      return { orders, history };
    };
    const [first, same, other] = [await comparable(a), await comparable(b), await comparable(c)];
    expect(same).toEqual(first);
    expect(other.orders).not.toEqual(first.orders);
  });

  it("uses the store's own products and shipping rates when it has them", async () => {
    const s = await store('Toko Sendiri');
    const kaos = await seedProduct({ db, clock }, s.tenantId, {
      name: 'Kaos', price: 50000, variants: [{ dimension: 'Ukuran', options: ['M', 'L'] }], variant_prices: [50000, 55000],
    });
    await db.transaction().execute((tx) => replaceRates(tx, s.tenantId, [{ courier: 'JNE REG', province: '*', fee: 21000 }]));
    expect(valueOf(await seedOrders(db, clock, { tenantId: s.tenantId, count: 200, days: 30, seed: 1 })).products_created).toBe(0);
    const orders = await ordersOf(s.tenantId);
    expect(new Set(orders.map((o) => `${o.product_id} ${o.variant} ${o.unit_price}`))).toEqual(new Set([`${kaos.id} M 50000`, `${kaos.id} L 55000`]));
    expect(new Set(orders.map((o) => `${o.courier} ${o.shipping_fee}`))).toEqual(new Set(['JNE REG 21000']));
  });

  it('refuses a store that does not exist, and a count or period out of range, writing nothing', async () => {
    const before = await db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(await seedOrders(db, clock, { tenantId: 999_999, count: 10, days: 30, seed: 1 })).toMatchObject({ ok: false, code: 'tenant_not_found' });
    expect(await seedOrders(db, clock, { tenantId: a.tenantId, count: 0, days: 30, seed: 1 })).toMatchObject({ ok: false, code: 'invalid_count' });
    expect(await seedOrders(db, clock, { tenantId: a.tenantId, count: 10, days: 0, seed: 1 })).toMatchObject({ ok: false, code: 'invalid_days' });
    const after = await db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
