// Insights (issue 45 §1-2), on SQLite and PostgreSQL: every figure and breakdown of a small store
// whose answers are worked out by hand below, folded from the change feed by the insights
// consumer; the time to the first follow-up per CS; a CS's own figures; the CSV files; the
// refusals of a bad range or breakdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { CUSTOMER, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { foldOnce } from '../feed/consumer.js';
import { ManualClock } from '../lib/clock.js';
import { assignOrder } from '../orders/core/assign-orders.js';
import { createOrder } from '../orders/core/create-order.js';
import type { OrderOrigin } from '../orders/core/insert-order.js';
import { recordFollowUp } from '../orders/core/record-follow-up.js';
import { recordStatusChange } from '../orders/core/record-status-change.js';
import type { ChangeSource } from '../events/sources.js';
import { insightsConsumer } from './fold-insights.js';
import { addViews } from './form-views/count-views.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 2026-03-10 12:00 in Jakarta (UTC+7), the server's zone.
const NOON = Date.UTC(2026, 2, 10, 5, 0, 0);
const clock = new ManualClock(NOON);

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let owner: Member;
let rani: Member;
let tono: Member;
let kaos: number;
let topi: number;
const ids: Record<string, number> = {};

const FORM: OrderOrigin = { source: 'form', actor: 'form' };

async function order(name: string, input: Record<string, unknown>, origin: OrderOrigin = FORM): Promise<number> {
  const made = await t.ctx.writeTransaction((tx) =>
    createOrder(tx, t.clock, tenantId, { quantity: 1, shipping_fee: 10_000, courier: 'JNE', payment_method: 'bank_transfer', customer: CUSTOMER, ...input }, origin),
  );
  if (!made.ok) throw new Error(made.message);
  ids[name] = made.value.id;
  return made.value.id;
}

async function move(name: string, path: string[], source: ChangeSource = 'dashboard'): Promise<void> {
  for (let i = 1; i < path.length; i++) {
    const moved = await t.ctx.writeTransaction((tx) =>
      recordStatusChange(tx, { tenantId, orderId: ids[name]!, from: path[i - 1]!, to: path[i]!, now: t.clock.now(), source, actor: 'Owner' }, { timeZone: 'Asia/Jakarta', webhookHourlyCap: 1_000 }),
    );
    expect(moved, `${name}: ${path[i - 1]} -> ${path[i]}`).toBe(true);
  }
}

async function assign(name: string, member: Member | null): Promise<void> {
  await t.ctx.writeTransaction((tx) =>
    assignOrder(tx, tenantId, ids[name]!, member ? { id: member.userId, name: `cs${member.userId}` } : null, { source: 'dashboard', actor: 'Owner', actorUserId: owner.userId }, t.clock.now()),
  );
}

/** A follow-up `minutes` after the order's creation (at NOON), pressed by its CS or sent by the automation. */
async function followUp(name: string, minutes: number, automatic: boolean): Promise<void> {
  const done = await t.ctx.writeTransaction((tx) =>
    recordFollowUp(tx, {
      tenantId, orderId: ids[name]!, status: 'pending', step: 'fu1', source: automatic ? 'system' : 'dashboard', actor: automatic ? 'system' : 'CS', actorUserId: null, at: NOON + minutes * MINUTE,
    }),
  );
  expect(done).toBe(true);
}

