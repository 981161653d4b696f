// One order in the dashboard (issue 32 §2, §4, §5): its page, the edit of its buyer, courier and
// resi with every change in the history, its notes, the assignment of orders to a CS, and the
// unassignment of a removed member's orders, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { CUSTOMER, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../../test/helpers.js';
import { formatTimestamp } from '../../../lib/time.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;
let owner: Member;
let cs: Member;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {}, { name: 'Toko Halaman' });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos Polos', price: 50000, variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }] })).id;
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Bu Pemilik' });
  cs = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Dewi CS' });
});
afterAll(() => t.drop());

type Body = Record<string, unknown>;
const send = (member: Member, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: Body) =>
  t.request({ method, url, headers: asMember(member, body ? { 'content-type': 'application/json' } : {}), ...(body ? { payload: JSON.stringify(body) } : {}) });
const page = async (member: Member, id: number) => {
  const res = await send(member, 'GET', `/dashboard/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
};
const newOrder = async (input: Body = {}) => (await seedOrder(t.ctx, store.tenantId, { product_id: productId, variant: 'Hitam', ...input })).id;
const historyRows = (id: number) => t.ctx.db.selectFrom('order_history').selectAll().where('order_id', '=', id).orderBy('id').execute();
const row = (id: number) => t.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /dashboard/api/orders/{id}', () => {
  it("shows everything the order holds, its creation and the tracking link; times in the server's TZ whatever the store's zone", async () => {
    await t.ctx.db.updateTable('tenants').set({ time_zone: 'Asia/Makassar' }).where('id', '=', store.tenantId).execute();
    const id = await newOrder({
      quantity: 2, shipping_fee: 12000, courier: 'JNE REG', status: 'shipped', resi: 'JNE123', payment_method: 'bank_transfer',
      ad_params: { utm_source: 'ig', utm_campaign: 'lebaran', fbclid: 'fb1', gclid: 'g1' },
    });
    const order = await page(owner, id);
    const created = await row(id);
    expect(order).toEqual({
      id, status: 'shipped', created_at: formatTimestamp(created.created_at, t.ctx.config.timeZone), updated_at: formatTimestamp(created.updated_at, t.ctx.config.timeZone), source: 'cli',
      product_id: productId, product: 'Kaos Polos', variant: 'Hitam', quantity: 2, unit_price: 50000, shipping_fee: 12000, unique_code: null, total: 112000,
      payment_method: 'bank_transfer', payment_gateway: null, courier: 'JNE REG', resi: 'JNE123', tracking_url: 'https://www.jne.co.id/id/tracking/trace/JNE123',
      customer: { ...CUSTOMER, phone: '6281234567890' },
      ad_params: { utm_source: 'ig', utm_campaign: 'lebaran', fbclid: 'fb1', gclid: 'g1' }, utm_source: 'ig', utm_campaign: 'lebaran',
      assigned_to: null,
      moves: [{ status: 'completed', needs: null }, { status: 'cancelled', needs: 'reason' }],
      follow_ups: { count: 0, last_step: null, last_automatic: false, last_at: null, steps: ['shipped'] },
      flags: [], spam: false, phone_blocked: false,
      history: [{ created_at: order.created_at, source: 'cli', actor: 'cli', actor_user_id: null, field: 'created', old_value: null, new_value: 'shipped', synthesized: false }],
      notes: [],
    });
    await t.ctx.db.updateTable('tenants').set({ time_zone: null }).where('id', '=', store.tenantId).execute();
  });

  it('an order placed before orders recorded their creation ends its history with a marked entry from created_at', async () => {
    const id = await newOrder();
    await t.ctx.db.deleteFrom('order_history').where('order_id', '=', id).execute();
    await t.ctx.db.updateTable('orders').set({ source: null }).where('id', '=', id).execute();
    await send(owner, 'POST', `/dashboard/api/orders/${id}/status`, { status: 'closing' });
    const order = await page(owner, id);
    expect(order.source).toBeNull();
    expect(order.history).toEqual([
      expect.objectContaining({ field: 'status', source: 'dashboard', actor: 'Bu Pemilik', actor_user_id: owner.userId, synthesized: false }),
      { created_at: order.created_at, source: null, actor: null, actor_user_id: null, field: 'created', old_value: null, new_value: null, synthesized: true },
    ]);
  });

  it('shows the gateway\'s reference of a gateway order', async () => {
    const id = await newOrder({ payment_method: 'midtrans' });
    await t.ctx.db.insertInto('payment_charges').values({ tenant_id: store.tenantId, order_id: id, gateway: 'midtrans', reference: 'snap-token-1', payment_url: 'https://pay.test/1', created_at: t.clock.now() }).execute();
    expect((await page(owner, id)).payment_gateway).toEqual({ gateway: 'midtrans', reference: 'snap-token-1' });
  });

  it('404 order_not_found for an unknown id, another store\'s order, and an order outside a CS\'s scope', async () => {
    const other = await seedStore(t.ctx, {});
    const foreign = (await seedOrder(t.ctx, other.tenantId, { product_id: (await seedProduct(t.ctx, other.tenantId, { name: 'X', price: 1 })).id })).id;
    const unassigned = await newOrder();
    for (const [member, id] of [[owner, 99_999_999], [owner, foreign], [cs, unassigned]] as const) {
      const res = await send(member, 'GET', `/dashboard/api/orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Pesanan tidak ditemukan.', code: 'order_not_found', request_id: expect.any(String) });
    }
  });
});

