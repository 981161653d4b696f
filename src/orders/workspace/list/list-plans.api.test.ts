// The query plans of the orders list and its counts (issue 32 §6; docs/performance.md, "The
// orders list"), on SQLite (EXPLAIN QUERY PLAN) and PostgreSQL (EXPLAIN) over a seeded store
// with its statistics gathered: each shape reads the index chosen for it, never the whole
// orders table, and the name search keeps its `id IN (SELECT rowid ...)` shape on SQLite. A
// change that loses an index or a shape fails here before it is slow at a million orders.
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedMember } from '../../../../test/dashboard-helpers.js';
import { backend, seedProduct, seedStore, startTestApp } from '../../../../test/helpers.js';
import { daysQuery, pairQuery } from '../../../counts/read-counters.js';
import { cappedQuery, followedSinceQuery, latestNamedQuery, tallyQuery } from './count-orders.js';
import { LIST_WALK_WINDOW, listOrdersQuery, nextMessagesQuery, optedOutQuery } from './list-orders.js';
import { olderMatchesQuery, walkQuery } from './name-search.js';
import { readOrderFilters, type FilterQuery, type SearchPlan } from './order-filters.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';
import { latestOrderOfPhone } from '../../../rotation/assign-new-order.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let cs: number;
let sample: { product: number; courier: string; province: string; utmSource: string; utmCampaign: string; phone: string; resi: string; id: number; name: string };

const FIRST = ['Siti', 'Ani', 'Budi', 'Dewi', 'Agus', 'Rina', 'Joko', 'Sri', 'Eko', 'Wati', 'Putri', 'Andi', 'Rizky', 'Fitri', 'Dian', 'Hendra', 'Yusuf', 'Nur', 'Indah', 'Bayu'];
const LAST = ['Aminah', 'Santoso', 'Lestari', 'Wijaya', 'Saputra', 'Hidayat', 'Kurniawan', 'Rahayu', 'Pratama', 'Susanti', 'Nugroho', 'Setiawan', 'Siregar', 'Nasution', 'Lubis'];
const COURIERS = ['JNE', 'J&T', 'SiCepat', 'AnterAja', 'Ninja', 'ID Express', 'POS Indonesia', 'SAP', 'Lion Parcel', 'Wahana'];
const PROVINCES = ['Jawa Barat', 'Jawa Timur', 'Jawa Tengah', 'DKI Jakarta', 'Banten', 'Sumatera Utara', 'Sulawesi Selatan', 'Bali', 'Riau', 'Lampung'];
const STATUSES = ['completed', 'completed', 'completed', 'completed', 'shipped', 'shipped', 'paid', 'pending', 'closing', 'cancelled', 'invalid_no_hp'];

/**
 * `count` orders of a store in one statement, spread over 180 days, their values taken in turn
 * from small lists (names, couriers, provinces, payment methods, UTM, products, CS): the size at
 * which PostgreSQL's planner chooses as it does at a million orders (it reads a few thousand
 * rows whole). The triggers of migration 020 fill the counters and the name index as for any order.
 */