const fold = async () => {
  while ((await foldOnce(t.ctx, insightsConsumer, t.clock)) > 0);
};
const get = async (member: Member, url: string) => {
  await fold();
  return t.request({ method: 'GET', url, headers: asMember(member) });
};
const insights = async (member: Member, query: string) => {
  const res = await get(member, `/dashboard/api/insights?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp({ clock });
  // The consumer started before any order: everything below is folded from the feed.
  await foldOnce(t.ctx, insightsConsumer, t.clock);
  const store = await seedStore(t.ctx, {});
  tenantId = store.tenantId;
  owner = await seedMember(t.ctx, tenantId, 'owner');
  rani = await seedMember(t.ctx, tenantId, 'cs');
  tono = await seedMember(t.ctx, tenantId, 'cs');
  kaos = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id; // total 60,000 with shipping
  topi = (await seedProduct(t.ctx, tenantId, { name: 'Topi', price: 30_000 })).id; // total 40,000

  const ig = { utm_source: 'ig', utm_campaign: 'promo1' };
  // o1: transfer, all the way to completed; Rani's.
  await order('o1', { product_id: kaos, ad_params: ig });
  await move('o1', ['pending', 'closing', 'paid', 'shipped', 'completed']);
  // o2: COD, shipped and returned: closed and shipped, never paid; Rani's.
  await order('o2', { product_id: kaos, payment_method: 'cod', ad_params: ig });
  await move('o2', ['pending', 'closing', 'shipped', 'cancelled']);
  // o3: a gateway payment moved it to closing: paid; unassigned.
  await order('o3', { product_id: topi, payment_method: 'midtrans' });
  await move('o3', ['pending', 'closing'], 'payment');
  // o4: from the CLI, started as paid (no history move): closed and paid; Tono's.
  await order('o4', { product_id: topi, status: 'paid' }, { source: 'cli', actor: 'cli' });
  // o5: cancelled while pending; o6: invalid number; o9: COD completed (paid on delivery).
  await order('o5', { product_id: kaos, ad_params: { utm_source: 'fb', utm_campaign: 'promo2' } });
  await move('o5', ['pending', 'cancelled']);
  await order('o6', { product_id: kaos, payment_method: 'cod' });
  await move('o6', ['pending', 'invalid_no_hp']);
  await order('o9', { product_id: kaos, payment_method: 'cod' });
  await move('o9', ['pending', 'closing', 'shipped', 'completed']);
  // o7: spam, counted nowhere.
  await order('o7', { product_id: kaos, ad_params: ig });
  await move('o7', ['pending', 'closing']);
  await t.ctx.db.updateTable('orders').set({ spam: 1 }).where('id', '=', ids.o7!).execute();
  // o1 back and forth: a milestone once reached stays.
  await t.ctx.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', ids.o1!).execute();
  await move('o1', ['pending', 'completed']);

  await assign('o1', rani);
  await assign('o2', rani);
  await assign('o4', tono);
  // Follow-ups (minutes after creation): Rani pressed o1 at 20 and o2 at 180; the automation sent o1's at 10 and o5's at 45.
  for (const [name, minutes, automatic] of [['o1', 20, false], ['o2', 180, false], ['o1', 10, true], ['o5', 45, true]] as const) {
    await t.ctx.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', ids[name]!).execute();
    await followUp(name, minutes, automatic);
  }
  // Put back as they were (the follow-up is recorded only on a pending order).
  for (const [name, status] of [['o1', 'completed'], ['o2', 'cancelled'], ['o5', 'cancelled']] as const) {
    await t.ctx.db.updateTable('orders').set({ status }).where('id', '=', ids[name]!).execute();
  }
  // o8: the next day.
  clock.set(NOON + 24 * HOUR);
  await order('o8', { product_id: topi });
  clock.set(NOON);
  // Form views, as the beacon's flush writes them: on the day, 100 of Kaos with ig/promo1 and 50
  // without UTM, 30 of Topi; 1 of Kaos at 23:00 the day before (16:00 UTC), 7 of Topi the next day.
  const view = (at: number, productId: number, utm: [string, string], views: number) => ({
    tenant_id: tenantId, hour: Math.floor(at / HOUR), product_id: productId, utm_source: utm[0], utm_campaign: utm[1], views,
  });
  await t.ctx.writeTransaction((tx) =>
    addViews(tx, [
      view(NOON, kaos, ['ig', 'promo1'], 100), view(NOON - 3 * HOUR, kaos, ['', ''], 50), view(NOON + 5 * HOUR, topi, ['', ''], 30),
      view(NOON - 13 * HOUR, kaos, ['', ''], 1), view(NOON + 24 * HOUR, topi, ['', ''], 7),
    ]),
  );
});
afterAll(() => t.drop());

const DAY = 'from=2026-03-10&to=2026-03-10';

describe('GET /dashboard/api/insights', () => {
  it('gives the day\'s figures as worked out by hand', async () => {
    const { totals, rows } = await insights(owner, DAY);
    expect(rows).toEqual([]);
    expect(totals).toEqual({
      views: 180, // 100 + 50 + 30
      orders: 7, // o1-o6, o9 (o7 spam, o8 the next day)
      form_orders: 6, // all but o4 (the CLI's)
      closed: 5, // o1, o2, o3 (closing by payment), o4 (started paid), o9
      paid: 4, // o1, o3 (the gateway at closing), o4, o9 (COD completed); not o2 (COD returned)
      shipped: 3, // o1, o2, o9
      completed: 2, // o1, o9
      cancelled: 1, // o5
      returned: 1, // o2
      invalid: 1, // o6
      followed_up: 3, // o1, o2, o5
      revenue: 200_000, // o1 60,000 + o3 40,000 + o4 40,000 + o9 60,000
      conversion: 6 / 180,
      closing_rate: 5 / 7,
      paid_rate: 4 / 7,
      return_rate: 1 / 3,
    });
  });

  it('breaks them down by product, CS, UTM, payment method, courier and province', async () => {
    const pick = (rows: Array<Record<string, unknown>>, ...fields: string[]) => rows.map((r) => Object.fromEntries(['key', 'label', ...fields].map((f) => [f, r[f]])));
    expect(pick((await insights(owner, `${DAY}&by=product`)).rows, 'orders', 'paid', 'revenue', 'views')).toEqual([
      { key: String(kaos), label: 'Kaos', orders: 5, paid: 2, revenue: 120_000, views: 150 },
      { key: String(topi), label: 'Topi', orders: 2, paid: 2, revenue: 80_000, views: 30 },
    ]);
    const byCs = (await insights(owner, `${DAY}&by=cs`)).rows;
    expect(pick(byCs, 'orders', 'closed', 'returned', 'views')).toEqual([
      { key: '', label: 'Belum ada CS', orders: 4, closed: 2, returned: 0, views: null },
      { key: String(rani.userId), label: expect.any(String), orders: 2, closed: 2, returned: 1, views: null },
      { key: String(tono.userId), label: expect.any(String), orders: 1, closed: 1, returned: 0, views: null },
    ]);
    expect(byCs[1].return_rate).toBe(1 / 2);
    expect(pick((await insights(owner, `${DAY}&by=utm_source`)).rows, 'orders', 'form_orders', 'views', 'conversion')).toEqual([
      { key: '', label: '(tanpa UTM)', orders: 4, form_orders: 3, views: 80, conversion: 3 / 80 },
      { key: 'ig', label: 'ig', orders: 2, form_orders: 2, views: 100, conversion: 2 / 100 },
      // fb's order came without a counted view.
      { key: 'fb', label: 'fb', orders: 1, form_orders: 1, views: 0, conversion: null },
    ]);
    // A product seen and never ordered is a row too.
    const lonely = (await seedProduct(t.ctx, tenantId, { name: 'Sandal', price: 20_000 })).id;
    await t.ctx.writeTransaction((tx) => addViews(tx, [{ tenant_id: tenantId, hour: Math.floor(NOON / HOUR), product_id: lonely, utm_source: '', utm_campaign: '', views: 4 }]));
    expect(pick((await insights(owner, `${DAY}&by=product`)).rows, 'orders', 'views').at(-1)).toEqual({ key: String(lonely), label: 'Sandal', orders: 0, views: 4 });
    // Its views taken back out of the three tables.
    await t.ctx.db.deleteFrom('form_views').where('tenant_id', '=', tenantId).where('product_id', '=', lonely).execute();
    await t.ctx.db.deleteFrom('form_view_days').where('tenant_id', '=', tenantId).where('dimension', '=', 'product_id').where('value', '=', String(lonely)).execute();
    await t.ctx.db.updateTable('form_view_days').set((eb) => ({ views: eb('views', '-', 4) })).where('tenant_id', '=', tenantId).where('dimension', '<>', 'product_id').where('value', '=', '').where('day', '=', Math.floor(NOON / HOUR / 24)).execute();
    await t.ctx.db.updateTable('form_view_hours').set((eb) => ({ views: eb('views', '-', 4) })).where('tenant_id', '=', tenantId).where('hour', '=', Math.floor(NOON / HOUR)).execute();
    expect(pick((await insights(owner, `${DAY}&by=utm_campaign`)).rows, 'orders').map((r) => r.key)).toEqual(['', 'promo1', 'promo2']);
    expect(pick((await insights(owner, `${DAY}&by=payment_method`)).rows, 'orders', 'paid')).toEqual([
      { key: 'bank_transfer', label: 'Transfer bank', orders: 3, paid: 2 },
      { key: 'cod', label: 'COD', orders: 3, paid: 1 },
      { key: 'midtrans', label: 'Midtrans', orders: 1, paid: 1 },
    ]);
    expect(pick((await insights(owner, `${DAY}&by=courier`)).rows, 'orders', 'shipped')).toEqual([{ key: 'JNE', label: 'JNE', orders: 7, shipped: 3 }]);
    expect(pick((await insights(owner, `${DAY}&by=province`)).rows, 'orders')).toEqual([{ key: 'Jawa Barat', label: 'Jawa Barat', orders: 7 }]);
  });

  it('gives every day of the range in order, in the store\'s time zone', async () => {
    const { totals, rows } = await insights(owner, 'from=2026-03-09&to=2026-03-11&by=day');
    expect(totals.orders).toBe(8);
    expect(rows.map((r: { key: string; orders: number; views: number }) => [r.key, r.orders, r.views])).toEqual([['2026-03-09', 0, 1], ['2026-03-10', 7, 180], ['2026-03-11', 1, 7]]);
    expect(totals.views).toBe(188);
    // 2026-03-10 17:00 UTC is already the 11th in Jakarta.
    clock.set(Date.UTC(2026, 2, 10, 17, 30));
    await order('late', { product_id: topi });
    clock.set(NOON);
    const later = await insights(owner, 'from=2026-03-09&to=2026-03-11&by=day');
    expect(later.rows.map((r: { orders: number }) => r.orders)).toEqual([0, 7, 2]);
    // A range of many whole days adds the daily totals and the hours at its edges alike.
    expect((await insights(owner, 'from=2026-01-01&to=2026-12-31')).totals).toMatchObject({ orders: 9, views: 188 });
    // A breakdown kept per UTC day: the year's whole days from the daily rows (the day alone is all edge hours, counted from the orders).
    const perProduct = (await insights(owner, 'from=2026-01-01&to=2026-12-31&by=product')).rows.map((r: { key: string; orders: number; paid: number }) => [r.key, r.orders, r.paid]);
    expect(perProduct).toEqual([[String(kaos), 5, 2], [String(topi), 4, 2]]);
    expect((await insights(owner, 'from=2026-03-10&to=2026-03-11&by=product')).rows.map((r: { orders: number }) => r.orders)).toEqual([5, 4]);
    // The views of a breakdown over whole days (form_view_days) add up to the total, as over the days' hours.
    for (const by of ['product', 'utm_source', 'utm_campaign']) {
      const year = await insights(owner, `from=2026-01-01&to=2026-12-31&by=${by}`);
      const days = await insights(owner, `from=2026-03-09&to=2026-03-11&by=${by}`);
      const views = (rows: Array<{ key: string; views: number }>) => Object.fromEntries(rows.filter((r) => r.views > 0).map((r) => [r.key, r.views]));
      expect(views(year.rows), by).toEqual(views(days.rows));
      expect(year.rows.reduce((n: number, r: { views: number }) => n + r.views, 0), by).toBe(188);
    }
    expect((await insights(owner, 'from=2026-03-11&to=2026-12-31')).totals).toMatchObject({ orders: 2, views: 7 });
    expect((await insights(owner, 'from=2026-01-01&to=2026-03-09')).totals).toMatchObject({ orders: 0, views: 1 });
    await t.ctx.db.updateTable('orders').set({ spam: 1 }).where('id', '=', ids.late!).execute();
    expect((await insights(owner, 'from=2026-03-11&to=2026-12-31')).totals.orders).toBe(1);

    // A store in a zone whose offset changes: the day of 23 hours and the days around it.
    await t.ctx.db.updateTable('tenants').set({ time_zone: 'Europe/Berlin' }).where('id', '=', tenantId).execute();
    for (const [name, at] of [['spring1', Date.UTC(2026, 2, 28, 22, 30)], ['spring2', Date.UTC(2026, 2, 29, 21, 30)], ['spring3', Date.UTC(2026, 2, 29, 22, 30)]] as const) {
      clock.set(at);
      await order(name, { product_id: kaos });
    }
    clock.set(NOON);
    // 23:30 CET on the 28th; 23:30 CEST on the 29th (a day of 23 hours); 00:30 CEST on the 30th.
    const spring = await insights(owner, 'from=2026-03-27&to=2026-03-31&by=day');
    expect(spring.rows.map((r: { key: string; orders: number }) => [r.key, r.orders])).toEqual([['2026-03-27', 0], ['2026-03-28', 1], ['2026-03-29', 1], ['2026-03-30', 1], ['2026-03-31', 0]]);
    expect(spring.totals.orders).toBe(3);
    await t.ctx.db.updateTable('orders').set({ spam: 1 }).where('id', 'in', [ids.spring1!, ids.spring2!, ids.spring3!]).execute();
    await t.ctx.db.updateTable('tenants').set({ time_zone: null }).where('id', '=', tenantId).execute();
  });

  it('gives a CS the figures of their own orders only, and no views', async () => {
    const { totals, rows } = await insights(rani, `${DAY}&by=cs`);
    expect(totals).toMatchObject({ views: null, conversion: null, orders: 2, form_orders: 2, closed: 2, paid: 1, shipped: 2, completed: 1, returned: 1, revenue: 60_000 });
    expect(rows.map((r: { key: string; orders: number }) => [r.key, r.orders])).toEqual([[String(rani.userId), 2]]);
    expect((await insights(rani, `${DAY}&by=product`)).rows.map((r: { orders: number; views: unknown }) => [r.orders, r.views])).toEqual([[2, null]]);
    expect((await insights(tono, DAY)).totals.orders).toBe(1);
  });

  it('follows a reassignment: the order moves to its new CS', async () => {
    await assign('o2', tono);
    expect((await insights(rani, DAY)).totals.orders).toBe(1);
    expect((await insights(tono, DAY)).totals).toMatchObject({ orders: 2, returned: 1 });
    await assign('o2', rani);
    expect((await insights(rani, DAY)).totals.orders).toBe(2);
  });

  it('refuses a bad date, from after to, a range over 366 days and an unknown breakdown, naming the field', async () => {
    for (const [query, field] of [
      ['to=2026-03-10', 'from'],
      ['from=2026-03-10', 'to'],
      ['from=2026-02-30&to=2026-03-10', 'from'],
      ['from=2026-3-1&to=2026-03-10', 'from'],
      ['from=2026-03-11&to=2026-03-10', 'from'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      [`${DAY}&by=week`, 'by'],
      [`${DAY}&extra=1`, 'extra'],
    ] as const) {
      for (const path of ['/dashboard/api/insights', '/dashboard/api/insights.csv', '/dashboard/api/insights/follow-up']) {
        if (path.endsWith('follow-up') && query.includes('by=')) continue;
        const res = await get(owner, `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(422);
        expect(res.json().code).toBe('invalid_request');
        expect(Object.keys(res.json().fields), `${path}?${query}`).toEqual([field]);
      }
    }
    // 366 days is the most.
    expect((await get(owner, '/dashboard/api/insights?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/dashboard/api/insights?${DAY}` })).statusCode).toBe(401);
  });
});