describe('PATCH /dashboard/api/orders/{id}', () => {
  it("edits the buyer, the courier and the resi with the form's rules, each change a history entry; prices stay", async () => {
    const id = await newOrder({ shipping_fee: 12000 });
    const before = await row(id);
    const res = await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, {
      customer: { name: ' Siti Rahma ', phone: '+62 813-1111-2222', email: '', city: 'Cimahi' },
      courier: 'SiCepat REG',
      resi: 'SCP0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({
      customer: { ...CUSTOMER, name: 'Siti Rahma', phone: '6281311112222', email: null, city: 'Cimahi' },
      courier: 'SiCepat REG', resi: 'SCP0001', tracking_url: 'https://www.sicepat.com/checkAwb?awb=SCP0001',
      unit_price: before.unit_price, shipping_fee: before.shipping_fee, total: before.total,
    });
    const by = { source: 'dashboard', actor: 'Bu Pemilik', actor_user_id: owner.userId, synthesized: false };
    expect(order.history.slice(0, 6)).toEqual(
      expect.arrayContaining([
        { ...by, created_at: expect.any(String), field: 'customer.name', old_value: 'Siti Aminah', new_value: 'Siti Rahma' },
        { ...by, created_at: expect.any(String), field: 'customer.phone', old_value: '6281234567890', new_value: '6281311112222' },
        { ...by, created_at: expect.any(String), field: 'customer.email', old_value: 'siti@example.com', new_value: null },
        { ...by, created_at: expect.any(String), field: 'customer.city', old_value: 'Bandung', new_value: 'Cimahi' },
        { ...by, created_at: expect.any(String), field: 'courier', old_value: 'JNE', new_value: 'SiCepat REG' },
        { ...by, created_at: expect.any(String), field: 'resi', old_value: null, new_value: 'SCP0001' },
      ]),
    );
    expect(order.history).toHaveLength(7);
    const after = await row(id);
    expect({ total: after.total, shipping_fee: after.shipping_fee, unit_price: after.unit_price, status: after.status }).toEqual({ total: before.total, shipping_fee: before.shipping_fee, unit_price: before.unit_price, status: before.status });
    // No event: SPEC's one event is a status change.
    expect(await t.ctx.db.selectFrom('events').select('id').where('order_id', '=', id).execute()).toEqual([]);
  });

  it('values equal to the order\'s: 200, no entry; the phone compared as stored', async () => {
    const id = await newOrder();
    const before = await historyRows(id);
    const res = await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, { customer: { name: 'Siti Aminah', phone: '0812 3456 7890' }, courier: 'JNE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyRows(id)).toEqual(before);
    expect((await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, {})).statusCode).toBe(200);
    expect(await historyRows(id)).toEqual(before);
  });

  it('a field that breaks its rule: 422 naming every such field, nothing changes', async () => {
    const id = await newOrder();
    const [before, history] = [await row(id), await historyRows(id)];
    const res = await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, {
      customer: { name: 'A', phone: '021-555-1234', email: 'bukan-email', address: 'Jl', postal_code: '4012', province: 'Jawa Baratt', city: 'Bandung Baru' },
      courier: ' ',
      resi: 'baris\nbaru',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      error: expect.any(String),
      code: 'invalid_request',
      fields: {
        'customer.name': 'Nama wajib diisi (2 sampai 100 huruf).',
        'customer.phone': 'Nomor HP tidak valid. Tulis nomor HP/WhatsApp Indonesia, contoh 0812-3456-7890.',
        'customer.email': 'Format email tidak valid, contoh nama@email.com. Boleh dikosongkan.',
        'customer.address': 'Alamat wajib diisi: nama jalan, nomor rumah, RT/RW (5 sampai 300 huruf).',
        'customer.postal_code': 'Kode pos harus 5 angka.',
        'customer.province': 'Pilih provinsi dari daftar 38 provinsi.',
        courier: 'Nama kurir wajib diisi, paling banyak 40 karakter.',
        resi: 'Nomor resi paling banyak 60 karakter, tanpa baris baru.',
      },
      request_id: expect.any(String),
    });
    expect(await row(id)).toEqual(before);
    expect(await historyRows(id)).toEqual(history);
  });

  it('a resi of null or blank removes it; fields the contract does not name are refused', async () => {
    const id = await newOrder({ resi: 'LAMA1' });
    const res = await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, { resi: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ resi: null, tracking_url: null });
    expect((await historyRows(id)).at(-1)).toMatchObject({ field: 'resi', old_value: 'LAMA1', new_value: null });
    for (const body of [{ total: 1 }, { customer: { tip: 'x' } }, { shipping_fee: 0 }]) {
      const refused = await send(owner, 'PATCH', `/dashboard/api/orders/${id}`, body);
      expect(refused.statusCode, refused.body).toBe(422);
    }
  });
});

