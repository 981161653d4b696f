// SPEC "Idempotency rules (PATCH)" and update_conflict. (The hourly event cap's PATCH test is
// src/events/hourly-cap-patch.api.test.ts.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../lib/db/db.js';
import { backend, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { idempotencyLockName } from '../../idempotency/idempotency-key.js';
import { recordStatusChange } from '../core/record-status-change.js';
import { setStatusBySeller } from '../core/set-status-by-seller.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_OUT_HOURLY_CAP: '5' } });
  store = await seedStore(t.ctx, { w: { scopes: ['orders.status:write'] }, w2: { scopes: ['orders.status:write'] } });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Madu', price: 80000 })).id;
});
afterAll(() => t.drop());

const newOrder = async (status = 'pending') => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: '', status })).id;
const patch = (body: unknown, idem?: string, key = store.keys.w!, app = t) =>
  app.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...(idem === undefined ? {} : { 'idempotency-key': idem }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const statusOf = async (id: number) =>
  (await t.ctx.db.selectFrom('orders').select('status').where('tenant_id', '=', store.tenantId).where('id', '=', id).executeTakeFirstOrThrow()).status;
const countEvents = async (id: number) =>
  (await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute()).length;
let n = 0;
const freshKey = () => `idem-key-${Date.now()}-${++n}`;

describe('Idempotency-Key', () => {
  it('rule 1: 8 to 120 characters of A-Z a-z 0-9 . _ : -', async () => {
    const id = await newOrder();
    for (const bad of ['short7c', 'x'.repeat(121), 'has space!', 'slash/key1', 'ümlautkey', '']) {
      const res = await patch({ id, status: 'closing' }, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(json(res).code).toBe('idempotency_key_invalid');
    }
    expect(await statusOf(id)).toBe('pending');
    for (const good of ['abcdefgh', 'A.b_c:d-e9', 'k'.repeat(120)]) {
      expect((await patch({ id, status: 'pending' }, good)).statusCode).toBe(200);
    }
  });

  it('rule 2: same key and content replays the original response, order untouched', async () => {
    const id = await newOrder();
    const key = freshKey();
    const first = await patch({ id, status: 'closing' }, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const original = json(first);
    expect(original.changed).toBe(true);

    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'pending', { source: 'cli', actor: 'cli' })); // the seller moves it back
    t.clock.advance(5_000);
    const replay = await patch({ id, status: 'closing' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(json(replay)).toEqual(original); // same request_id and updated_at
    expect(replay.body).toBe(first.body); // the remembered text, byte for byte
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await statusOf(id)).toBe('pending');
    expect(await countEvents(id)).toBe(2); // the PATCH and the seller's change, no more
  });

  it('rule 3: same key with different content is 422 idempotency_key_reused', async () => {
    const id = await newOrder();
    const key = freshKey();
    expect((await patch({ id, status: 'closing' }, key)).statusCode).toBe(200);
    const res = await patch({ id, status: 'pending' }, key);
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('idempotency_key_reused');
    expect(await statusOf(id)).toBe('closing');
  });

  it('keys are remembered per API key: another key may use the same value', async () => {
    const id = await newOrder();
    const key = freshKey();
    expect((await patch({ id, status: 'closing' }, key)).statusCode).toBe(200);
    const other = await patch({ id, status: 'pending' }, key, store.keys.w2!);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
  });

  it('rule 4: while the first request runs, the same key gets 409 request_in_progress', async () => {
    const id = await newOrder();
    const key = freshKey();
    const lock = idempotencyLockName(store.tenantId, store.keyIds.w!, key);
    expect(t.ctx.inFlight.tryAcquire(lock)).toBe(true);
    try {
      const res = await patch({ id, status: 'closing' }, key);
      expect(res.statusCode).toBe(409);
      expect(json(res).code).toBe('request_in_progress');
    } finally {
      t.ctx.inFlight.release(lock);
    }
    expect((await patch({ id, status: 'closing' }, key)).statusCode).toBe(200);
  });

  it('rule 5: a rejection is not remembered; the resend is evaluated afresh', async () => {
    const id = await newOrder('paid');
    const key = freshKey();
    expect(json(await patch({ id, status: 'closing' }, key)).code).toBe('order_terminal');
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'pending', { source: 'cli', actor: 'cli' }));
    const again = await patch({ id, status: 'closing' }, key);
    expect(again.statusCode).toBe(200);
    expect(json(again).changed).toBe(true);
    const count = await t.ctx.db.selectFrom('idempotency_records').select('idempotency_key').where('tenant_id', '=', store.tenantId).where('idempotency_key', '=', key).execute();
    expect(count).toHaveLength(1);
  });

  it('rule 6: the order of JSON keys does not matter', async () => {
    const id = await newOrder();
    const key = freshKey();
    expect((await patch(`{"id":${id},"status":"closing","external_reference":"r1"}`, key)).statusCode).toBe(200);
    const replay = await patch(`{"external_reference":"r1","status":"closing","id":${id}}`, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
  });

  it('rule 7: after 30 days the same key runs as a new request', async () => {
    const id = await newOrder();
    const key = freshKey();
    expect((await patch({ id, status: 'closing' }, key)).statusCode).toBe(200);
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'pending', { source: 'cli', actor: 'cli' }));
    t.clock.advance(30 * 24 * 3600_000 - 1000);
    expect((await patch({ id, status: 'closing' }, key)).headers['idempotency-replayed']).toBe('true');
    t.clock.advance(1000);
    const fresh = await patch({ id, status: 'closing' }, key);
    expect(fresh.headers['idempotency-replayed']).toBeUndefined();
    expect(json(fresh).changed).toBe(true);
    expect(await statusOf(id)).toBe('closing');
  });
});