async function bulkOrders(store: number, products: number[], members: number[], count: number, first: number): Promise<void> {
  const pick = (list: readonly (string | number)[], step: number) => {
    const items = list.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ');
    const index = `(i * ${step} + i / ${list.length}) % ${list.length}`;
    return backend === 'sqlite' ? `(select value from json_each('[${items.replace(/'/g, '"')}]') where key = ${index})` : `(array[${items}])[1 + ${index}]`;
  };
  const series =
    backend === 'sqlite'
      ? `(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${count - 1}) select i from s) s`
      : `generate_series(0::bigint, ${count - 1}) as s(i)`;
  const status = pick(STATUSES, 7);
  await sql
    .raw(
      `insert into orders (tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, resi, status,
        customer_name, customer_phone, customer_address, customer_province, created_at, updated_at, assigned_user_id, utm_source, utm_campaign, source)
      select ${store}, ${pick(products, 3)}${backend === 'postgres' ? '::bigint' : ''}, 'Kaos', '', 1, 50000, 60000, 10000, ${pick(COURIERS, 3)}, ${pick(['bank_transfer', 'cod', 'gateway'], 1)},
        case when ${status} in ('shipped', 'completed') then 'JP' || (1000000000 + i) else null end, ${status},
        ${pick(FIRST, 7)} || ' ' || ${pick(LAST, 11)}, '62812' || (10000000 + i % 5000), 'Jl. Mawar 1', ${pick(PROVINCES, 3)},
        ${first} + i * 300000, ${first}, ${pick(members, 5)}${backend === 'postgres' ? '::bigint' : ''},
        ${pick(['facebook', 'instagram', 'tiktok', 'google'], 3)}, ${pick(['lebaran', 'harbolnas', 'gajian', 'ramadan', 'akhir-tahun', 'flash-sale'], 5)}, 'system'
      from ${series}`,
    )
    .execute(t.ctx.db);
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {})).tenantId;
  cs = (await seedMember(t.ctx, tenantId, 'cs')).userId;
  const cs2 = (await seedMember(t.ctx, tenantId, 'cs')).userId;
  const products = [];
  for (const name of ['Kaos', 'Topi', 'Tas', 'Jaket']) products.push((await seedProduct(t.ctx, tenantId, { name, price: 50000 })).id);
  const start = Date.UTC(2026, 0, 1);
  await bulkOrders(tenantId, products, [cs, cs2], 50_000, start);
  // A second store beside it, as in production: every plan must keep to its store.
  const other = (await seedStore(t.ctx, {})).tenantId;
  const otherProduct = (await seedProduct(t.ctx, other, { name: 'Kaos', price: 50000 })).id;
  await bulkOrders(other, [otherProduct], [(await seedMember(t.ctx, other, 'cs')).userId], 5_000, start);
  // PostgreSQL's autovacuum gathers statistics soon; Lapak runs no ANALYZE on SQLite, whose
  // planner then goes by the schema alone, as it does here.
  // Automated messages (issue 41): fu1 and fu2 of every fourth order, sent or still planned.
  await sql
    .raw(
      `insert into messages (tenant_id, order_id, step, state, due_at, next_at, created_at, updated_at)
      select tenant_id, id, step.name, case when id % 3 = 0 then 'planned' else 'sent' end, created_at + 3600000, created_at + 3600000, created_at, created_at
      from orders, (select 'fu1' as name union all select 'fu2') step where id % 4 = 0`,
    )
    .execute(t.ctx.db);
  // Buyers' replies waiting (issue 42): a few orders of each store, as a day's unanswered replies are.
  await sql.raw(`update orders set buyer_reply_at = created_at + 60000 where id % 500 = 0`).execute(t.ctx.db);
  await sql.raw(`insert into opt_outs (tenant_id, phone, how, created_at) select distinct tenant_id, customer_phone, 'keyword', 0 from orders where id % 1000 = 0`).execute(t.ctx.db);
  // Risky orders (issue 43): one in twelve flagged, one in a hundred spam.
  await sql.raw(`update orders set flags = case when id % 24 = 0 then 'cod_risk,duplicate' else 'duplicate' end where id % 12 = 0`).execute(t.ctx.db);
  await sql.raw(`update orders set spam = 1 where id % 100 = 7`).execute(t.ctx.db);
  if (backend === 'postgres') await sql`analyze`.execute(t.ctx.db);
  const row = await t.ctx.db.selectFrom('orders').selectAll().where('tenant_id', '=', tenantId).where('resi', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  sample = {
    product: Number(row.product_id), courier: row.courier, province: row.customer_province, utmSource: row.utm_source!, utmCampaign: row.utm_campaign!,
    phone: row.customer_phone, resi: row.resi!, id: Number(row.id), name: row.customer_name.split(' ')[0]!,
  };
}, 120_000);
afterAll(() => t.drop());

async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  if (backend === 'sqlite') {
    const explained = await t.ctx.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
    return explained.rows.map((r) => r.detail).join('\n');
  }
  return t.ctx.db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const explained = await tx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
    return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const ALL: OrderScope = { kind: 'all' };
/** The clock of the follow-up filters: after every seeded order (they span 2026-01-01 to late June). */
const NOW = Date.UTC(2026, 6, 1);
const filtersOf = (query: FilterQuery) => {
  const read = readOrderFilters(query, 'Asia/Jakarta', NOW);
  if (!read.ok) throw new Error(read.code);
  return read.value;
};
const listPlan = (query: FilterQuery, options: { status?: OrderStatus; scope?: OrderScope; after?: boolean; namePlan?: SearchPlan } = {}) =>
  planOf(
    listOrdersQuery(
      t.ctx.db,
      tenantId,
      options.scope ?? ALL,
      { status: options.status ?? null, filters: filtersOf(query), after: options.after ? { key: Date.now(), id: 1_000_000 } : null, limit: 50 },
      options.namePlan ?? 'matches',
    ),
  );

