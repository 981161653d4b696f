// "Balasan baru" in the orders list (issue 42 §4) on SQLite and PostgreSQL: `reply=new` keeps the
// orders whose buyer wrote and nobody answered or marked handled, alone or with a tab, another
// filter, a search or a CS's scope; the counts answer under it (each tab, `all` their sum); each
// row carries `buyer_reply_at` and `opted_out` (the buyer's phone on the store's opt-out list,
// STOP); answering or "Sudah ditangani" takes the order out; another store's replies never show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { CUSTOMER, seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../../test/helpers.js';
import { receiveMessage } from '../../../messaging/receive-message.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let rani: Member; // CS
let other: { store: Store; owner: Member; orderId: number };
let kaos: number;

type Listed = { id: number; status: string; buyer_reply_at: string | null; opted_out: boolean };

const get = (member: Member, path: string) => t.request({ method: 'GET', url: path, headers: asMember(member) });
async function list(member: Member, query = ''): Promise<Listed[]> {
  const res = await get(member, `/dashboard/api/orders?limit=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders;
}
const idsOf = async (member: Member, query = '') => (await list(member, query)).map((o) => o.id).sort((a, b) => a - b);
async function counts(member: Member, query = ''): Promise<Record<string, number>> {
  const res = await get(member, `/dashboard/api/orders/counts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().capped).toEqual([]);
  return res.json().counts;
}

let phones = 0;
/** An order of the store with a phone of its own; its phone as WhatsApp writes it. */
async function order(input: Record<string, unknown> = {}, tenantId = store.tenantId, product = kaos): Promise<{ id: number; wa: string }> {
  phones += 1;
  const tail = String(phones).padStart(4, '0');
  const { id } = await seedOrder(t.ctx, tenantId, { product_id: product, customer: { ...CUSTOMER, name: 'Siti Aminah', phone: `0812-7300-${tail}` }, ...input });
  t.clock.advance(1_000);
  return { id, wa: `628127300${tail}` };
}

let wamids = 0;
/** The buyer writes to the store, as a provider's webhook hands it over. */
const writes = (tenantId: number, from: string, text: string) =>
  receiveMessage({ db: t.ctx.db, writeTransaction: t.ctx.writeTransaction, now: () => t.clock.now(), provider: null }, { tenantId, provider: 'sandbox', from, text, providerMessageId: `wamid.R${++wamids}`, at: t.clock.now() });

beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' } });
  store = await seedStore(t.ctx, {});
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  rani = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rani' });
  kaos = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 })).id;
  const otherStore = await seedStore(t.ctx, {});
  const otherProduct = (await seedProduct(t.ctx, otherStore.tenantId, { name: 'Kaos', price: 50000 })).id;
  const otherOrder = await order({}, otherStore.tenantId, otherProduct);
  expect(await writes(otherStore.tenantId, otherOrder.wa, 'Halo, sudah transfer')).toBe('reply');
  other = { store: otherStore, owner: await seedMember(t.ctx, otherStore.tenantId, 'owner'), orderId: otherOrder.id };
});
afterAll(() => t.drop());

