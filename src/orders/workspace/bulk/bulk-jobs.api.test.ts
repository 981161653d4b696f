// Issue 40 §5: a bulk move or assignment of more than 500 orders answers 202 with a job that the
// `bulk` worker runs one order after another; up to 500 stay in the request. The job's progress,
// its counts and first refusals, its cancel, who may read it, and a CS removed from the store
// while an assignment to them runs. The real threshold (500) throughout. Both backends.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { json, seedOrder, seedProduct, seedStore, startTestApp } from '../../../../test/helpers.js';
import { runWorker } from '../../../jobs/runner.js';
import { silentLog } from '../../../jobs/worker.js';
import { permissionsOf } from '../../../team/roles.js';
import { SYNC_MAX_ORDERS } from './bulk-jobs.js';
import { bulkJobWorker, claimBulkJobs, runBulkJob, type BulkJobDeps } from './run-bulk-job.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let deps: BulkJobDeps;

beforeAll(async () => {
  t = await startTestApp();
  deps = { db: t.ctx.db, dialect: t.ctx.dialect, writeTransaction: t.ctx.writeTransaction, clock: t.clock, config: t.ctx.config, permissionsOf, log: silentLog };
});
afterAll(() => t.drop());

const COLUMNS = sql.raw(
  'tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at',
);

/** A store with its members and 2^doublings pending orders (one order copied, then the copies copied). */
async function storeWithOrders(doublings: number) {
  const { tenantId } = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id;
  await seedOrder(t.ctx, tenantId, { product_id: product });
  for (let i = 0; i < doublings; i++) await sql`insert into orders (${COLUMNS}) select ${COLUMNS} from orders where tenant_id = ${tenantId}`.execute(t.ctx.db);
  const owner = await seedMember(t.ctx, tenantId, 'owner', { name: 'Pemilik' });
  const admin = await seedMember(t.ctx, tenantId, 'admin', { name: 'Admin' });
  const cs = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Satu' });
  const otherCs = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Dua' });
  const ids = (await t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute()).map((row) => Number(row.id));
  return { tenantId, owner, admin, cs, otherCs, ids };
}

