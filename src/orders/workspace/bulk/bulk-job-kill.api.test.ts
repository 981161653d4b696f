// A bulk job whose process is killed mid-job carries on after a restart to the same result as an
// uninterrupted run (issue 40 §5): `lapak work --only bulk` is killed with SIGKILL while it moves
// a store's orders, started again, and once the job is done its counts, its refusals, the orders'
// statuses and their history equal those of the same job on a twin store run without a kill:
// no order moved twice, none counted as unchanged after it was changed, none skipped. Both backends.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliHarness } from '../../../../test/cli-process.js';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { json, seedOrder, seedProduct, seedStore, startTestApp, TEST_SECRET_KEY } from '../../../../test/helpers.js';
import { runWorker } from '../../../jobs/runner.js';
import { silentLog } from '../../../jobs/worker.js';
import { permissionsOf } from '../../../team/roles.js';
import { bulkJobWorker } from './run-bulk-job.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const COLUMNS = sql.raw(
  'tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at',
);

/** A store of 2,048 orders: every 5th closing (unchanged by the move), every 7th completed (refused). */
async function twin(): Promise<{ tenantId: number; owner: Member }> {
  const { tenantId } = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id;
  await seedOrder(t.ctx, tenantId, { product_id: product });
  for (let i = 0; i < 11; i++) await sql`insert into orders (${COLUMNS}) select ${COLUMNS} from orders where tenant_id = ${tenantId}`.execute(t.ctx.db);
  const ids = (await t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute()).map((row) => Number(row.id));
  const every = (n: number) => ids.filter((_, i) => i % n === 0);
  await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('tenant_id', '=', tenantId).where('id', 'in', every(5)).execute();
  await t.ctx.db.updateTable('orders').set({ status: 'completed' }).where('tenant_id', '=', tenantId).where('id', 'in', every(7)).execute();
  return { tenantId, owner: await seedMember(t.ctx, tenantId, 'owner', { name: 'Pemilik' }) };
}

const start = async (owner: Member): Promise<number> => {
  const res = await t.request({ method: 'POST', url: '/dashboard/api/orders/bulk-status', headers: asMember(owner, { 'content-type': 'application/json' }), payload: JSON.stringify({ query: {}, status: 'closing' }) });
  expect(res.statusCode, res.body).toBe(202);
  return json(res).job.id;
};
const jobOf = async (owner: Member, id: number) => json(await t.request({ method: 'GET', url: `/dashboard/api/jobs/${id}`, headers: asMember(owner) })).job;

/** What the job left: its counts and refusals, the orders' statuses in the view's order, and each order's status history. */
async function outcome(tenantId: number, owner: Member, jobId: number) {
  const { state, total, done, changed, unchanged, refused, errors } = await jobOf(owner, jobId);
  const orders = await t.ctx.db.selectFrom('orders').select(['id', 'status']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const first = Number(orders[0]!.id);
  const entries = await t.ctx.db
    .selectFrom('order_history')
    .select(['order_id', 'old_value', 'new_value'])
    .where('tenant_id', '=', tenantId)
    .where('field', '=', 'status')
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  return {
    job: { state, total, done, changed, unchanged, refused, errors: errors.map((e: { id: number; code: string }) => [e.id - first, e.code]) },
    statuses: orders.map((o) => o.status),
    history: entries.map((e) => [Number(e.order_id) - first, e.old_value, e.new_value]),
  };
}

it('kill -9 of the process running a bulk job, then a restart: the same result as an uninterrupted run', { timeout: 240_000 }, async () => {
  // The uninterrupted run, in this process.
  const calm = await twin();
  const calmJob = await start(calm.owner);
  const worker = bulkJobWorker({ db: t.ctx.db, dialect: t.ctx.dialect, writeTransaction: t.ctx.writeTransaction, clock: t.clock, config: t.ctx.config, permissionsOf, log: silentLog });
  await runWorker(worker).runOnce();
  const expected = await outcome(calm.tenantId, calm.owner, calmJob);
  expect(expected.job).toMatchObject({ state: 'done', total: 2048, done: 2048 });
  expect(expected.job.changed).toBeGreaterThan(0);
  expect(expected.job.unchanged).toBeGreaterThan(0);
  expect(expected.job.refused).toBeGreaterThan(0);

  // The same job on the twin store, in `lapak work --only bulk`, killed mid-job.
  const killed = await twin();
  const jobId = await start(killed.owner);
  const done = async () => (await jobOf(killed.owner, jobId)).done as number;
  const cli = cliHarness('lapak-bulk-kill-');
  try {
    const env = { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY };
    const first = await cli.start('unused.db', 'work', env, ['--only', 'bulk']);
    await expect.poll(done, { timeout: 30_000, interval: 5 }).toBeGreaterThan(100);
    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toBeNull();
    const left = await jobOf(killed.owner, jobId);
    expect(left.state).toBe('running');
    expect(left.done).toBeLessThan(2048);
    expect(left.done).toBe(left.changed + left.unchanged + left.refused);
    // The restart claims it once the dead process's lease has lapsed (run-bulk-job.ts, LEASE_MS).
    const second = await cli.start('unused.db', 'work', env, ['--only', 'bulk']);
    await expect.poll(async () => (await jobOf(killed.owner, jobId)).state, { timeout: 60_000, interval: 100 }).toBe('done');
    expect(await second.stop()).toBe(0);
  } finally {
    cli.cleanup();
  }
  expect(await outcome(killed.tenantId, killed.owner, jobId)).toEqual(expected);
});
