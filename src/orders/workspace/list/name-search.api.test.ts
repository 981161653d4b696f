// A name search's walk-then-matches (name-search.ts) answers what the plain query answers: the
// same orders in the same order, whichever of its three ways ends it (the walk fills the page,
// the walk sees every order the filters keep, or the older matches are read), under a tab, a
// filter, a CS's scope and a cursor, on both backends.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedMember } from '../../../../test/dashboard-helpers.js';
import { backend, seedProduct, seedStore, startTestApp } from '../../../../test/helpers.js';
import { listOrdersQuery } from './list-orders.js';
import { readOrderFilters, type FilterQuery } from './order-filters.js';
import { newestMatches, type OrderColumn } from './name-search.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let cs: number;


beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {})).tenantId;
  cs = (await seedMember(t.ctx, tenantId, 'cs')).userId;
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50000 })).id;
  const other = (await seedStore(t.ctx, {})).tenantId;
  const otherProduct = (await seedProduct(t.ctx, other, { name: 'Kaos', price: 50000 })).id;
  // Siti often, Zahra once in 700: the walk fills a page for one and not the other.
  const NAMES = ['Siti Aminah', 'Siti Rahayu', 'Sri Wahyuni', 'Budi Santoso', 'Dewi Lestari', 'Agus Salim'];
  for (const [store, productId, count] of [[tenantId, product, 3_000], [other, otherProduct, 500]] as const) {
    const rows = Array.from({ length: count }, (_, i) => ({
      tenant_id: store, product_id: productId, product_name: 'Kaos', variant: '', quantity: 1, unit_price: 50000, total: 60000, shipping_fee: 10000, courier: 'JNE',
      payment_method: ['cod', 'bank_transfer'][i % 2]!, resi: null, status: ['pending', 'paid', 'shipped'][i % 3]!,
      customer_name: i % 700 === 0 ? 'Zahra Lubis' : NAMES[(i * 7) % 6]!, customer_phone: `62812${10000000 + i}`, customer_address: 'Jl. Mawar 1', customer_village: '', customer_district: '', customer_city: '', customer_province: 'Bali', customer_postal_code: '', ad_params: '{}',
      created_at: 1700000000000 + Math.floor(i / 3) * 60000, updated_at: 1700000000000, assigned_user_id: i % 4 === 0 ? cs : null, source: 'system',
    }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insertInto('orders').values(rows.slice(i, i + 500)).execute();
  }
  if (backend === 'postgres') await sql`analyze orders`.execute(t.ctx.db);
}, 120_000);
afterAll(() => t.drop());

const COLUMNS: OrderColumn[] = ['orders.id', 'orders.created_at'];
const filtersOf = (query: FilterQuery) => {
  const read = readOrderFilters(query, 'Asia/Jakarta', Date.now());
  if (!read.ok) throw new Error(read.code);
  return read.value;
};

it('answers the plain query, whichever way it ends', async () => {
  const cases: Array<{ query: FilterQuery; status: OrderStatus | null; scope: OrderScope }> = [];
  for (const q of ['siti', 'Sri Wahyuni', 'zahra', 'LUBIS', 'nobody', 'ti R']) {
    cases.push({ query: { q }, status: null, scope: { kind: 'all' } });
    cases.push({ query: { q, payment_method: 'cod' }, status: 'paid', scope: { kind: 'all' } });
    cases.push({ query: { q }, status: null, scope: { kind: 'assigned', userId: cs } });
  }
  for (const { query, status, scope } of cases) {
    const filters = filtersOf(query);
    for (const wanted of [1, 7, 51]) {
      const plainFirst = await listOrdersQuery(t.ctx.db, tenantId, scope, { status, filters, after: null, limit: 200 }, 'matches').execute();
      // A cursor in the middle of the plain answer, and none.
      const middle = plainFirst[Math.floor(plainFirst.length / 2)];
      for (const after of [null, middle ? { key: Number(middle.created_at), id: Number(middle.id) } : null]) {
        const plain = (await listOrdersQuery(t.ctx.db, tenantId, scope, { status, filters, after, limit: wanted - 1 }, 'matches').execute()).map((r) => Number(r.id));
        for (const window of [1, 2, 10, 100, 1_000, 100_000]) {
          const found = (await newestMatches(t.ctx.db, tenantId, scope, filters, status, after, wanted, window, COLUMNS)).map((r) => Number(r.id));
          expect(found, JSON.stringify({ query, status, scope, wanted, window, after })).toEqual(plain);
        }
      }
    }
  }
}, 120_000);
