// Labels and invoices (issue 44 §1), on SQLite and PostgreSQL: the store's sender address (an
// ordinary setting, checked); what the print page prints, in the order asked, read without
// recording anything; the print recorded only by POST /dashboard/api/orders/printed, with its
// history entries, and for labels the list's `printed` filter and its counts following; the
// whole request refused for one order the member does not see (another store's, another CS's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../test/dashboard-helpers.js';
import { CUSTOMER, seedOrder, seedProduct, seedStore, startTestApp } from '../../../test/helpers.js';
import { PRINT_MAX } from './print-kinds.js';

let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

const SENDER = { name: 'Toko Kaos Bandung', phone: '0812-3456-7890', address: 'Jl. Braga No. 10, RT 01/RW 02', district: 'Sumur Bandung', city: 'Kota Bandung', province: 'Jawa Barat', postal_code: '40111' };

const send = (member: Member, method: 'POST' | 'PATCH', url: string, body: unknown) =>
  t.request({ method, url, payload: JSON.stringify(body), headers: asMember(member, { 'content-type': 'application/json' }) });
const get = (member: Member, url: string) => t.request({ method: 'GET', url, headers: asMember(member) });
const printHistory = (ids: number[]) =>
  t.ctx.db.selectFrom('order_history').select(['order_id', 'field', 'new_value', 'actor_user_id']).where('order_id', 'in', ids).where('field', '=', 'printed').orderBy('id').execute();
const labelPrinted = async (id: number) => Number((await t.ctx.db.selectFrom('orders').select('label_printed').where('id', '=', id).executeTakeFirstOrThrow()).label_printed);
const listIds = async (member: Member, query: string) => (await get(member, `/dashboard/api/orders?${query}`)).json().orders.map((o: { id: number }) => o.id);

async function shop() {
  const store = await seedStore(t.ctx, {});
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos Polos', price: 85_000 });
  const owner = await seedMember(t.ctx, store.tenantId, 'owner');
  const cs = await seedMember(t.ctx, store.tenantId, 'cs');
  const order = (input: Record<string, unknown> = {}) => seedOrder(t.ctx, store.tenantId, { product_id: product.id, ...input });
  return { store, product, owner, cs, order };
}

describe('the sender address, an ordinary setting', () => {
  it('is saved whole, its phone normalised; a wrong field is refused naming sender_address; null clears it', async () => {
    const s = await shop();
    expect((await get(s.owner, '/dashboard/api/settings')).json().sender_address).toBeNull();
    const saved = await send(s.owner, 'PATCH', '/dashboard/api/settings', { sender_address: SENDER });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(s.owner, '/dashboard/api/settings')).json().sender_address).toEqual({ ...SENDER, phone: '6281234567890' });
    for (const wrong of [{ ...SENDER, postal_code: '4011' }, { ...SENDER, phone: '12345' }, { ...SENDER, province: 'Jawa' }, { ...SENDER, city: ' ' }, { name: 'X' }]) {
      const refused = await send(s.owner, 'PATCH', '/dashboard/api/settings', { sender_address: wrong });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(422);
      expect(refused.json().code).toBe('invalid_request');
      expect(Object.keys(refused.json().fields).some((f) => f.startsWith('sender_address'))).toBe(true);
    }
    expect((await get(s.owner, '/dashboard/api/settings')).json().sender_address).toEqual({ ...SENDER, phone: '6281234567890' });
    expect((await send(s.owner, 'PATCH', '/dashboard/api/settings', { sender_address: null })).statusCode).toBe(200);
    expect((await get(s.owner, '/dashboard/api/settings')).json().sender_address).toBeNull();
    // A CS may not.
    expect((await send(s.cs, 'PATCH', '/dashboard/api/settings', { sender_address: SENDER })).statusCode).toBe(403);
  });
});

