// A request that holds an Idempotency-Key in a PostgreSQL transaction and then hangs (a
// frozen process, a vanished host) does not hold it forever: the server ends a transaction
// left idle longer than the lease, and the key can be used again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase, json, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { idempotencyLockName } from '../../idempotency/idempotency-key.js';

const LEASE_MS = 1_000;

describe.skipIf(backend !== 'postgres')('Idempotency-Key lease on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let store: Store;
  let orderId: number;

  beforeAll(async () => {
    database = await freshDatabase('postgres', { transactionLeaseMs: LEASE_MS });
    t = await startTestApp({ database });
    store = await seedStore(t.ctx, { writer: { scopes: ['orders.status:write'] } });
    const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 30000 });
    orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' })).id;
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('a hung holder gets request_in_progress answered until its lease ends, then the key runs', async () => {
    const key = 'lease-key-0001';
    // What a process that froze mid-request leaves behind: an open transaction holding the key.
    const hung = await database.handle.pool!.connect();
    hung.on('error', () => undefined); // the server ends this session when the lease runs out
    await hung.query('begin');
    await hung.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [idempotencyLockName(store.tenantId, store.keyIds.writer!, key)]);

    const send = () =>
      t.request({
        method: 'PATCH',
        url: '/api/order_status.php',
        headers: { 'x-api-key': store.keys.writer!, 'content-type': 'application/json', 'idempotency-key': key },
        payload: { id: orderId, status: 'closing' },
      });
    const during = await send();
    expect(during.statusCode).toBe(409);
    expect(json(during).code).toBe('request_in_progress');

    await new Promise((r) => setTimeout(r, LEASE_MS + 700));
    const after = await send();
    expect(after.statusCode).toBe(200);
    expect(json(after)).toMatchObject({ changed: true, status: 'closing' });
    hung.release(true);
  });
});