describe('reply=new', () => {
  let pending: { id: number; wa: string };
  let cod: { id: number; wa: string };
  let paid: { id: number; wa: string };
  let quiet: { id: number; wa: string };
  let stopped: { id: number; wa: string };

  beforeAll(async () => {
    pending = await order();
    cod = await order({ payment_method: 'cod' });
    paid = await order({ status: 'paid' });
    quiet = await order();
    stopped = await order();
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: rani.userId }).where('tenant_id', '=', store.tenantId).where('id', 'in', [cod.id, quiet.id]).execute();
    expect(await writes(store.tenantId, pending.wa, 'Kak, rekeningnya apa?')).toBe('reply');
    expect(await writes(store.tenantId, cod.wa, 'Bisa kirim besok?')).toBe('reply');
    expect(await writes(store.tenantId, paid.wa, 'Sudah saya transfer ya')).toBe('reply');
    // STOP is no reply to answer: the phone goes on the opt-out list, the order is not marked.
    expect(await writes(store.tenantId, stopped.wa, 'STOP')).toBe('opted_out');
  });

  it('lists only the orders whose reply waits, with when it came and whether the phone opted out', async () => {
    expect(await idsOf(owner, 'reply=new')).toEqual([pending.id, cod.id, paid.id]);
    const rows = await list(owner);
    const row = (id: number) => rows.find((r) => r.id === id)!;
    expect(row(pending.id).buyer_reply_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+07:00$/);
    expect(row(quiet.id).buyer_reply_at).toBeNull();
    expect(row(stopped.id)).toMatchObject({ buyer_reply_at: null, opted_out: true });
    for (const id of [pending.id, cod.id, paid.id, quiet.id]) expect(row(id).opted_out, String(id)).toBe(false);
    // The rows under the filter carry the same fields.
    expect((await list(owner, 'reply=new')).every((r) => r.buyer_reply_at !== null && r.opted_out === false)).toBe(true);
  });

  it('works with a tab, another filter, a search and a CS scope', async () => {
    expect(await idsOf(owner, 'reply=new&status=pending')).toEqual([pending.id, cod.id]);
    expect(await idsOf(owner, 'reply=new&status=paid')).toEqual([paid.id]);
    expect(await idsOf(owner, 'reply=new&payment_method=cod')).toEqual([cod.id]);
    expect(await idsOf(owner, `reply=new&q=${encodeURIComponent('0812-7300-')}${String(phones - 3).padStart(4, '0')}`)).toEqual([cod.id]);
    expect(await idsOf(owner, 'reply=new&q=Siti')).toEqual([pending.id, cod.id, paid.id]);
    expect(await idsOf(owner, `reply=new&cs=${rani.userId}`)).toEqual([cod.id]);
    expect(await idsOf(rani, 'reply=new')).toEqual([cod.id]);
  });

  it('pages by keyset under the filter', async () => {
    const first = await get(owner, '/dashboard/api/orders?reply=new&limit=2');
    expect(first.json().orders.map((o: Listed) => o.id)).toEqual([paid.id, cod.id]);
    const next = await get(owner, `/dashboard/api/orders?reply=new&limit=2&cursor=${encodeURIComponent(first.json().next_cursor)}`);
    expect(next.json().orders.map((o: Listed) => o.id)).toEqual([pending.id]);
    expect(next.json().next_cursor).toBeNull();
  });

  it('counts each tab under the filter, with the other filters and for a CS', async () => {
    expect(await counts(owner, 'reply=new')).toMatchObject({ all: 3, pending: 2, closing: 0, paid: 1, shipped: 0, completed: 0, cancelled: 0, invalid_no_hp: 0, spam: 0 });
    expect(await counts(owner, 'reply=new&payment_method=bank_transfer')).toMatchObject({ all: 2, pending: 1, paid: 1 });
    expect(await counts(owner, 'reply=new&q=Siti')).toMatchObject({ all: 3, pending: 2, paid: 1 });
    expect(await counts(owner, `reply=new&cs=${rani.userId}`)).toMatchObject({ all: 1, pending: 1, paid: 0 });
    expect(await counts(rani, 'reply=new')).toMatchObject({ all: 1, pending: 1 });
    expect(await counts(owner, 'reply=new&stale_hours=1')).toMatchObject({ all: 0 });
    // The whole store still counts every order.
    expect((await counts(owner)).all).toBe(5);
  });

  it('"Sudah ditangani" and an answer take the order out of the filter and its counts', async () => {
    const handled = await t.request({ method: 'POST', url: `/dashboard/api/orders/${paid.id}/conversation/handled`, headers: asMember(owner) });
    expect(handled.statusCode, handled.body).toBe(204);
    expect(await idsOf(owner, 'reply=new')).toEqual([pending.id, cod.id]);
    expect(await counts(owner, 'reply=new')).toMatchObject({ all: 2, pending: 2, paid: 0 });
    expect((await list(owner)).find((r) => r.id === paid.id)!.buyer_reply_at).toBeNull();
    // The buyer writes again: back in.
    expect(await writes(store.tenantId, paid.wa, 'Kapan dikirim?')).toBe('reply');
    expect(await idsOf(owner, 'reply=new')).toEqual([pending.id, cod.id, paid.id]);
  });

  it("START takes the phone off the opt-out list; another store's replies and opt-outs never show", async () => {
    expect(await writes(store.tenantId, stopped.wa, 'MULAI')).toBe('opted_in');
    expect((await list(owner)).find((r) => r.id === stopped.id)!.opted_out).toBe(false);
    expect(await idsOf(other.owner, 'reply=new')).toEqual([other.orderId]);
    expect((await counts(other.owner, 'reply=new')).all).toBe(1);
    expect(await idsOf(owner, 'reply=new')).not.toContain(other.orderId);
  });

  it('refuses another value of reply', async () => {
    for (const path of ['/dashboard/api/orders?reply=old', '/dashboard/api/orders/counts?reply=yes']) {
      const res = await get(owner, path);
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_request', fields: { reply: expect.any(String) } });
    }
  });
});
