// Changes of different orders at the same time keep order_counts (migration 020) right and never
// deadlock, whatever else their transactions lock and in which order: the API's one-statement
// PATCH claims its event slot before its row changes, a change of several statements (the
// dashboard, the CLI, a PATCH with an Idempotency-Key) changes the order first and claims the
// slot after. PostgreSQL only: SQLite has one writer at a time.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backend, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { keptCounts, recountedCounts } from '../../../test/order-counts.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
});
afterAll(async () => t.drop());

it.skipIf(backend !== 'postgres')('a shared row locked before the change by some and after it by others: none deadlocks, the counts match a recount', async () => {
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50_000 });
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) ids.push((await seedOrder(t.ctx, store.tenantId, { product_id: product.id, status: i % 2 === 0 ? 'pending' : 'closing' })).id);
  const move = (id: number) =>
    sql`update orders set status = case status when 'pending' then 'closing' else 'pending' end, updated_at = updated_at + 1
      where tenant_id = ${store.tenantId} and id = ${id}`;
  // The store's row stands for the shared row (an hour's event slot) that each kind of change
  // locks at another moment.
  const lockShared = sql`select id from tenants where id = ${store.tenantId} for update`;
  const pause = sql`select pg_sleep(0.01)`;
  const changes = ids.map((id, i) =>
    t.ctx.db.transaction().execute(async (tx) => {
      if (i % 2 === 0) {
        await lockShared.execute(tx);
        await pause.execute(tx);
        await move(id).execute(tx);
      } else {
        await move(id).execute(tx);
        await pause.execute(tx);
        await lockShared.execute(tx);
      }
    }),
  );
  const outcomes = await Promise.allSettled(changes);
  expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
  expect(await keptCounts(t.ctx)).toEqual(await recountedCounts(t.ctx.db));
});