describe('GET /dashboard/api/orders/print', () => {
  it('gives the store, the sender and each order in the order asked, each once; reading records nothing', async () => {
    const s = await shop();
    await send(s.owner, 'PATCH', '/dashboard/api/settings', { sender_address: SENDER });
    const transfer = await s.order({ quantity: 2 });
    const cod = await s.order({ payment_method: 'cod', resi: 'JNE1234567890', customer: { ...CUSTOMER, name: 'Budi Santoso' } });
    const res = await get(s.owner, `/dashboard/api/orders/print?kind=labels&ids=${cod.id},${transfer.id},${cod.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('labels');
    expect(body.sender).toEqual({ ...SENDER, phone: '6281234567890' });
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([cod.id, transfer.id]);
    const [c, tr] = body.orders;
    expect(c).toMatchObject({ payment_method: 'cod', cod_amount: cod.total, resi: 'JNE1234567890', courier: 'JNE', paid: false, customer: { name: 'Budi Santoso', phone: '6281234567890' } });
    expect(tr).toMatchObject({ payment_method: 'bank_transfer', cod_amount: null, resi: null, quantity: 2, product: 'Kaos Polos', unit_price: 85_000, total: transfer.total, paid: false });
    expect(tr.customer.address).toBe(CUSTOMER.address);
    // Nothing recorded by reading.
    expect(await printHistory([cod.id, transfer.id])).toEqual([]);
    expect(await labelPrinted(cod.id)).toBe(0);
  });

  it('says paid from the status and method: a transfer from paid, COD only once completed', async () => {
    const s = await shop();
    const paid = await s.order({ status: 'paid' });
    const codShipped = await s.order({ payment_method: 'cod', status: 'shipped', resi: 'R1' });
    const codDone = await s.order({ payment_method: 'cod', status: 'completed', resi: 'R2' });
    const body = (await get(s.owner, `/dashboard/api/orders/print?kind=invoices&ids=${paid.id},${codShipped.id},${codDone.id}`)).json();
    expect(body.orders.map((o: { paid: boolean }) => o.paid)).toEqual([true, false, true]);
    expect(body.sender).toBeNull();
    expect(body.store.name).toBe('Toko Test');
  });

  it('refuses the whole request for one order the member does not see; a bad kind or ids is 422 naming the field', async () => {
    const s = await shop();
    const other = await shop();
    const mine = await s.order();
    const theirs = await other.order();
    const foreign = await get(s.owner, `/dashboard/api/orders/print?kind=labels&ids=${mine.id},${theirs.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'order_not_found' });
    // A CS sees only the orders assigned to them.
    const assigned = await s.order();
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: s.cs.userId }).where('id', '=', assigned.id).execute();
    expect((await get(s.cs, `/dashboard/api/orders/print?kind=labels&ids=${assigned.id}`)).statusCode).toBe(200);
    expect((await get(s.cs, `/dashboard/api/orders/print?kind=labels&ids=${assigned.id},${mine.id}`)).statusCode).toBe(404);
    const tooMany = Array.from({ length: PRINT_MAX + 1 }, (_, i) => mine.id + i).join(',');
    for (const query of ['kind=stickers&ids=1', `kind=labels&ids=${tooMany}`, 'kind=labels&ids=1,,2', 'kind=labels&ids=abc', 'kind=labels']) {
      const res = await get(s.owner, `/dashboard/api/orders/print?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('invalid_request');
    }
  });
});

describe('POST /dashboard/api/orders/printed', () => {
  it('labels: a history entry on each order naming the member, the printed filter and its counts follow; again: another entry', async () => {
    const s = await shop();
    const a = await s.order();
    const b = await s.order();
    const c = await s.order();
    expect((await get(s.owner, '/dashboard/api/orders/counts?printed=false')).json().counts).toMatchObject({ all: 3, pending: 3 });
    const res = await send(s.owner, 'POST', '/dashboard/api/orders/printed', { kind: 'labels', ids: [a.id, b.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: 2 });
    expect(await printHistory([a.id, b.id, c.id])).toEqual([
      { order_id: a.id, field: 'printed', new_value: 'label', actor_user_id: s.owner.userId },
      { order_id: b.id, field: 'printed', new_value: 'label', actor_user_id: s.owner.userId },
    ]);
    expect([await labelPrinted(a.id), await labelPrinted(b.id), await labelPrinted(c.id)]).toEqual([1, 1, 0]);
    expect(await listIds(s.owner, 'printed=true')).toEqual([b.id, a.id]);
    expect(await listIds(s.owner, 'printed=false')).toEqual([c.id]);
    expect((await get(s.owner, '/dashboard/api/orders/counts?printed=true')).json().counts).toMatchObject({ all: 2, pending: 2 });
    expect((await get(s.owner, '/dashboard/api/orders/counts?printed=false')).json().counts).toMatchObject({ all: 1, pending: 1 });
    // With a CS (a pair of counters) and with another filter (the orders counted through its index), and on the order's page.
    expect((await get(s.owner, '/dashboard/api/orders/counts?printed=true&cs=none')).json().counts).toMatchObject({ all: 2 });
    expect((await get(s.owner, `/dashboard/api/orders/counts?printed=true&product_id=${s.product.id}`)).json().counts).toMatchObject({ all: 2 });
    const page = (await get(s.owner, `/dashboard/api/orders/${a.id}`)).json().order;
    expect(page.history[0]).toMatchObject({ field: 'printed', new_value: 'label', actor_user_id: s.owner.userId });
    expect((await send(s.owner, 'POST', '/dashboard/api/orders/printed', { kind: 'labels', ids: [a.id] })).statusCode).toBe(200);
    expect(await printHistory([a.id])).toHaveLength(2);
  });

  it('invoices: history entries only, the label filter unchanged; a CS only on their own orders, else nothing written', async () => {
    const s = await shop();
    const mine = await s.order();
    const notMine = await s.order();
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: s.cs.userId }).where('id', '=', mine.id).execute();
    const res = await send(s.cs, 'POST', '/dashboard/api/orders/printed', { kind: 'invoices', ids: [mine.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await printHistory([mine.id])).toEqual([{ order_id: mine.id, field: 'printed', new_value: 'invoice', actor_user_id: s.cs.userId }]);
    expect(await labelPrinted(mine.id)).toBe(0);
    const refused = await send(s.cs, 'POST', '/dashboard/api/orders/printed', { kind: 'labels', ids: [mine.id, notMine.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'order_not_found' });
    expect(await printHistory([mine.id, notMine.id])).toHaveLength(1);
    expect(await labelPrinted(mine.id)).toBe(0);
    for (const body of [{ kind: 'labels', ids: [] }, { kind: 'stickers', ids: [mine.id] }, { kind: 'labels' }, { kind: 'labels', ids: Array.from({ length: PRINT_MAX + 1 }, (_, i) => i + 1) }]) {
      const bad = await send(s.owner, 'POST', '/dashboard/api/orders/printed', body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
  });
});