describe('POST /dashboard/api/orders/{id}/notes', () => {
  it('adds a note with its author; the page lists the notes newest first', async () => {
    const id = await newOrder();
    const first = await send(owner, 'POST', `/dashboard/api/orders/${id}/notes`, { text: '  Pembeli minta dikirim sore.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), text: 'Pembeli minta dikirim sore.', author: { id: owner.userId, name: 'Bu Pemilik' }, created_at: expect.any(String) });
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: cs.userId }).where('id', '=', id).execute();
    const second = await send(cs, 'POST', `/dashboard/api/orders/${id}/notes`, { text: 'Sudah ditelepon.' });
    expect(second.statusCode, second.body).toBe(201);
    const order = await page(cs, id);
    expect(order.notes.map((n: { text: string; author: { name: string } }) => [n.text, n.author.name])).toEqual([['Sudah ditelepon.', 'Dewi CS'], ['Pembeli minta dikirim sore.', 'Bu Pemilik']]);
    // A note is not an edit of the order.
    expect((await historyRows(id)).map((h) => h.field)).toEqual(['created']);
  });

  it('a blank or too long text: 422 with fields.text, nothing written', async () => {
    const id = await newOrder();
    for (const text of ['   ', '', 'x'.repeat(2001)]) {
      const res = await send(owner, 'POST', `/dashboard/api/orders/${id}/notes`, { text });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields).toHaveProperty('text');
    }
    expect(await t.ctx.db.selectFrom('order_notes').select('id').where('order_id', '=', id).execute()).toEqual([]);
  });
});

