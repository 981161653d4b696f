// `lapak demo orders`: fills a store with made-up orders (demo-orders.ts) for trying the
// orders workspace, insights and measuring them. The orders are placed on the form and changed
// by `system` (a CS's presses by the CS): no events, no webhook, no message to anyone; each has
// its history (created, the assignment, follow-ups, its status moves). Written in time order
// with multi-row inserts, many to a transaction: the services insert one row per statement, far
// too slow for a million orders. Each transaction folds its own changes into the tab counters
// and insights' totals and leaves none in the change feed (no message is planned, no live list
// hears of them: seeding is no real change). Each transaction also adds the form views
// behind its orders (more views than orders for every product, hour and UTM values: a
// conversion of 2 to 8 %) in one upsert, as the views' flush does (src/insights/form-views/).
import { CompiledQuery } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { isPostgres, type Db, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { OrderFlagTable, OrderHistoryTable, OrderTable } from '../lib/db/schema.js';
import { flagsText } from '../orders/risk/flags.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { shownName } from '../orders/core/member-actor.js';
import { createProduct } from '../products/create-product.js';
import { countsConsumer } from '../counts/fold-counts.js';
import { insightsConsumer } from '../insights/fold-insights.js';
import { foldOnce, type FeedConsumer } from '../feed/consumer.js';
import { foldOwnChanges, ownChangesStart } from '../feed/fold-own-changes.js';
import { addViews, epochHour, type ViewRow } from '../insights/form-views/count-views.js';
import { toProduct, type Product } from '../products/product-record.js';
import { parseVariant, unitPrice } from '../products/variant-prices.js';
import { demoOrders, DEFAULT_COURIERS, type DemoCourier, type DemoOrder, type DemoProduct, type DemoStore } from './demo-orders.js';

/** The consumers a seeding folds its own changes into (no messages are planned for demo orders). */
export const SEEDING_CONSUMERS: readonly FeedConsumer[] = [countsConsumer, insightsConsumer];

export interface SeedOrdersInput {
  tenantId: number;
  count: number;
  /** The orders are spread over this many days before now. */
  days: number;
  /** The same seed (and the same store and clock) gives the same orders. */
  seed: number;
}

export type SeedOrdersCode = 'tenant_not_found' | 'invalid_count' | 'invalid_days';

export const MAX_COUNT = 10_000_000;
export const MAX_DAYS = 3_650;

/** Who the history names for every demo change: source `system`, Lapak itself, no person behind it. */
export const DEMO_ACTOR = 'system';

// The columns each insert writes, in the order of its values.
const ORDER_COLUMNS = [
  'tenant_id', 'product_id', 'product_name', 'variant', 'quantity', 'unit_price', 'total', 'shipping_fee', 'courier', 'payment_method',
  'resi', 'status', 'customer_name', 'customer_phone', 'customer_email', 'customer_address', 'customer_village', 'customer_district',
  'customer_city', 'customer_province', 'customer_postal_code', 'ad_params', 'created_at', 'updated_at', 'source', 'assigned_user_id',
  'utm_source', 'utm_campaign', 'flags', 'follow_up_count', 'follow_up_last_step', 'follow_up_last_at', 'follow_up_last_automatic',
  'first_manual_follow_up_at', 'first_auto_follow_up_at', 'first_closed_at', 'first_paid_at', 'first_shipped_at', 'first_completed_at',
] as const satisfies ReadonlyArray<keyof OrderTable>;
const FLAG_COLUMNS = ['tenant_id', 'order_id', 'flag', 'reason', 'related_order_id', 'created_at', 'dismissed_at', 'dismissed_by'] as const satisfies ReadonlyArray<keyof OrderFlagTable>;
const HISTORY_COLUMNS = [
  'tenant_id', 'order_id', 'source', 'actor', 'actor_user_id', 'field', 'old_value', 'new_value', 'created_at',
] as const satisfies ReadonlyArray<keyof OrderHistoryTable>;

// Rows a statement: under SQLite's 32,766 variables (39 x 800 and 9 x 3,500) and
// PostgreSQL's 65,535. A transaction holds TRANSACTION_ORDERS orders with their history: few
// enough that SQLite's write lock is free again within a second for a server beside it.
const ORDERS_A_STATEMENT = 800;
const HISTORY_A_STATEMENT = 3_500;
const TRANSACTION_ORDERS = 5_000;

// Three products of the kinds a new store sells, for a store that has none yet.
const STARTER_PRODUCTS = [
  { name: 'Madu Hutan 500 ml', price: 85000, sale_price: 120000 },
  {
    name: 'Hijab Voal Premium',
    price: 65000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Navy', 'Mocca', 'Dusty Pink'] }],
    variant_prices: [65000, 65000, 70000, 70000],
  },
  {
    name: 'Kaos Polos Cotton Combed',
    price: 75000,
    variants: [
      { dimension: 'Warna', options: ['Hitam', 'Putih', 'Navy'] },
      { dimension: 'Ukuran', options: ['M', 'L', 'XL'] },
    ],
    variant_prices: [[75000, 75000, 80000], [75000, 75000, 80000], [75000, 75000, 80000]],
  },
];
// A product's combinations used at most (a product with 3 x 10 x 10 options keeps its first ones).
const VARIANTS_KEPT = 24;

export async function seedOrders(
  db: Db,
  clock: Clock,
  input: SeedOrdersInput,
): Promise<Outcome<{ tenant_id: number; orders: number; products_created: number }, SeedOrdersCode>> {
  const { tenantId, count, days, seed } = input;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_COUNT) return refuse('invalid_count', `count must be a whole number from 1 to ${MAX_COUNT}`);
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_DAYS) return refuse('invalid_days', `days must be a whole number from 1 to ${MAX_DAYS}`);
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  // Demo orders are never messaged: each batch folds its own feed rows and deletes them in its
  // transaction (below), so the messaging planner never sees them.

  let products = await storeProducts(db, tenantId);
  let created = 0;
  if (products.length === 0) {
    for (const input of STARTER_PRODUCTS) {
      const made = await createProduct(db, clock, tenantId, input);
      if (!made.ok) throw new Error(`demo product: ${made.failure.error}`);
      created += 1;
    }
    products = await storeProducts(db, tenantId);
  }
  const store: DemoStore = { products, cs: await csMembers(db, tenantId), couriers: await couriers(db, tenantId) };
  const orders = demoOrders(store, { count, days, seed, now: clock.now() });

  // The consumers started (their backfills, over the orders already there, before these): each
  // batch folds its own changes into the counters and totals and leaves none in the feed.
  for (const consumer of SEEDING_CONSUMERS) await foldOnce({ db, writeTransaction: (work) => db.transaction().execute(work) }, consumer, clock);
  let written = 0;
  while (written < count) {
    const batch = Math.min(TRANSACTION_ORDERS, count - written);
    await db.transaction().execute(async (tx) => {
      const start = await ownChangesStart(tx);
      const views = new Map<string, ViewRow>();
      for (let done = 0; done < batch; done += ORDERS_A_STATEMENT) {
        const planned = Array.from({ length: Math.min(ORDERS_A_STATEMENT, batch - done) }, () => orders.next());
        await writeOrders(tx, tenantId, planned);
        for (const order of planned) addOrderViews(views, tenantId, order);
      }
      // TRANSACTION_ORDERS orders make at most as many rows: one statement.
      await addViews(tx, [...views.values()]);
      await foldOwnChanges(tx, start, SEEDING_CONSUMERS);
    });
    written += batch;
  }
  return succeed({ tenant_id: tenantId, orders: written, products_created: created });
}