describe('update_conflict', () => {
  it('a change computed from a stale status writes nothing', async () => {
    const id = await newOrder('closing');
    const changed = await t.ctx.db.transaction().execute((tx) =>
      recordStatusChange(tx, { tenantId: store.tenantId, orderId: id, from: 'pending', to: 'closing', now: t.clock.now(), source: 'api', actor: 'w' }, t.ctx.config),
    );
    expect(changed).toBe(false);
    expect(await countEvents(id)).toBe(0);
  });

  it.runIf(backend === 'postgres')('409 update_conflict when the status changes underneath a PATCH (PostgreSQL)', async () => {
    const id = await newOrder();
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from orders where id = $1 for update', [id]);
      const pending = patch({ id, status: 'closing' });
      await new Promise((r) => setTimeout(r, 300)); // the PATCH has read 'pending' and waits on the row
      await other.query(`update orders set status = 'closing' where id = $1`, [id]);
      await other.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(409);
      expect(json(res).code).toBe('update_conflict');
      expect(await countEvents(id)).toBe(0);
    } finally {
      await other.end();
    }
  });

  it.runIf(backend === 'postgres')('request_in_progress across processes sharing PostgreSQL', async () => {
    const second = await startTestApp({ database: { url: t.url, handle: openDatabase(t.url) }, clock: t.clock });
    const id = await newOrder();
    const key = freshKey();
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from orders where id = $1 for update', [id]);
      const first = patch({ id, status: 'closing' }, key); // holds the key, waits on the row
      await new Promise((r) => setTimeout(r, 300));
      const parallel = await patch({ id, status: 'closing' }, key, store.keys.w!, second);
      expect(parallel.statusCode).toBe(409);
      expect(json(parallel).code).toBe('request_in_progress');
      await other.query('commit');
      expect((await first).statusCode).toBe(200);
      const replay = await patch({ id, status: 'closing' }, key, store.keys.w!, second);
      expect(replay.headers['idempotency-replayed']).toBe('true');
    } finally {
      await other.end();
      await second.close();
      await second.ctx.db.destroy();
    }
  });
});