describe('POST /dashboard/api/orders/assign', () => {
  it('assigns each order on its own, answers per id, and writes who assigned to whom in the history', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const other = await seedStore(t.ctx, {});
    const foreign = (await seedOrder(t.ctx, other.tenantId, { product_id: (await seedProduct(t.ctx, other.tenantId, { name: 'Y', price: 1 })).id })).id;
    const res = await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [a, 99_999_999, b, foreign], cs: cs.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: a, outcome: 'changed' },
        { id: 99_999_999, outcome: 'refused', code: 'order_not_found' },
        { id: b, outcome: 'changed' },
        { id: foreign, outcome: 'refused', code: 'order_not_found' },
      ],
    });
    expect((await row(foreign)).assigned_user_id).toBeNull();
    const order = await page(cs, a);
    expect(order.assigned_to).toEqual({ id: cs.userId, name: 'Dewi CS' });
    expect(order.history[0]).toEqual({ created_at: expect.any(String), source: 'dashboard', actor: 'Bu Pemilik', actor_user_id: owner.userId, field: 'assigned_to', old_value: null, new_value: 'Dewi CS', synthesized: false });

    const again = await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [a], cs: cs.userId });
    expect(again.json()).toEqual({ results: [{ id: a, outcome: 'unchanged' }] });
    const off = await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [a], cs: null });
    expect(off.json()).toEqual({ results: [{ id: a, outcome: 'changed' }] });
    expect((await historyRows(a)).at(-1)).toMatchObject({ field: 'assigned_to', old_value: 'Dewi CS', new_value: null });
    expect((await send(cs, 'GET', `/dashboard/api/orders/${a}`)).statusCode).toBe(404);
  });

  it('refuses a cs who is not a member of the store (422 fields.cs), more than 500 ids, and a CS assigning (403)', async () => {
    const id = await newOrder();
    const other = await seedStore(t.ctx, {});
    const stranger = await seedMember(t.ctx, other.tenantId, 'cs');
    const before = await historyRows(id);
    for (const csId of [stranger.userId, 99_999_999]) {
      const res = await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [id], cs: csId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields).toEqual({ cs: 'Pilih anggota toko ini.' });
    }
    const tooMany = await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: Array.from({ length: 501 }, (_, i) => i + 1), cs: null });
    expect(tooMany.statusCode).toBe(422);
    const byCs = await send(cs, 'POST', '/dashboard/api/orders/assign', { ids: [id], cs: cs.userId });
    expect(byCs.statusCode).toBe(403);
    expect(byCs.json().code).toBe('forbidden');
    expect(await historyRows(id)).toEqual(before);
    expect((await row(id)).assigned_user_id).toBeNull();
  });
});

describe('removing a member', () => {
  it("unassigns their orders, each with a history entry naming who removed them; others' orders stay", async () => {
    const leaving = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rudi Keluar' });
    const staying = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Sari Tetap' });
    const [x, y, z] = [await newOrder(), await newOrder(), await newOrder()];
    await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [x, y], cs: leaving.userId });
    await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [z], cs: staying.userId });
    const res = await send(owner, 'DELETE', `/dashboard/api/team/${leaving.userId}`);
    expect(res.statusCode, res.body).toBe(204);
    for (const id of [x, y]) {
      expect((await row(id)).assigned_user_id).toBeNull();
      expect((await historyRows(id)).at(-1)).toMatchObject({ source: 'dashboard', actor: 'Bu Pemilik', actor_user_id: owner.userId, field: 'assigned_to', old_value: 'Rudi Keluar', new_value: null });
    }
    expect(Number((await row(z)).assigned_user_id)).toBe(staying.userId);
    expect((await historyRows(z)).map((h) => h.field)).toEqual(['created', 'assigned_to']);
  });
});