/** Adds an order's form views to its row of the batch's views (its product, hour and UTM values, '' for none as the orders' UTM key). */
function addOrderViews(views: Map<string, ViewRow>, tenantId: number, order: DemoOrder): void {
  const row = { tenant_id: tenantId, hour: epochHour(order.created_at), product_id: order.product_id, utm_source: order.utm_source ?? '', utm_campaign: order.utm_campaign ?? '' };
  const key = JSON.stringify(Object.values(row));
  const held = views.get(key);
  if (held) held.views += order.views;
  else views.set(key, { ...row, views: order.views });
}

/** Inserts the orders and then their history entries (in the caller's transaction). */
async function writeOrders(tx: Tx, tenantId: number, planned: DemoOrder[]): Promise<void> {
  const values = planned.flatMap((o) => [
    tenantId, o.product_id, o.product_name, o.variant, o.quantity, o.unit_price, o.total, o.shipping_fee, o.courier, o.payment_method,
    o.resi, o.status, o.customer_name, o.customer_phone, o.customer_email, o.customer_address, o.customer_village, o.customer_district,
    o.customer_city, o.customer_province, o.customer_postal_code, o.ad_params, o.created_at, o.updated_at, o.source, o.assigned_user_id,
    o.utm_source, o.utm_campaign, flagsText(o.flags.filter((f) => !f.dismissed).map((f) => f.flag)), o.follow_up_count, o.follow_up_last_step,
    o.follow_up_last_at, o.follow_up_last_automatic, o.first_manual_follow_up_at, o.first_auto_follow_up_at, o.first_closed_at, o.first_paid_at,
    o.first_shipped_at, o.first_completed_at,
  ]);
  const inserted = await tx.executeQuery<{ id: number | string }>(insertStatement(tx, 'orders', ORDER_COLUMNS, planned.length, values, true));
  if (inserted.rows.length !== planned.length) throw new Error(`inserted ${inserted.rows.length} of ${planned.length} orders`);
  // One statement's ids ascend in the order of its rows (one sequence, one row after another):
  // sorted, the n-th id is the n-th order's.
  const ids = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const history = planned.flatMap((o, i) =>
    o.history.map((h) => [tenantId, ids[i]!, h.by?.source ?? 'system', h.by?.actor ?? DEMO_ACTOR, h.by?.actorUserId ?? null, h.field, h.old_value, h.new_value, h.created_at]),
  );
  for (let from = 0; from < history.length; from += HISTORY_A_STATEMENT) {
    const rows = history.slice(from, from + HISTORY_A_STATEMENT);
    await tx.executeQuery(insertStatement(tx, 'order_history', HISTORY_COLUMNS, rows.length, rows.flat(), false));
  }
  const flags = planned.flatMap((o, i) => o.flags.map((f) => [tenantId, ids[i]!, f.flag, f.reason, null, o.created_at, f.dismissed ? o.updated_at : null, null]));
  for (let from = 0; from < flags.length; from += HISTORY_A_STATEMENT) {
    const rows = flags.slice(from, from + HISTORY_A_STATEMENT);
    await tx.executeQuery(insertStatement(tx, 'order_flags', FLAG_COLUMNS, rows.length, rows.flat(), false));
  }
}