/** No full read of orders: SQLite's SCAN (of the table or of a whole index), PostgreSQL's Seq Scan. */
function expectNoFullScan(plan: string): void {
  if (backend === 'sqlite') expect(plan).not.toMatch(/\bSCAN orders\b/);
  else expect(plan).not.toMatch(/Seq Scan on orders\b/);
}

/** Nor of every order of the store: an index searched by the store alone (no LIMIT saves a count or a search's sort from reading it all). */
function expectNoStoreScan(plan: string): void {
  expectNoFullScan(plan);
  if (backend === 'sqlite') expect(plan).not.toMatch(/SEARCH orders USING (COVERING )?INDEX \w+ \(tenant_id=\?\)/);
  else expect(plan).not.toMatch(/Index Cond: \(tenant_id = '\d+'::bigint\)\n/);
}

/** Reads orders through this index (SQLite: SEARCH ... USING [COVERING] INDEX; PostgreSQL: an index or bitmap scan on it). */
function expectIndex(plan: string, index: string): void {
  expectNoFullScan(plan);
  if (backend === 'sqlite') expect(plan).toMatch(new RegExp(`SEARCH orders USING (COVERING )?INDEX ${index}\\b`));
  else expect(plan).toMatch(new RegExp(`(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) ${index}\\b`));
}

it('walks the index of each list shape newest first, first page and next', async () => {
  const shapes: Array<[FilterQuery, Parameters<typeof listPlan>[1], string]> = [
    [{}, {}, 'orders_tenant_created'],
    [{ from: '2026-01-01', to: '2026-01-31' }, {}, 'orders_tenant_created'],
    [{}, { status: 'paid' }, 'orders_tenant_status_created'],
    [{ product_id: sample.product }, {}, 'orders_tenant_product_created'],
    [{ cs: String(cs) }, {}, 'orders_tenant_assigned_created'],
    // Unassigned: SQLite takes IS NULL as an equality on 019's index; PostgreSQL does not, and
    // reads 028's partial index of the unassigned orders instead of sorting them all.
    [{ cs: 'none' }, {}, backend === 'sqlite' ? 'orders_tenant_assigned_created' : 'orders_tenant_unassigned_created'],
    [{}, { scope: { kind: 'assigned', userId: cs } }, 'orders_tenant_assigned_created'],
    [{ payment_method: 'cod' }, {}, 'orders_tenant_payment_created'],
    [{ courier: sample.courier }, {}, 'orders_tenant_courier_created'],
    [{ province: sample.province }, {}, 'orders_tenant_province_created'],
    [{ utm_source: sample.utmSource }, {}, 'orders_tenant_utm_source_created'],
    [{ utm_campaign: sample.utmCampaign }, {}, 'orders_tenant_utm_campaign_created'],
  ];
  for (const [query, options, index] of shapes) {
    for (const after of [false, true]) {
      const plan = await listPlan(query, { ...options, after });
      expectIndex(plan, index);
      // Newest first from the index itself: no sort of the store's orders.
      if (backend === 'sqlite') expect(plan, JSON.stringify(query)).not.toMatch(/TEMP B-TREE/);
      else expect(plan, JSON.stringify(query)).not.toMatch(/Sort Key/);
    }
  }
});