const post = (member: Member, url: string, body?: unknown) =>
  t.request({ method: 'POST', url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const get = (member: Member, url: string) => t.request({ method: 'GET', url, headers: asMember(member) });
const jobOf = async (member: Member, id: number) => json(await get(member, `/dashboard/api/jobs/${id}`)).job;
const statuses = async (tenantId: number) =>
  Object.fromEntries(
    (await t.ctx.db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('tenant_id', '=', tenantId).groupBy('status').execute()).map((row) => [row.status, Number(row.n)]),
  );
/** The worker with a pause before each order, so that a test acts while a job runs (the orders themselves take about 1 ms here). */
const slowDeps = (): BulkJobDeps => ({
  ...deps,
  writeTransaction: async (work, options) => {
    await new Promise((resolve) => setTimeout(resolve, 3));
    return deps.writeTransaction(work, options);
  },
});
/** Runs every due job to its end, as `serve`'s worker would. */
const runJobs = () => runWorker(bulkJobWorker(deps)).runOnce();

describe('over 500 orders: a job', () => {
  it('up to 500 stay in the request (200); 501 and more answer 202 {job} at once and the worker moves every one', async () => {
    const s = await storeWithOrders(9); // 512
    // 12 by ids (at most 500 ids), then the pending tab holds exactly 500: still synchronous.
    expect((await post(s.owner, '/dashboard/api/orders/bulk-status', { ids: s.ids.slice(0, 12), status: 'closing' })).statusCode).toBe(200);
    const sync = await post(s.owner, '/dashboard/api/orders/bulk-status', { query: { status: 'pending' }, status: 'closing' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(json(sync)).toMatchObject({ changed: SYNC_MAX_ORDERS, unchanged: 0, refused: 0 });

    const res = await post(s.owner, '/dashboard/api/orders/bulk-status', { query: { status: 'closing' }, status: 'paid' });
    expect(res.statusCode, res.body).toBe(202);
    const started = json(res).job;
    expect(started).toEqual({ id: expect.any(Number), state: 'queued', total: 512 });
    // Nothing moved yet: the request only queued the job.
    expect(await statuses(s.tenantId)).toEqual({ closing: 512 });
    expect(await jobOf(s.owner, started.id)).toMatchObject({
      kind: 'bulk_status', state: 'queued', total: 512, done: 0, changed: 0, unchanged: 0, refused: 0, errors: [], started_at: null, finished_at: null,
      started_by: { id: s.owner.userId, name: 'Pemilik' },
    });

    const round = await runJobs();
    expect(round.outcomes).toEqual({ done: 1 });
    const job = await jobOf(s.owner, started.id);
    expect(job).toMatchObject({ state: 'done', total: 512, done: 512, changed: 512, unchanged: 0, refused: 0, errors: [] });
    expect(job.started_at).toEqual(expect.any(String));
    expect(job.finished_at).toEqual(expect.any(String));
    expect(await statuses(s.tenantId)).toEqual({ paid: 512 });
    // Each order moved as its own move: its history entry, naming the member.
    const entries = await t.ctx.db.selectFrom('order_history').select(['actor', 'actor_user_id']).where('tenant_id', '=', s.tenantId).where('field', '=', 'status').where('new_value', '=', 'paid').execute();
    expect(entries).toHaveLength(512);
    expect(new Set(entries.map((e) => `${e.actor}:${e.actor_user_id}`))).toEqual(new Set([`Pemilik:${s.owner.userId}`]));
    // The store's list holds it; a second round finds nothing to do.
    expect(json(await get(s.owner, '/dashboard/api/jobs')).jobs.map((j: { id: number }) => j.id)).toEqual([started.id]);
    expect((await runJobs()).outcomes).toEqual({});
  });

  it('counts changed, unchanged and refused as the request would, and keeps the first 100 refusals', async () => {
    const s = await storeWithOrders(10); // 1,024
    const some = (from: number, count: number) => s.ids.slice(from, from + count);
    await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('tenant_id', '=', s.tenantId).where('id', 'in', some(0, 200)).execute();
    await t.ctx.db.updateTable('orders').set({ status: 'completed' }).where('tenant_id', '=', s.tenantId).where('id', 'in', some(200, 150)).execute();
    const res = await post(s.owner, '/dashboard/api/orders/bulk-status', { query: {}, status: 'closing' });
    expect(res.statusCode, res.body).toBe(202);
    await runJobs();
    const job = await jobOf(s.owner, json(res).job.id);
    expect(job).toMatchObject({ state: 'done', total: 1024, done: 1024, changed: 674, unchanged: 200, refused: 150 });
    expect(job.errors).toHaveLength(100);
    expect(new Set(job.errors.map((e: { code: string }) => e.code))).toEqual(new Set(['status_move_not_allowed']));
    // The first refused, in the order worked (the view's: newest first).
    const refusedNewestFirst = some(200, 150).sort((a, b) => b - a);
    expect(job.errors.map((e: { id: number }) => e.id)).toEqual(refusedNewestFirst.slice(0, 100));
    expect(await statuses(s.tenantId)).toEqual({ closing: 874, completed: 150 });
  });

  it('the checks of the request come first: a bad resi or a CS not in the store answer 422 and queue nothing; the 10,000 cap stays', async () => {
    const s = await storeWithOrders(9);
    const badResi = await post(s.owner, '/dashboard/api/orders/bulk-status', { query: {}, status: 'shipped', resi: 'a\nb' });
    expect(badResi.statusCode).toBe(422);
    expect(json(badResi).fields).toHaveProperty('resi');
    const outsider = (await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'cs')).userId;
    const notMember = await post(s.owner, '/dashboard/api/orders/assign', { query: {}, cs: outsider });
    expect(notMember.statusCode).toBe(422);
    expect(json(notMember).fields).toHaveProperty('cs');
    expect(json(await get(s.owner, '/dashboard/api/jobs')).jobs).toEqual([]);
    // A CS assigns no one, in bulk or not.
    expect((await post(s.cs, '/dashboard/api/orders/assign', { query: {}, cs: s.cs.userId })).statusCode).toBe(403);
  });

  it('cancel: the job stops after the order in progress, the answer holds the final counts; again: the same; a finished job: 409 job_finished', async () => {
    const s = await storeWithOrders(10);
    const res = await post(s.owner, '/dashboard/api/orders/bulk-status', { query: {}, status: 'closing' });
    const id = json(res).job.id;
    const [claimed] = await claimBulkJobs(deps, 1);
    const running = runBulkJob(slowDeps(), claimed!);
    await expect.poll(async () => (await jobOf(s.owner, id)).done, { timeout: 20_000, interval: 5 }).toBeGreaterThan(10);
    const cancel = await post(s.admin, `/dashboard/api/jobs/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = json(cancel).job;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.finished_at).toEqual(expect.any(String));
    expect(await running).toBe('lost');
    expect(cancelled.done).toBeLessThan(1024);
    // Nothing moved after the answer: its counts are the orders' own.
    expect(await jobOf(s.owner, id)).toEqual(cancelled);
    expect(await statuses(s.tenantId)).toEqual({ closing: cancelled.changed, pending: 1024 - cancelled.changed });
    expect(cancelled.done).toBe(cancelled.changed);
    // Again: the same answer; the worker does not pick it up again.
    expect(json(await post(s.owner, `/dashboard/api/jobs/${id}/cancel`)).job).toEqual(cancelled);
    expect((await runJobs()).outcomes).toEqual({});

    // A queued job cancelled before the worker claims it: nothing moves.
    const queued = json(await post(s.owner, '/dashboard/api/orders/bulk-status', { query: { status: 'pending' }, status: 'closing' })).job.id;
    expect(json(await post(s.owner, `/dashboard/api/jobs/${queued}/cancel`)).job).toMatchObject({ state: 'cancelled', done: 0, started_at: null });
    expect((await runJobs()).outcomes).toEqual({});

    // A finished job.
    const last = json(await post(s.owner, '/dashboard/api/orders/bulk-status', { query: {}, status: 'closing' })).job.id;
    await runJobs();
    const refused = await post(s.owner, `/dashboard/api/jobs/${last}/cancel`);
    expect([refused.statusCode, json(refused).code, json(refused).error]).toEqual([409, 'job_finished', 'Proses massal ini sudah selesai dan tidak dapat dibatalkan.']);
  });
});

describe('who sees a job', () => {
  it('the CS who started it, owners and admins; another CS and another store: 404 job_not_found; lists by the same rule', async () => {
    const s = await storeWithOrders(9);
    // A CS with more than 500 orders of their own moves their whole list.
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: s.cs.userId }).where('tenant_id', '=', s.tenantId).execute();
    const res = await post(s.cs, '/dashboard/api/orders/bulk-status', { query: {}, status: 'closing' });
    expect(res.statusCode, res.body).toBe(202);
    const id = json(res).job.id;
    const other = await storeWithOrders(0);
    for (const member of [s.cs, s.owner, s.admin]) expect((await get(member, `/dashboard/api/jobs/${id}`)).statusCode).toBe(200);
    for (const member of [s.otherCs, other.owner]) {
      const read = await get(member, `/dashboard/api/jobs/${id}`);
      expect([read.statusCode, json(read).code, json(read).error]).toEqual([404, 'job_not_found', 'Proses massal tidak ditemukan.']);
      expect(json(await post(member, `/dashboard/api/jobs/${id}/cancel`)).code).toBe('job_not_found');
    }
    const listed = async (member: Member) => json(await get(member, '/dashboard/api/jobs')).jobs.map((j: { id: number }) => j.id);
    expect(await listed(s.cs)).toEqual([id]);
    expect(await listed(s.owner)).toEqual([id]);
    expect(await listed(s.otherCs)).toEqual([]);
    expect(await listed(other.owner)).toEqual([]);
    // The CS's job moves only the CS's orders: the scope is the starter's.
    await runJobs();
    expect(await jobOf(s.cs, id)).toMatchObject({ state: 'done', changed: 512 });

    // Jobs older than 7 days leave the list.
    t.clock.advance(7 * 24 * 3_600_000 + 1);
    expect(await listed(s.owner)).toEqual([]);
    expect((await get(s.owner, `/dashboard/api/jobs/${id}`)).statusCode).toBe(200);
  });
});

describe('an assignment in bulk', () => {
  it('assigns every order of the view; a CS removed from the store meanwhile receives no more of it', async () => {
    const s = await storeWithOrders(10);
    const res = await post(s.owner, '/dashboard/api/orders/assign', { query: {}, cs: s.cs.userId });
    expect(res.statusCode, res.body).toBe(202);
    const id = json(res).job.id;
    const [claimed] = await claimBulkJobs(deps, 1);
    const running = runBulkJob(slowDeps(), claimed!);
    await expect.poll(async () => (await jobOf(s.owner, id)).done, { timeout: 20_000, interval: 5 }).toBeGreaterThan(10);
    const removed = await t.request({ method: 'DELETE', url: `/dashboard/api/team/${s.cs.userId}`, headers: asMember(s.owner) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await running).toBe('done');
    const job = await jobOf(s.owner, id);
    expect(job.state).toBe('done');
    expect(job.done).toBe(1024);
    expect(job.changed).toBeGreaterThan(10);
    expect(job.refused).toBe(1024 - job.changed);
    expect(job.refused).toBeGreaterThan(0);
    expect(new Set(job.errors.map((e: { code: string }) => e.code))).toEqual(new Set(['not_a_member']));
    // The removal unassigned what the job had given them, and nothing came after it.
    const left = await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', s.tenantId).where('assigned_user_id', '=', s.cs.userId).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('an admin demoted to CS, or removed, stops their running job as cancelled', async () => {
    const s = await storeWithOrders(9);
    const res = await post(s.admin, '/dashboard/api/orders/assign', { query: {}, cs: s.cs.userId });
    expect(res.statusCode).toBe(202);
    await t.ctx.db.updateTable('memberships').set({ role: 'cs' }).where('tenant_id', '=', s.tenantId).where('user_id', '=', s.admin.userId).execute();
    await runJobs();
    expect(await jobOf(s.owner, json(res).job.id)).toMatchObject({ state: 'cancelled', done: 0 });
  });
});
