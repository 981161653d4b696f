// PATCH on PostgreSQL reads outside any transaction (with the key's row) and writes in one
// statement afterwards (patch-on-postgres.ts). What may happen between the two, and what the
// request must answer then. A spy on the pg driver runs `between.run` right after
// a read whose SQL contains `between.on` has answered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backend, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { contentHash, IDEMPOTENCY_RETENTION_MS } from '../../idempotency/idempotency-key.js';

// The read of the key's row with the remembered response and the order (read-for-patch.ts),
// and the transaction's own read of the remembered response and the order.
const READ_WITH_KEY = 'left join idempotency_records r on r.tenant_id = k.tenant_id';
const READ_IN_TRANSACTION = '(select 1 as one)';

describe.skipIf(backend !== 'postgres')('PATCH on PostgreSQL: what changed between the read and the write', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let store: Store;
  let productId: number;
  let between: { on: string; run: () => Promise<unknown> } | null = null;

  beforeAll(async () => {
    // Spied before any connection exists: the pool's clients bind this query at connect time.
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const run = (a: unknown[]) => (query as (...a: unknown[]) => unknown).apply(this, a);
      const first = args[0] as string | { text?: string; callback?: (error: unknown, result?: unknown) => void };
      const text = typeof first === 'string' ? first : first?.text;
      const hook = between;
      if (!hook || !text?.includes(hook.on)) return run(args);
      between = null;
      // Both hooked reads are prepared statements (src/lib/db/pg-prepared-statement.ts), which
      // answer through their callback.
      if (typeof first !== 'object' || typeof first.callback !== 'function') throw new Error(`not a prepared statement: ${text}`);
      const callback = first.callback;
      first.callback = (error, result) =>
        void hook.run().then(
          () => callback(error, result),
          (failure: unknown) => callback(failure),
        );
      return run(args);
    } as typeof query);
    t = await startTestApp();
    store = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] } });
    productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Madu', price: 80000 })).id;
    // The hour's slots of the hourly cap exist (the first change of an hour creates them), so
    // that the changes below take the one-statement path.
    const warm = await newOrder();
    expect((await patch({ id: warm, status: 'closing' }, 'races-warm-up')).statusCode).toBe(200);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.drop();
  });

  const newOrder = async () => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '' })).id;
  const patch = (body: Record<string, unknown>, idem: string) =>
    t.request({
      method: 'PATCH',
      url: '/api/order_status.php',
      headers: { 'x-api-key': store.keys.w!, 'content-type': 'application/json', 'idempotency-key': idem },
      payload: JSON.stringify(body),
    });
  const statusOf = async (id: number) =>
    (await t.ctx.db.selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', id).executeTakeFirstOrThrow()).status;
  const history = (id: number) =>
    t.ctx.db.selectFrom('order_history').select(['old_value', 'new_value']).where('tenant_id', '=', store.tenantId).where('order_id', '=', id).where('field', '=', 'status').execute();
  const events = (id: number) =>
    t.ctx.db.selectFrom('events').select('payload').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute();
  const records = (key: string) =>
    t.ctx.db.selectFrom('idempotency_records').select(['request_hash', 'response_body']).where('tenant_id', '=', store.tenantId).where('idempotency_key', '=', key).execute();
  const afterRead = (run: () => Promise<unknown>) => ({ on: READ_WITH_KEY, run });
  /** Someone else moves the order (no history: only its status matters here). */
  const moveBehind = (id: number, status: string) =>
    t.ctx.db.updateTable('orders').set({ status }).where('tenant_id', '=', store.tenantId).where('id', '=', id).execute();
  /** The store's hour has no slot yet: the one statement finds no room. */
  const dropHourSlots = () => t.ctx.db.deleteFrom('event_hour_slots').where('tenant_id', '=', store.tenantId).execute();
  /** A remembered response of `key`, as a request that committed meanwhile leaves it. */
  const insertRecord = (key: string, body: Record<string, unknown>, response: Record<string, unknown>) =>
    t.ctx.db
      .insertInto('idempotency_records')
      .values({
        tenant_id: store.tenantId,
        api_key_id: store.keyIds.w!,
        idempotency_key: key,
        request_hash: contentHash(body),
        response_status: 200,
        response_body: JSON.stringify(response),
        created_at: t.clock.now(),
        expires_at: t.clock.now() + IDEMPOTENCY_RETENTION_MS,
      })
      .execute();

  it('the same request with the same key committed meanwhile: its response is replayed, the order changed once', async () => {
    const id = await newOrder();
    const body = { id, status: 'closing' };
    let first: Record<string, unknown> | undefined;
    between = afterRead(async () => {
      const res = await patch(body, 'race-same-1');
      expect(res.statusCode).toBe(200);
      first = json(res);
    });
    const res = await patch(body, 'race-same-1');
    expect(first).toMatchObject({ changed: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotency-replayed']).toBe('true');
    expect(json(res)).toEqual(first);
    expect(await statusOf(id)).toBe('closing');
    expect(await history(id)).toHaveLength(1);
    expect(await events(id)).toHaveLength(1);
    expect(await records('race-same-1')).toHaveLength(1);
  });

  it('a record of the same key and content committed meanwhile, the order still as read: the record answers, nothing written', async () => {
    const id = await newOrder();
    const body = { id, status: 'closing' };
    const remembered = { order_id: id, previous_status: 'pending', status: 'closing', updated_at: '2026-01-01T00:00:00+07:00', request_id: 'e0e0e0e0', changed: true };
    between = afterRead(() => insertRecord('race-same-2', body, remembered));
    const res = await patch(body, 'race-same-2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotency-replayed']).toBe('true');
    expect(json(res)).toEqual(remembered);
    // The change and its record were one statement: the record's unique key undid the change.
    expect(await statusOf(id)).toBe('pending');
    expect(await history(id)).toHaveLength(0);
    expect(await events(id)).toHaveLength(0);
  });

  it('the same key with other content committed meanwhile: 422 idempotency_key_reused, this request changes nothing', async () => {
    const id = await newOrder();
    between = afterRead(async () => {
      expect((await patch({ id, status: 'closing', external_reference: 'first' }, 'race-other-1')).statusCode).toBe(200);
    });
    const res = await patch({ id, status: 'closing', external_reference: 'second' }, 'race-other-1');
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('idempotency_key_reused');
    expect(await history(id)).toHaveLength(1);
    const queued = await events(id);
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!.payload as string)).toMatchObject({ external_reference: 'first' });
  });

  it('a record of the key with other content committed meanwhile, the order still as read: 422, the order untouched', async () => {
    const id = await newOrder();
    between = afterRead(() => insertRecord('race-other-2', { id, status: 'pending' }, { changed: false }));
    const res = await patch({ id, status: 'closing' }, 'race-other-2');
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('idempotency_key_reused');
    expect(await statusOf(id)).toBe('pending');
    expect(await history(id)).toHaveLength(0);
    expect(await events(id)).toHaveLength(0);
  });

  it('a record of the key committed meanwhile, on a request that changes nothing: the record answers, none written', async () => {
    const id = await newOrder();
    between = afterRead(() => insertRecord('race-other-3', { id, status: 'closing' }, { changed: true }));
    const res = await patch({ id, status: 'pending' }, 'race-other-3');
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('idempotency_key_reused');
    expect(await records('race-other-3')).toEqual([expect.objectContaining({ request_hash: contentHash({ id, status: 'closing' }) })]);
  });

  it('the status changed meanwhile: 409 update_conflict, nothing written, nothing remembered', async () => {
    const id = await newOrder();
    between = afterRead(() => moveBehind(id, 'closing'));
    const res = await patch({ id, status: 'closing' }, 'race-stale-1');
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('update_conflict');
    expect(await history(id)).toHaveLength(0);
    expect(await events(id)).toHaveLength(0);
    expect(await records('race-stale-1')).toHaveLength(0);
  });

  it('no room in the chosen slot of the hourly cap: the change is made in a transaction, with its event', async () => {
    const id = await newOrder();
    await dropHourSlots();
    const res = await patch({ id, status: 'closing' }, 'race-slot-1');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ changed: true });
    expect(await history(id)).toHaveLength(1);
    expect(await events(id)).toHaveLength(1);
    expect(await records('race-slot-1')).toHaveLength(1);
  });

  it('the status changed inside that transaction: 409 update_conflict, nothing written, nothing remembered', async () => {
    const id = await newOrder();
    await dropHourSlots();
    between = { on: READ_IN_TRANSACTION, run: () => moveBehind(id, 'closing') };
    const res = await patch({ id, status: 'closing' }, 'race-stale-2');
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('update_conflict');
    expect(await history(id)).toHaveLength(0);
    expect(await events(id)).toHaveLength(0);
    expect(await records('race-stale-2')).toHaveLength(0);
    // A resend is evaluated afresh (SPEC rule 5).
    const resend = await patch({ id, status: 'pending' }, 'race-stale-2');
    expect(resend.statusCode).toBe(200);
    expect(json(resend)).toMatchObject({ changed: true, previous_status: 'closing' });
  });

  it('a record read as expired and still expired at the write is replaced (SPEC rule 7)', async () => {
    const id = await newOrder();
    await insertRecord('race-expired', { id, status: 'pending' }, { changed: false });
    await t.ctx.db.updateTable('idempotency_records').set({ expires_at: t.clock.now() }).where('tenant_id', '=', store.tenantId).where('idempotency_key', '=', 'race-expired').execute();
    const res = await patch({ id, status: 'closing' }, 'race-expired');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ changed: true });
    expect(await records('race-expired')).toEqual([expect.objectContaining({ request_hash: contentHash({ id, status: 'closing' }) })]);
  });
});
