// A resi's spaces taken out on every path that takes one (issue 40 §3), on SQLite and
// PostgreSQL: the order's edit, a status move, the bulk move, `lapak order create`'s operation
// (createOrder), and the list's search typed with spaces; the order's page shows it as stored,
// with a tracking link that works. The import's own test is in files/order-files.api.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../../test/helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;
let owner: Member;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 })).id;
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
});
afterAll(() => t.drop());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: Record<string, unknown>) =>
  t.request({ method, url, headers: asMember(owner, body ? { 'content-type': 'application/json' } : {}), ...(body ? { payload: JSON.stringify(body) } : {}) });
const newOrder = async (input: Record<string, unknown> = {}) => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, courier: 'J&T EZ', ...input })).id;
const stored = async (id: number) => (await t.ctx.db.selectFrom('orders').select('resi').where('id', '=', id).executeTakeFirstOrThrow()).resi;
const paid = async () => {
  const id = await newOrder();
  await t.ctx.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', id).execute();
  return id;
};

describe('a resi typed with spaces', () => {
  it('is stored without them by the edit, and the page shows it so, with its tracking link', async () => {
    const id = await newOrder();
    const res = await send('PATCH', `/dashboard/api/orders/${id}`, { resi: ' JP 1234 5678 90 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toBe('JP1234567890');
    const order = (await send('GET', `/dashboard/api/orders/${id}`)).json().order;
    expect(order).toMatchObject({ resi: 'JP1234567890', tracking_url: expect.stringContaining('JP1234567890') });
    expect(order.tracking_url).not.toContain('%20');
    // The same resi again, spaced otherwise, changes nothing: no history entry.
    const entries = (await t.ctx.db.selectFrom('order_history').select('id').where('order_id', '=', id).execute()).length;
    expect((await send('PATCH', `/dashboard/api/orders/${id}`, { resi: 'JP12 3456 7890' })).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('order_history').select('id').where('order_id', '=', id).execute()).length).toBe(entries);
  });

  it('is stored without them by a status move and by the bulk move', async () => {
    const one = await paid();
    const moved = await send('POST', `/dashboard/api/orders/${one}/status`, { status: 'shipped', resi: 'JP 0000 1111 22' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(one)).toBe('JP0000111122');
    const [a, b] = [await paid(), await paid()];
    const bulk = await send('POST', '/dashboard/api/orders/bulk-status', { ids: [a, b], status: 'shipped', resi: 'SPX ID 777 888' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect([await stored(a), await stored(b)]).toEqual(['SPXID777888', 'SPXID777888']);
  });

  it("is stored without them by the CLI's order creation (createOrder)", async () => {
    const id = await newOrder({ status: 'shipped', resi: 'JNE 0012 3456' });
    expect(await stored(id)).toBe('JNE00123456');
  });

  it('finds the order when searched with the spaces, or without', async () => {
    const id = await newOrder({ status: 'shipped', resi: 'JX 9999 0000 1' });
    for (const q of ['JX 9999 0000 1', 'jx999900001', ' JX9999 00001 ']) {
      const res = await send('GET', `/dashboard/api/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().orders.map((o: { id: number }) => o.id), q).toEqual([id]);
    }
  });
});

describe('a resi over the limit', () => {
  it('is counted without its spaces: 60 characters spaced out pass, 61 do not', async () => {
    const id = await paid();
    const spaced = 'AB '.repeat(30);
    expect((await send('POST', `/dashboard/api/orders/${id}/status`, { status: 'shipped', resi: `${spaced}C` })).json()).toMatchObject({ code: 'invalid_request', fields: { resi: expect.any(String) } });
    const moved = await send('POST', `/dashboard/api/orders/${id}/status`, { status: 'shipped', resi: spaced });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(id)).toBe('AB'.repeat(30));
  });
});