describe('GET /dashboard/api/insights/follow-up', () => {
  it('gives per CS the orders followed up and the median and p90 minutes to the first press and to the first automated message', async () => {
    const res = await get(owner, `/dashboard/api/insights/follow-up?${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      // o5's automated message at 45 minutes, in the bucket 30-60: median 45, p90 57.
      { cs: '', label: 'Belum ada CS', orders: 4, followed_up: 1, manual: { median_minutes: null, p90_minutes: null }, automated: { median_minutes: 45, p90_minutes: 57 } },
      // Presses at 20 (bucket 15-30) and 180 (120-240): the median at the top of the first, p90 at 0.8 of the second; o1's message at 10 (5-15).
      { cs: String(rani.userId), label: expect.any(String), orders: 2, followed_up: 2, manual: { median_minutes: 30, p90_minutes: 216 }, automated: { median_minutes: 10, p90_minutes: 14 } },
      { cs: String(tono.userId), label: expect.any(String), orders: 1, followed_up: 0, manual: { median_minutes: null, p90_minutes: null }, automated: { median_minutes: null, p90_minutes: null } },
    ]);
    const own = await get(rani, `/dashboard/api/insights/follow-up?${DAY}`);
    expect(own.json().rows.map((r: { cs: string }) => r.cs)).toEqual([String(rani.userId)]);
  });
});

describe('the CSV files', () => {
  it('write the totals and rows with a BOM, semicolons, decimal commas and the formula guard', async () => {
    await order('formula', { product_id: kaos, ad_params: { utm_source: 'ig', utm_campaign: '=HYPERLINK("x")' } });
    const res = await get(owner, `/dashboard/api/insights.csv?${DAY}&by=utm_campaign`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="laporan-utm_campaign-2026-03-10-2026-03-10.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFKunci;Nama;Kunjungan form;Pesanan;')).toBe(true);
    // Total: 8 orders, closing rate 5/8 = 0,6250.
    expect(lines[1]).toMatch(/^total;Total;180;8;7;5;/);
    expect(lines[1]).toContain(';0,6250;');
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"")";"'=HYPERLINK(""x"")";`))).toBe(true);
    const followUps = await get(owner, `/dashboard/api/insights/follow-up.csv?${DAY}`);
    expect(followUps.body.split('\r\n')[0]).toBe('\uFEFFKunci;CS;Pesanan;Sudah di-follow up;Follow up manual, median (menit);Follow up manual, p90 (menit);Follow up otomatis, median (menit);Follow up otomatis, p90 (menit)');
    expect(followUps.body).toContain(`;2;2;30;216;10;14`);
  });
});