it('finds an order number, a phone and a resi through their indexes, alone or with a tab or a filter', async () => {
  for (const narrowing of [{}, { status: 'paid' as const }, { product_id: sample.product }]) {
    const { status, ...filters } = { status: undefined, ...narrowing };
    for (const after of [false, true]) {
      const byNumber = await listPlan({ q: String(sample.id), ...filters }, { status, after });
      expectNoStoreScan(byNumber);
      expect(byNumber).toMatch(backend === 'sqlite' ? /INTEGER PRIMARY KEY/ : /orders_pkey/);
      const byPhone = await listPlan({ q: `0${sample.phone.slice(2)}`, ...filters }, { status, after });
      expectNoStoreScan(byPhone);
      expectIndex(byPhone, 'orders_tenant_phone');
      const byResi = await listPlan({ q: sample.resi.toLowerCase(), ...filters }, { status, after });
      expectNoStoreScan(byResi);
      expectIndex(byResi, 'orders_tenant_resi');
      // The end of the phone, as a CS hears it read out (issue 40 §2): the index of the last four digits.
      const byTail = await listPlan({ q: `${sample.phone.slice(-8, -4)}-${sample.phone.slice(-4)}`, ...filters }, { status, after });
      expectNoStoreScan(byTail);
      expectIndex(byTail, 'orders_tenant_phone_tail');
    }
  }
  const tailCount = await planOf(tallyQuery(t.ctx.db, tenantId, ALL, filtersOf({ q: sample.phone.slice(-6) })));
  expectNoStoreScan(tailCount);
  expectIndex(tailCount, 'orders_tenant_phone_tail');
});

