// Manual transfers over HTTP (SQLite and PostgreSQL): the unique code added at submit (and
// twenty buyers submitting at once get twenty amounts), a statement matched to open transfer
// orders, the confirmation to paid with its event and history entry, and what never happens
// twice: a second upload, an overlapping statement, a stale proposal, another store's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../test/form-helpers.js';
import { formatTimestamp } from '../lib/time.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';
import type { Product } from '../products/product-record.js';
import { updateStoreSettings } from '../tenants/update-store-settings.js';
import { UNIQUE_CODE_MAX, assignUniqueCode } from '../orders/core/transfer-codes.js';
import { insertOrder } from '../orders/core/insert-order.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let store: Store;
let kaos: Product;
let owner: Member;
let ownerName: string;

// formBody's order: Putih / XL (62.000) x 2 + JNE REG to Jawa Barat (12.000).
const BASE = 62_000 * 2 + 12_000;

beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' } });
  store = await seedFormStore(t.ctx, { unique_code: true });
  kaos = await seedKaos(t.ctx, store.tenantId);
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  ownerName = (await t.ctx.db.selectFrom('users').select('name').where('id', '=', owner.userId).executeTakeFirstOrThrow()).name;
});
afterAll(() => t.drop());

const formUrl = (p: Product = kaos) => `/form/${p.tenant_id}/${p.slug}`;

