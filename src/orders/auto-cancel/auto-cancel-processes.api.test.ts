// The auto-cancel worker in real processes (issue 44 §3, "How it is judged": one worker across
// processes), both backends: two `lapak work --only auto-cancel` started together over the same
// database with 600 pending orders past their deadline: every order is cancelled exactly once
// (one status entry, one reason entry, one event), and only the process holding the lease cancels.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliHarness } from '../../../test/cli-process.js';
import { seedOrder, seedProduct, seedStore, startTestApp, TEST_SECRET_KEY } from '../../../test/helpers.js';
import { fixedLimit } from '../../lib/db/fixed-limit.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const COLUMNS = sql.raw(
  'tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at',
);
const DAY = 86_400_000;

/** A store with auto-cancel on (1 day, the older orders included) and `count` pending orders placed two days ago. */
async function storeWithDueOrders(count: number): Promise<number> {
  const { tenantId } = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id;
  await seedOrder(t.ctx, tenantId, { product_id: product });
  while (Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n) < count) {
    await sql`insert into orders (${COLUMNS}) select ${COLUMNS} from orders where tenant_id = ${tenantId}`.execute(t.ctx.db);
  }
  const keep = t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).orderBy('id').limit(fixedLimit(count));
  await t.ctx.db.deleteFrom('orders').where('tenant_id', '=', tenantId).where('id', 'not in', keep).execute();
  await t.ctx.db.updateTable('orders').set({ created_at: Date.now() - 2 * DAY, status: 'pending' }).where('tenant_id', '=', tenantId).execute();
  await t.ctx.db.updateTable('tenants').set({ auto_cancel_days: 1, auto_cancel_on_at: Date.now() - 3 * DAY, auto_cancel_from: 0 }).where('id', '=', tenantId).execute();
  return tenantId;
}

const countOf = async (tenantId: number, table: 'orders' | 'events', status?: string) => {
  let query = t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId);
  if (status && table === 'orders') query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** The orders cancelled, as each process logged them. */
const cancelledLogged = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.includes('"unpaid orders cancelled"'))
    .reduce((sum, line) => sum + (JSON.parse(line) as { cancelled: number }).cancelled, 0);

it('two processes started together over 600 due orders: each cancelled exactly once, by the one holding the lease', { timeout: 180_000 }, async () => {
  const tenantId = await storeWithDueOrders(600);
  const cli = cliHarness('lapak-auto-cancel-two-');
  let logged: number[] = [];
  try {
    const env = { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'info' };
    const [a, b] = await Promise.all([cli.start('unused.db', 'work', env, ['--only', 'auto-cancel']), cli.start('unused.db', 'work', env, ['--only', 'auto-cancel'])]);
    await expect.poll(() => countOf(tenantId, 'orders', 'cancelled'), { timeout: 120_000, interval: 200 }).toBe(600);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    logged = [cancelledLogged(a.stdout()), cancelledLogged(b.stdout())];
  } finally {
    cli.cleanup();
  }
  // One process did it all; the other found the lease held.
  expect([...logged].sort((x, y) => x - y)).toEqual([0, 600]);
  const rows = await t.ctx.db
    .selectFrom('order_history')
    .select(['order_id', 'field', (eb) => eb.fn.countAll().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('source', '=', 'system')
    .groupBy(['order_id', 'field'])
    .execute();
  expect(rows).toHaveLength(1200);
  expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  expect(await countOf(tenantId, 'events')).toBe(600);
  // The lease was given up at the clean stop.
  expect(await t.ctx.db.selectFrom('worker_leases').select(['lease_token']).where('name', '=', 'auto-cancel').executeTakeFirst()).toEqual({ lease_token: null });
});