it("searches the buyer's name: a page walks the newest orders, the rest and the export through the trigram index (IN (SELECT rowid ...) on SQLite)", async () => {
  const plans =
    backend === 'sqlite'
      ? [await listPlan({ q: sample.name }, { namePlan: 'matches' }), await listPlan({ q: sample.name }, { namePlan: 'matches', status: 'paid' }), await listPlan({ q: sample.name }, { namePlan: 'walk' })]
      : [];
  for (const plan of plans) {
    expectNoFullScan(plan);
    // The FTS table as a list subquery, never a join that probes it for each order.
    expect(plan).toMatch(/LIST SUBQUERY \d+\n(.*\n)*SCAN orders_name_fts VIRTUAL TABLE/);
  }
  // name-search.ts (the list's page): the walk reads the list's own index newest first and stops
  // (a Limit over it, the window); the older matches are read through the name's index (PostgreSQL
  // a bitmap, SQLite the FTS table as a list subquery), never by a walk of the store.
  const filters = filtersOf({ q: sample.name });
  for (const [query, index] of [[{}, 'orders_tenant_created'], [{ product_id: sample.product }, 'orders_tenant_product_created']] as const) {
    const narrowed = { ...filters, ...filtersOf(query), search: filters.search };
    const walk = await planOf(walkQuery(t.ctx.db, tenantId, ALL, narrowed, null, null, 51, LIST_WALK_WINDOW, ['orders.id', 'orders.created_at']));
    expectNoFullScan(walk);
    const older = await planOf(olderMatchesQuery(t.ctx.db, tenantId, ALL, narrowed, null, { key: Date.now(), id: 1_000_000 }, 51, ['orders.id', 'orders.created_at']));
    expectNoFullScan(older);
    if (backend === 'postgres') {
      expect(walk).toMatch(new RegExp(`Limit .*\\n(.*\\n)*\\s+->\\s+Index Scan Backward using ${index}`));
      // Unfiltered, the trigram index; under a filter its own index may serve as well (a bitmap: no walk).
      expect(older).toMatch(index === 'orders_tenant_created' ? /Bitmap Index Scan on orders_name_trgm/ : new RegExp(`Bitmap Index Scan on (orders_name_trgm|${index})`));
      expect(older).not.toMatch(/Index Scan Backward/);
    } else {
      expect(walk).toMatch(new RegExp(`SEARCH orders USING INDEX ${index} \\(tenant_id=\\?`));
      expect(walk).not.toMatch(/orders_name_fts/);
      expectNoStoreScan(older);
      expect(older).toMatch(/LIST SUBQUERY \d+\n(.*\n)*SCAN orders_name_fts VIRTUAL TABLE/);
    }
  }

  if (backend === 'sqlite') {
    // Few matches: read the matches by id and sort them. Many: walk the list's index and test each order.
    for (const plan of plans.slice(0, 2)) {
      expectNoStoreScan(plan);
      expect(plan).toMatch(/SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
    expect(plans[2]).toMatch(/SEARCH orders USING INDEX orders_tenant_created \(tenant_id=\?\)/);
  }
});

it('counts from the counters, or through the filter index and the trigram index', async () => {
  const counters = await planOf(daysQuery(t.ctx.db, tenantId, { dimension: 'courier', value: sample.courier }, 0, Date.now()));
  expect(counters).toMatch(backend === 'sqlite' ? /SEARCH order_counts USING PRIMARY KEY \(tenant_id=\? AND dimension=\? AND value=\? AND day>\? AND day<\?\)/ : /order_counts_pk/);
  const twoFilters = await planOf(tallyQuery(t.ctx.db, tenantId, ALL, filtersOf({ product_id: sample.product, courier: sample.courier })));
  expectNoStoreScan(twoFilters);
  expect(twoFilters).toMatch(/orders_tenant_(product|courier)_created/);
  const pair = await planOf(pairQuery(t.ctx.db, tenantId, { kind: 'pair', dimensions: ['product_id', 'courier'], values: [String(sample.product), sample.courier] }));
  expect(pair).toMatch(backend === 'sqlite' ? /SEARCH order_pair_counts USING PRIMARY KEY \(tenant_id=\? AND dimensions=\? AND value=\?\)/ : /order_pair_counts_pk/);
  // A name search counts 1,001 of the store's matches at most.
  if (backend === 'sqlite') {
    // The latest entered: the trigram index read backwards drives, each match's order found by
    // its id, no sort (the read stops at the store's 1,001st).
    const latest = await planOf(latestNamedQuery(t.ctx.db, tenantId, ALL, filtersOf({}), sample.name));
    expect(latest).toMatch(/SCAN f VIRTUAL TABLE INDEX \d+:M.*\n(.*\n)*SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(latest).not.toMatch(/TEMP B-TREE/);
    expectNoStoreScan(latest);
  } else {
    // The newest: PostgreSQL may read the name's matches by the trigram index, or walk the store
    // newest first and stop at the 1,001st match (a Limit over the walk).
    const named = await planOf(cappedQuery(t.ctx.db, tenantId, ALL, filtersOf({ q: sample.name })));
    expectNoFullScan(named);
    if (!/orders_name_trgm/.test(named)) expect(named).toMatch(/Limit .*\n\s+->\s+Index Scan Backward using orders_tenant_created/);
  }
  const csFilter = await planOf(tallyQuery(t.ctx.db, tenantId, { kind: 'assigned', userId: cs }, filtersOf({ payment_method: 'cod' })));
  expectNoStoreScan(csFilter);
  const byPhone = await planOf(tallyQuery(t.ctx.db, tenantId, ALL, filtersOf({ q: `0${sample.phone.slice(2)}` })));
  expectNoStoreScan(byPhone);
  expectIndex(byPhone, 'orders_tenant_phone');
});

it("the CS rotation's sticky buyer: the latest earlier order of a phone is a probe of orders_tenant_phone, read backwards", async () => {
  const plan = await planOf(latestOrderOfPhone(t.ctx.db, tenantId, sample.phone, 2 ** 40));
  expectIndex(plan, 'orders_tenant_phone');
  // No sort: the index gives the newest first.
  expect(plan).not.toMatch(backend === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
});

it("finds who to chase next through an index: never followed up by its partial index, stale through the pending tab's", async () => {
  for (const after of [false, true]) {
    expectIndex(await listPlan({ followed_up: 'none' }, { after }), 'orders_tenant_not_followed_created');
    for (const status of [undefined, 'pending' as const]) {
      const stale = await listPlan({ stale_hours: 24 }, { status, after });
      expectIndex(stale, 'orders_tenant_status_created');
      if (backend === 'sqlite') expect(stale).not.toMatch(/TEMP B-TREE/);
      else expect(stale).not.toMatch(/Sort Key/);
    }
    expectNoStoreScan(await listPlan({ followed_up: 'none', stale_hours: 24 }, { after }));
  }
  // The stale count's one read of orders: the pending orders followed up since the cut-off,
  // through the index of the last follow-up (the rest are folded counters).
  const followedSince = await planOf(followedSinceQuery(t.ctx.db, tenantId, ALL, filtersOf({ to: '2100-01-01' }), Date.now() - 48 * 3_600_000));
  expectNoStoreScan(followedSince);
  expectIndex(followedSince, 'orders_tenant_follow_up_last');
});

it("reads the page's next automated messages by the page's ids through messages_order_step, apart from the orders' query", async () => {
  const ids = (await t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).orderBy('id', 'desc').limit(fixedLimit(50)).execute()).map((r) => Number(r.id));
  const plan = await planOf(nextMessagesQuery(t.ctx.db, tenantId, ids));
  if (backend === 'sqlite') expect(plan).toMatch(/SEARCH messages USING (COVERING )?INDEX messages_order_step \(tenant_id=\? AND order_id=\?\)/);
  else expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) messages_order_step\b/);
  expect(plan).not.toMatch(backend === 'sqlite' ? /\bSCAN messages\b/ : /Seq Scan on messages\b/);
});

it('reads the replies waiting ("balasan baru") through their partial index, the list and its counts, alone or with a tab, a filter or a CS', async () => {
  for (const after of [false, true]) {
    for (const [query, options] of [
      [{ reply: 'new' }, {}],
      [{ reply: 'new' }, { status: 'pending' }],
      [{ reply: 'new', payment_method: 'cod' }, {}],
      [{ reply: 'new' }, { scope: { kind: 'assigned', userId: cs } }],
    ] as Array<[FilterQuery, Parameters<typeof listPlan>[1]]>) {
      // The partial index holds only the replies waiting: read by the store alone, then sorted.
      expectIndex(await listPlan(query, { ...options, after }), 'orders_tenant_buyer_reply');
    }
  }
  for (const scope of [ALL, { kind: 'assigned', userId: cs } as const]) {
    expectIndex(await planOf(tallyQuery(t.ctx.db, tenantId, scope, filtersOf({ reply: 'new' }))), 'orders_tenant_buyer_reply');
  }
});

it('reads the flagged orders ("Perlu dicek", a flag) from their covering index alone, under any filters and a CS; the spam orders through theirs', async () => {
  const views: Array<[FilterQuery, OrderScope]> = [
    [{ flag: 'any' }, ALL],
    [{ flag: 'duplicate', product_id: sample.product }, ALL],
    [{ flag: 'any', payment_method: 'cod', courier: sample.courier }, ALL],
    [{ flag: 'cod_risk', cs: 'none', followed_up: 'none' }, ALL],
    [{ flag: 'any', utm_source: sample.utmSource }, { kind: 'assigned', userId: cs }],
    [{ flag: 'any', from: '2026-02-01', to: '2026-03-31', province: sample.province }, ALL],
  ];
  // SQLite's plan is written into the query (order-filters.ts); PostgreSQL's planner chooses from
  // its statistics (an index of fewer rows where it has one, never a sequential scan).
  const expectRead = (plan: string, index: string) => (backend === 'sqlite' ? expectIndex(plan, index) : expectNoFullScan(plan));
  for (const [query, scope] of views) {
    const counted = await planOf(tallyQuery(t.ctx.db, tenantId, scope, filtersOf(query)));
    expectRead(counted, 'orders_tenant_flagged');
    // SQLite reads no order row: the index holds every column the count tests.
    if (backend === 'sqlite') expect(counted).toMatch(/USING COVERING INDEX orders_tenant_flagged/);
    for (const after of [false, true]) expectRead(await listPlan(query, { scope, after }), 'orders_tenant_flagged');
  }
  expectIndex(await planOf(tallyQuery(t.ctx.db, tenantId, ALL, filtersOf({ flag: 'any' }))), 'orders_tenant_flagged');
  expectRead(await listPlan({ spam: 'only' }), 'orders_tenant_spam_created');
  const spamCount = await planOf(tallyQuery(t.ctx.db, tenantId, ALL, filtersOf({ spam: 'only', courier: sample.courier })));
  expectRead(spamCount, 'orders_tenant_spam_created');
  if (backend === 'sqlite') expect(spamCount).toMatch(/USING COVERING INDEX orders_tenant_spam_created/);
});

it("reads the page's opted-out phones by the opt-out list's primary key", async () => {
  const phones = (await t.ctx.db.selectFrom('orders').select('customer_phone').where('tenant_id', '=', tenantId).orderBy('id', 'desc').limit(fixedLimit(50)).execute()).map((r) => r.customer_phone);
  const plan = await planOf(optedOutQuery(t.ctx.db, tenantId, [...new Set(phones)]));
  if (backend === 'sqlite') expect(plan).toMatch(/SEARCH opt_outs USING (COVERING )?INDEX sqlite_autoindex_opt_outs_1 \(tenant_id=\? AND phone=\?\)|SEARCH opt_outs USING PRIMARY KEY/);
  else expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) opt_outs_pk\b/);
  expect(plan).not.toMatch(backend === 'sqlite' ? /\bSCAN opt_outs\b/ : /Seq Scan on opt_outs\b/);
});