async function place(product: Product = kaos, overrides: Record<string, string> = {}): Promise<number> {
  const token = tokenOf((await t.request({ method: 'GET', url: formUrl(product) })).body);
  const res = await t.request({ method: 'POST', url: formUrl(product), payload: formBody(token, overrides), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  const thanks = await t.request({ method: 'GET', url: res.headers.location as string });
  return Number(/id="lf-order-id">#(\d+)</.exec(thanks.body)![1]);
}

const orderRow = (id: number) =>
  t.ctx.db.selectFrom('orders').select(['id', 'tenant_id', 'total', 'unique_code', 'transfer_manual_match', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const today = () => formatTimestamp(t.clock.now(), 'Asia/Jakarta').slice(0, 10);
const ddmm = (iso: string) => `'${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** A KlikBCA export whose credits are the given amounts (today, unless a date is given). */
function bcaStatement(credits: Array<{ amount: number; name: string; date?: string; balance?: number }>): string {
  const d = today();
  const period = `01/${d.slice(5, 7)}/${d.slice(0, 4)} - ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const rows = credits.map((c, i) => `${ddmm(c.date ?? d)},TRSF E-BANKING CR ${c.name},'0000,${c.amount}.00,CR,${c.balance ?? 1_000_000 + i}.00`);
  return [`No. rekening : 1234567890`, `Nama : TOKO FORM`, `Periode : ${period}`, `Kode Mata Uang : Rp`, '', 'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo', ...rows, 'Saldo Awal,:,1000000.00', ''].join('\n');
}

const upload = (member: Member, csv: string, query = 'bank=bca&days=7', headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/dashboard/api/transfers/statements?${query}`, payload: csv, headers: asMember(member, { 'content-type': 'text/csv', ...headers }) });
const confirm = (member: Member, body: unknown) =>
  t.request({ method: 'POST', url: '/dashboard/api/transfers/confirm', payload: JSON.stringify(body), headers: asMember(member, { 'content-type': 'application/json' }) });

type Proposal = {
  matches: Array<{ line: number; credit: Record<string, unknown>; order: { id: number; status: string; total: number } }>;
  ambiguous: Array<{ orders: Array<{ id: number }> }>;
  unmatched: Array<{ credit: { amount: number } }>;
  already_applied: Array<{ order_id: number; credit: { amount: number } }>;
  errors: Array<{ line: number; message: string }>;
};

const itemsOf = (p: Proposal) => p.matches.map((m) => ({ order_id: m.order.id, status: m.order.status, credit: m.credit }));

describe('the unique code at submit', () => {
  it('total = unit price x quantity + shipping fee + code; the code in its column and on the thank-you page', async () => {
    const token = tokenOf((await t.request({ method: 'GET', url: formUrl() })).body);
    const res = await t.request({ method: 'POST', url: formUrl(), payload: formBody(token), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const thanks = await t.request({ method: 'GET', url: res.headers.location as string });
    const id = Number(/id="lf-order-id">#(\d+)</.exec(thanks.body)![1]);
    const row = await orderRow(id);
    expect(row.unique_code).toBeGreaterThanOrEqual(1);
    expect(row.unique_code).toBeLessThanOrEqual(999);
    expect(Number(row.total)).toBe(BASE + row.unique_code!);
    expect(thanks.body).toContain(`<dt>Kode unik</dt><dd id="lf-unique-code">Rp${row.unique_code}</dd>`);
    expect(thanks.body).toContain(`<dd id="lf-total">Rp${(BASE + row.unique_code!).toLocaleString('id-ID')}</dd>`);
    // SPEC's order record keeps its fixed field list: total carries the code, no new field.
    const claim = await t.ctx.db.selectFrom('transfer_codes').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(claim.amount)).toBe(BASE + row.unique_code!);
  });

  it('COD orders, and transfer orders of a store with the switch off, get no code', async () => {
    const cod = await orderRow(await place(kaos, { payment_method: 'cod' }));
    expect(cod).toMatchObject({ unique_code: null, transfer_manual_match: 0 });
    expect(Number(cod.total)).toBe(BASE);
    const off = await seedFormStore(t.ctx, {}, 'Toko Tanpa Kode');
    const offKaos = await seedKaos(t.ctx, off.tenantId);
    const plain = await orderRow(await place(offKaos));
    expect(plain).toMatchObject({ unique_code: null, transfer_manual_match: 0 });
    expect(Number(plain.total)).toBe(BASE);
  });

  it('20 buyers submitting at once at one price (real HTTP, in parallel) get 20 different amounts', async () => {
    const shop = await seedFormStore(t.ctx, { unique_code: true }, 'Toko Ramai');
    const product = await seedKaos(t.ctx, shop.tenantId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => tokenOf(await (await fetch(`${address}${formUrl(product)}`)).text())));
    const answers = await Promise.all(
      tokens.map((token) =>
        fetch(`${address}${formUrl(product)}`, { method: 'POST', body: formBody(token), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(303));
    const rows = await t.ctx.db.selectFrom('orders').select(['total', 'unique_code']).where('tenant_id', '=', shop.tenantId).execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => Number(r.total))).size).toBe(20);
    for (const r of rows) expect(Number(r.total)).toBe(BASE + r.unique_code!);
  });

  it('submits that reach for the same amount at the same moment: the unique key lets one through, the others pick again', async () => {
    const shop = await seedStore(t.ctx, {}, { name: 'Toko Serentak' });
    const product = await seedKaos(t.ctx, shop.tenantId);
    const now = t.clock.now();
    const customer = { name: 'A', phone: '6281234567890', email: null, address: 'A', village: 'B', district: 'C', city: 'D', province: 'Jawa Barat', postal_code: '40123' };
    // Every submit's first pick is code 1 (random() = 0): without the retry they would collide.
    const codes = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.ctx.writeTransaction(async (tx) => {
          const order = await insertOrder(tx, {
            tenantId: shop.tenantId, product, variant: '', quote: { quantity: 1, unitPrice: 50_000, compareAtPrice: null, subtotal: 50_000, shippingFee: 0, total: 50_000 },
            courier: 'JNE REG', paymentMethod: 'bank_transfer', status: 'pending', customer, adParams: {}, origin: { source: 'form', actor: 'form' }, now,
          });
          return assignUniqueCode(tx, { tenantId: shop.tenantId, orderId: order.id, baseTotal: 50_000, now }, () => 0);
        }),
      ),
    );
    expect([...codes].sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('no code free: the order gets none, keeps its base total and is marked for manual matching; a paid order frees its amount', async () => {
    const full = await seedFormStore(t.ctx, { unique_code: true }, 'Toko Penuh');
    const product = await seedKaos(t.ctx, full.tenantId);
    const now = t.clock.now();
    // 999 open coded orders holding every amount BASE + 1 .. BASE + 999.
    const holders: number[] = [];
    for (let start = 1; start <= UNIQUE_CODE_MAX; start += 300) {
      const codes = Array.from({ length: Math.min(300, UNIQUE_CODE_MAX - start + 1) }, (_, i) => start + i);
      const inserted = await t.ctx.db
        .insertInto('orders')
        .values(codes.map((code) => ({
          tenant_id: full.tenantId, product_id: product.id, product_name: 'Kaos Polos', variant: 'Putih / XL', quantity: 2, unit_price: 62_000, total: BASE + code,
          shipping_fee: 12_000, courier: 'JNE REG', payment_method: 'bank_transfer', resi: null, status: 'pending', customer_name: 'X', customer_phone: '6281234567890',
          customer_email: null, customer_address: 'A', customer_village: 'B', customer_district: 'C', customer_city: 'D', customer_province: 'Jawa Barat',
          customer_postal_code: '40123', ad_params: '{}', created_at: now, updated_at: now, unique_code: code,
        })))
        .returning(['id', 'total'])
        .execute();
      await t.ctx.db.insertInto('transfer_codes').values(inserted.map((o) => ({ tenant_id: full.tenantId, amount: Number(o.total), order_id: Number(o.id), created_at: now }))).execute();
      holders.push(...inserted.map((o) => Number(o.id)));
    }
    const none = await orderRow(await place(product));
    expect(none).toMatchObject({ unique_code: null, transfer_manual_match: 1 });
    expect(Number(none.total)).toBe(BASE);

    // The seller marks one holder paid: its amount is free again and the next order can take it.
    const freed = holders[0]!;
    const moved = await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, full.tenantId, freed, 'paid', { source: 'cli', actor: 'cli' }));
    expect(moved.ok).toBe(true);
    const next = await orderRow(await place(product));
    expect(next).toMatchObject({ unique_code: 1, transfer_manual_match: 0 });
    expect(Number(next.total)).toBe(BASE + 1);
  });
});

describe('statements and confirmation', () => {
  it('a spam order is never proposed and frees its amount; taken off spam it takes the amount back when free, else it is marked for manual matching', async () => {
    const spam = (id: number, on: boolean) =>
      t.request({ method: 'POST', url: `/dashboard/api/orders/${id}/spam`, payload: JSON.stringify({ spam: on }), headers: asMember(owner, { 'content-type': 'application/json' }) });
    const claimOf = (id: number) => t.ctx.db.selectFrom('transfer_codes').select('amount').where('order_id', '=', id).executeTakeFirst();
    const id = await place();
    const { total } = await orderRow(id);
    expect((await spam(id, true)).statusCode).toBe(200);
    expect(await claimOf(id)).toBeUndefined();
    const proposal = (await upload(owner, bcaStatement([{ amount: Number(total), name: 'SPAMMER' }]))).json() as Proposal;
    expect(proposal.matches).toEqual([]);
    expect(proposal.unmatched.map((u) => u.credit.amount)).toEqual([Number(total)]);
    // Back: the amount is still free, so it is the order's again.
    expect((await spam(id, false)).statusCode).toBe(200);
    expect(Number((await claimOf(id))!.amount)).toBe(Number(total));
    expect((await orderRow(id)).transfer_manual_match).toBe(0);
    // Spam again, and another open order takes the amount meanwhile: back from spam, it is matched by hand.
    expect((await spam(id, true)).statusCode).toBe(200);
    const taker = await place();
    await t.ctx.db.deleteFrom('transfer_codes').where('order_id', '=', taker).execute();
    await t.ctx.db.insertInto('transfer_codes').values({ tenant_id: store.tenantId, amount: Number(total), order_id: taker, created_at: t.clock.now() }).execute();
    expect((await spam(id, false)).statusCode).toBe(200);
    expect(await claimOf(id)).toBeUndefined();
    expect((await orderRow(id)).transfer_manual_match).toBe(1);
  });

  it('two transfer orders of one price; the statement pays one: exactly that order becomes paid, with its event and history entry', async () => {
    const paidId = await place();
    const otherId = await place();
    const [paid, other] = [await orderRow(paidId), await orderRow(otherId)];
    expect(Number(paid.total)).not.toBe(Number(other.total));

    const res = await upload(owner, bcaStatement([{ amount: Number(paid.total), name: 'BUDI' }, { amount: 12_345, name: 'LAIN' }]));
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json() as Proposal;
    expect(proposal.errors).toEqual([]);
    expect(proposal.matches).toEqual([
      { line: 7, credit: { date: today(), description: 'TRSF E-BANKING CR BUDI', amount: Number(paid.total), balance: 1_000_000 }, order: expect.objectContaining({ id: paidId, status: 'pending', total: Number(paid.total), unique_code: paid.unique_code }) },
    ]);
    expect(proposal.unmatched.map((u) => u.credit.amount)).toEqual([12_345]);

    const done = await confirm(owner, { bank: 'bca', items: itemsOf(proposal) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ results: [{ order_id: paidId, outcome: 'paid', reason: null }] });
    expect((await orderRow(paidId)).status).toBe('paid');
    expect((await orderRow(otherId)).status).toBe('pending');

    const events = await t.ctx.db.selectFrom('events').select(['payload']).where('order_id', '=', paidId).execute();
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([expect.objectContaining({ order_id: paidId, previous_status: 'pending', status: 'paid', source: 'dashboard' })]);
    const history = await t.ctx.db.selectFrom('order_history').selectAll().where('order_id', '=', paidId).where('field', '!=', 'created').execute();
    expect(history).toEqual([expect.objectContaining({ source: 'dashboard', actor: ownerName, actor_user_id: owner.userId, field: 'status', old_value: 'pending', new_value: 'paid' })]);
    // The paid order's amount is free for the next buyer.
    expect(await t.ctx.db.selectFrom('transfer_codes').selectAll().where('order_id', '=', paidId).executeTakeFirst()).toBeUndefined();
    // The file is not kept: only the line's hash, date and amount.
    const applied = await t.ctx.db.selectFrom('transfer_applied_lines').selectAll().where('order_id', '=', paidId).execute();
    expect(applied).toHaveLength(1);
    expect(JSON.stringify(applied)).not.toContain('BUDI');
  });

  it('a statement uploaded twice pays nothing twice: the line is already applied, and confirming it again is skipped', async () => {
    const id = await place();
    const total = Number((await orderRow(id)).total);
    const csv = bcaStatement([{ amount: total, name: 'DUA KALI' }]);
    const first = (await upload(owner, csv)).json() as Proposal;
    expect(first.matches.map((m) => m.order.id)).toEqual([id]);
    expect((await confirm(owner, { bank: 'bca', items: itemsOf(first) })).json().results[0].outcome).toBe('paid');

    // The order is paid again by hand back to pending (the seller's mistake): the line still never applies again.
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'pending', { source: 'cli', actor: 'cli' }));
    const second = (await upload(owner, csv)).json() as Proposal;
    expect(second.matches).toEqual([]);
    expect(second.already_applied).toEqual([expect.objectContaining({ order_id: id, credit: expect.objectContaining({ amount: total }) })]);
    const again = await confirm(owner, { bank: 'bca', items: itemsOf(first) });
    expect(again.json()).toEqual({ results: [{ order_id: id, outcome: 'skipped', reason: 'already_applied' }] });
    expect((await orderRow(id)).status).toBe('pending');
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'cancelled', { source: 'cli', actor: 'cli' }));
  });

  it('two overlapping weekly statements: the shared line applies once, the new one matches', async () => {
    const [a, b, c] = [await place(), await place(), await place()];
    const [ta, tb, tc] = [Number((await orderRow(a)).total), Number((await orderRow(b)).total), Number((await orderRow(c)).total)];
    const week1 = bcaStatement([{ amount: ta, name: 'A', balance: 500 }, { amount: tb, name: 'B', balance: 600 }]);
    const week2 = bcaStatement([{ amount: tb, name: 'B', balance: 600 }, { amount: tc, name: 'C', balance: 700 }]);
    const p1 = (await upload(owner, week1)).json() as Proposal;
    expect(p1.matches.map((m) => m.order.id).sort()).toEqual([a, b].sort());
    const r1 = (await confirm(owner, { bank: 'bca', items: itemsOf(p1) })).json();
    expect(r1.results.map((r: { outcome: string }) => r.outcome)).toEqual(['paid', 'paid']);

    const p2 = (await upload(owner, week2)).json() as Proposal;
    expect(p2.already_applied.map((x) => x.order_id)).toEqual([b]);
    expect(p2.matches.map((m) => m.order.id)).toEqual([c]);
    // Even a client that sends the shared line again (with an order reopened meanwhile) pays nothing twice.
    const shared = p1.matches.find((m) => m.order.id === b)!;
    const r2 = (await confirm(owner, { bank: 'bca', items: [...itemsOf(p2), { order_id: b, status: 'pending', credit: shared.credit }] })).json();
    expect(r2.results).toEqual([{ order_id: c, outcome: 'paid', reason: null }, { order_id: b, outcome: 'skipped', reason: 'status_changed' }]);
    expect(await t.ctx.db.selectFrom('transfer_applied_lines').select('order_id').where('tenant_id', '=', store.tenantId).where('order_id', 'in', [a, b, c]).execute()).toHaveLength(3);
  });

  it('a line that cannot be read: errors with line numbers and nothing proposed', async () => {
    const id = await place();
    const total = Number((await orderRow(id)).total);
    const csv = bcaStatement([{ amount: total, name: 'OK' }]).replace('Saldo Awal', "'99/99,RUSAK,'0000,12x.00,CR,1.00\nSaldo Awal");
    const res = await upload(owner, csv);
    expect(res.statusCode).toBe(200);
    const proposal = res.json() as Proposal;
    expect(proposal.errors).toEqual([{ line: 8, message: 'Nominal tidak terbaca: "12x.00".' }]);
    expect(proposal.matches).toEqual([]);
    expect(proposal.unmatched).toEqual([]);
    expect((await orderRow(id)).status).toBe('pending');
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'cancelled', { source: 'cli', actor: 'cli' }));
  });

  it('confirmation skips an order whose status changed since the proposal, and records no line for it', async () => {
    const [moved, kept] = [await place(), await place()];
    const csv = bcaStatement([{ amount: Number((await orderRow(moved)).total), name: 'M' }, { amount: Number((await orderRow(kept)).total), name: 'K' }]);
    const proposal = (await upload(owner, csv)).json() as Proposal;
    expect(proposal.matches).toHaveLength(2);
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, moved, 'closing', { source: 'cli', actor: 'cli' }));
    const res = (await confirm(owner, { bank: 'bca', items: itemsOf(proposal) })).json();
    expect(res.results).toEqual([
      { order_id: moved, outcome: 'skipped', reason: 'status_changed' },
      { order_id: kept, outcome: 'paid', reason: null },
    ]);
    expect((await orderRow(moved)).status).toBe('closing');
    expect(await t.ctx.db.selectFrom('transfer_applied_lines').select('id').where('order_id', '=', moved).execute()).toEqual([]);
    // A fresh upload proposes it again, now as closing, and it can be paid.
    const again = (await upload(owner, csv)).json() as Proposal;
    expect(again.matches.map((m) => [m.order.id, m.order.status])).toEqual([[moved, 'closing']]);
    expect((await confirm(owner, { bank: 'bca', items: itemsOf(again) })).json().results[0].outcome).toBe('paid');
  });

  it('orders placed before the window, and two open orders of one amount, are not matched', async () => {
    const plain = await seedFormStore(t.ctx, {}, 'Toko Kembar');
    const product = await seedKaos(t.ctx, plain.tenantId);
    const member = await seedMember(t.ctx, plain.tenantId, 'owner');
    const [x, y] = [await place(product), await place(product)];
    const proposal = (await upload(member, bcaStatement([{ amount: BASE, name: 'KEMBAR' }]))).json() as Proposal;
    expect(proposal.matches).toEqual([]);
    expect(proposal.ambiguous.map((a) => a.orders.map((o) => o.id))).toEqual([[x, y]]);
    // A credit dated 10 days after the orders is outside a 7-day window (and inside a 14-day one).
    t.clock.advance(10 * 86_400_000);
    try {
      await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, plain.tenantId, y, 'cancelled', { source: 'cli', actor: 'cli' }));
      const late = bcaStatement([{ amount: BASE, name: 'TELAT' }]);
      expect(((await upload(member, late)).json() as Proposal).unmatched).toHaveLength(1);
      expect(((await upload(member, late, 'bank=bca&days=14')).json() as Proposal).matches.map((m) => m.order.id)).toEqual([x]);
    } finally {
      t.clock.advance(-10 * 86_400_000);
    }
  });

  it("another store's orders are never matched nor paid", async () => {
    const otherShop = await seedFormStore(t.ctx, { unique_code: true }, 'Toko Tetangga');
    const otherKaos = await seedKaos(t.ctx, otherShop.tenantId);
    const theirs = await place(otherKaos);
    const total = Number((await orderRow(theirs)).total);
    const proposal = (await upload(owner, bcaStatement([{ amount: total, name: 'TETANGGA' }]))).json() as Proposal;
    expect(proposal.matches.concat().map((m) => m.order.id)).not.toContain(theirs);
    expect(proposal.ambiguous.flatMap((a) => a.orders.map((o) => o.id))).not.toContain(theirs);
    const res = await confirm(owner, { bank: 'bca', items: [{ order_id: theirs, status: 'pending', credit: { date: today(), description: 'X', amount: total, balance: null } }] });
    expect(res.json()).toEqual({ results: [{ order_id: theirs, outcome: 'skipped', reason: 'not_found' }] });
    expect((await orderRow(theirs)).status).toBe('pending');
  });

  it('a generic CSV with its column mapping in the query', async () => {
    const id = await place();
    const total = Number((await orderRow(id)).total);
    const d = today();
    const csv = `Tgl;Uraian;Masuk;Keluar\n${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)};Transfer Dewi;${total.toLocaleString('id-ID')},00;\n`;
    const res = await upload(owner, csv, 'bank=generic&date=Tgl&description=Uraian&credit=Masuk&debit=Keluar');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Proposal).matches.map((m) => m.order.id)).toEqual([id]);
    const missing = await upload(owner, csv, 'bank=generic&date=Tgl');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'invalid_request', fields: { description: expect.any(String), amount: expect.any(String) } });
    expect((await upload(owner, csv, 'bank=ocbc')).statusCode).toBe(422);
    expect((await upload(owner, csv, 'bank=bca&days=0')).statusCode).toBe(422);
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'cancelled', { source: 'cli', actor: 'cli' }));
  });
});

describe('access and transport', () => {
  it('CS: 403 on both routes; admin: allowed; no session: 401', async () => {
    const cs = await seedMember(t.ctx, store.tenantId, 'cs');
    const admin = await seedMember(t.ctx, store.tenantId, 'admin');
    const csv = bcaStatement([{ amount: 1, name: 'X' }]);
    expect((await upload(cs, csv)).statusCode).toBe(403);
    expect((await upload(cs, csv)).json()).toMatchObject({ code: 'forbidden' });
    expect((await confirm(cs, { bank: 'bca', items: [{ order_id: 1, status: 'pending', credit: { date: today(), description: 'X', amount: 1, balance: null } }] })).statusCode).toBe(403);
    expect((await upload(admin, csv)).statusCode).toBe(200);
    expect((await confirm(admin, { bank: 'bca', items: [{ order_id: 999999, status: 'pending', credit: { date: today(), description: 'X', amount: 1, balance: null } }] })).json()).toEqual({
      results: [{ order_id: 999999, outcome: 'skipped', reason: 'not_found' }],
    });
    const anonymous = await t.request({ method: 'POST', url: '/dashboard/api/transfers/statements?bank=bca', payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('only text/csv, same-site, and at most 2 MiB on this route', async () => {
    const csv = bcaStatement([{ amount: 1, name: 'X' }]);
    const wrongType = await upload(owner, csv, 'bank=bca', { 'content-type': 'text/plain' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'csv_required' });
    expect((await upload(owner, csv, 'bank=bca', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // Above the server's 64 KiB default and below 2 MiB (filler after BCA's summary block): read.
    const big = csv + `${'x'.repeat(100)}\n`.repeat(10_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    expect((await upload(owner, big)).statusCode).toBe(200);
    const tooBig = await upload(owner, 'a'.repeat(2 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'body_too_large' });
    // The confirmation stays JSON-only.
    const csvConfirm = await t.request({ method: 'POST', url: '/dashboard/api/transfers/confirm', payload: 'a,b', headers: asMember(owner, { 'content-type': 'text/csv' }) });
    expect(csvConfirm.statusCode).toBe(415);
  });
});
