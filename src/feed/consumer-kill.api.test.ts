// A consumer killed mid-work resumes where its last commit left it (issue 39 §1): `lapak work
// --only counts` folding a backlog is killed with SIGKILL, started again, and once it has caught
// up every counter equals a recount: nothing folded twice, nothing lost. On both backends.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cliHarness } from '../../test/cli-process.js';
import { seedOrder, seedProduct, seedStore, startTestApp, TEST_SECRET_KEY } from '../../test/helpers.js';
import { foldAllCounts, keptCounts, recountedCounts } from '../../test/order-counts.js';
import { readCursor } from './consumer.js';
import { countAfter } from './read-feed.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const lag = async () => countAfter(t.ctx.db, (await readCursor(t.ctx.db, 'counts'))!.position, 1_000_000);

it('kill -9 of the counts consumer mid-backlog, then a restart: the counts equal a recount', { timeout: 60_000 }, async () => {
  const store = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50_000 })).id;
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product });
  await foldAllCounts(t.ctx);
  // A backlog: the order copied into 4,096 orders, then each moved and edited (about 12,000 changes).
  const columns = sql.raw('tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at');
  for (let i = 0; i < 12; i++) await sql`insert into orders (${columns}) select ${columns} from orders where tenant_id = ${store.tenantId}`.execute(t.ctx.db);
  await t.ctx.db.updateTable('orders').set({ status: 'closing', status_source: 'cli' }).where('tenant_id', '=', store.tenantId).execute();
  await t.ctx.db.updateTable('orders').set({ courier: 'SiCepat' }).where('tenant_id', '=', store.tenantId).execute();
  const backlog = await lag();
  expect(backlog).toBeGreaterThan(8_000);

  const cli = cliHarness('lapak-feed-kill-');
  try {
    const env = { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY };
    const first = await cli.start('unused.db', 'work', env, ['--only', 'counts']);
    // Killed once it has folded some of the backlog, and before it is through.
    await expect.poll(lag, { timeout: 20_000, interval: 5 }).toBeLessThan(backlog);
    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toBeNull();
    const left = await lag();
    expect(left).toBeGreaterThan(0);
    const second = await cli.start('unused.db', 'work', env, ['--only', 'counts']);
    await expect.poll(lag, { timeout: 30_000 }).toBe(0);
    expect(await second.stop()).toBe(0);
  } finally {
    cli.cleanup();
  }
  expect(await keptCounts(t.ctx)).toEqual(await recountedCounts(t.ctx.db));
});