// The SQL text of an insert of `rows` rows, kept per table, row count and dialect: the same
// text each time, so better-sqlite3's statement cache (lib/db/db.ts) compiles it once.
const statementTexts = new Map<string, string>();

function insertStatement(tx: Tx, table: string, columns: readonly string[], rows: number, values: unknown[], returningId: boolean): CompiledQuery {
  const postgres = isPostgres(tx);
  const key = `${table}:${rows}:${postgres}`;
  let text = statementTexts.get(key);
  if (text === undefined) {
    let n = 0;
    const row = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    const tuples = Array.from({ length: rows }, row).join(', ');
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples}${returningId ? ' returning "id"' : ''}`;
    statementTexts.set(key, text);
  }
  return CompiledQuery.raw(text, values);
}

/** The store's live products (its first 50) with the combinations orders name: label and charged price. */
async function storeProducts(db: Db, tenantId: number): Promise<DemoProduct[]> {
  const rows = await db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId).where('deleted_at', 'is', null).orderBy('id').limit(fixedLimit(50)).execute();
  return rows.map((row) => demoProduct(toProduct(row))).filter((p) => p.variants.length > 0);
}

function demoProduct(product: Product): DemoProduct {
  let labels = [''];
  for (const variation of product.variants) {
    labels = labels.flatMap((prefix) => variation.options.map((option) => (prefix === '' ? option : `${prefix} / ${option}`)));
    if (labels.length > VARIANTS_KEPT) labels = labels.slice(0, VARIANTS_KEPT);
  }
  const variants = labels.flatMap((label) => {
    const indexes = parseVariant(label, product.variants);
    return indexes === null ? [] : [{ label, unitPrice: unitPrice(product, indexes) }];
  });
  return { id: product.id, name: product.name, variants };
}

async function csMembers(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('memberships.tenant_id', '=', tenantId)
    .where('memberships.role', '=', 'cs')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({ userId: Number(r.id), name: shownName(r) }));
}

/** The couriers of the store's shipping rates with their fees, or the common ones when it has none. */
async function couriers(db: Db, tenantId: number): Promise<DemoCourier[]> {
  const rows = await db.selectFrom('shipping_rates').select(['courier', 'province', 'fee']).where('tenant_id', '=', tenantId).orderBy('courier').orderBy('province').execute();
  if (rows.length === 0) return DEFAULT_COURIERS.map((name) => ({ name, fees: null }));
  const fees = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const own = fees.get(row.courier) ?? {};
    own[row.province] = Number(row.fee);
    fees.set(row.courier, own);
  }
  return [...fees].map(([name, table]) => ({ name, fees: table }));
}
