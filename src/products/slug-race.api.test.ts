// A rename that races another write of the same slug. PostgreSQL only: its transactions run
// side by side, and a slug committed between the rename's check and its update meets the
// unique (tenant_id, slug) index. The rename then takes the next free slug, as a new product
// does, instead of failing (SQLite runs one writer at a time: the check sees every commit).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { updateProduct } from './update-product.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

describe.skipIf(backend !== 'postgres')('renaming a product while another transaction takes its new slug', () => {
  let t: App;
  let store: Store;

  beforeAll(async () => {
    t = await startTestApp();
    store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
  });
  afterAll(async () => t?.drop());

  it('takes the next free slug when the wanted one is committed between its check and its update', async () => {
    const first = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
    const second = await seedProduct(t.ctx, store.tenantId, { name: 'Celana', price: 90000 });
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      // Another transaction holds `baju` in the unique index, not yet committed: the rename's
      // check does not see it, and its update waits for that transaction to end.
      await other.query('begin');
      await other.query('update products set slug = $1 where tenant_id = $2 and id = $3', ['baju', store.tenantId, first.id]);
      const rename = updateProduct(t.ctx.db, t.ctx.writeTransaction, t.clock, store.tenantId, second.id, { slug: 'baju' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('commit');

      const renamed = await rename;
      expect(renamed.ok && renamed.value.slug).toBe('baju-2');
      const slugs = await t.ctx.db.selectFrom('products').select(['id', 'slug']).where('tenant_id', '=', store.tenantId).orderBy('id').execute();
      expect(slugs).toEqual([{ id: first.id, slug: 'baju' }, { id: second.id, slug: 'baju-2' }]);
    } finally {
      await other.end();
    }
  });
});
