// Issue 33 §2: an order entered by hand (POST /dashboard/api/orders). The order form's rules,
// prices, shipping rates and unique code; source `manual` and its `created` entry naming the
// member; a CS who enters it is assigned to it, an owner is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { json, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { deleteProduct } from '../products/delete-product.js';
import { replaceRates } from '../shipping/set-rates.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let kaos: number;
let codOnly: number;
let owner: Member;
let cs: Member;

const BUYER = {
  name: 'Rina Wati',
  phone: '0813 1111 2222',
  email: 'rina@example.com',
  address: 'Jl. Kenanga No. 7 RT 01/RW 02',
  village: 'Sukaluyu',
  district: 'Cibeunying Kaler',
  city: 'Bandung',
  province: 'Jawa Barat',
  postal_code: '40123',
};
const ENTRY = { variant: 'Putih / L', quantity: 2, courier: 'JNE', payment_method: 'bank_transfer', customer: BUYER };

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {}, { uniqueCode: true })).tenantId;
  kaos = (await seedProduct(t.ctx, tenantId, {
    name: 'Kaos Polos',
    price: 50000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L'] }],
    variant_prices: [[50000, 55000], [52000, 57000]],
  })).id;
  codOnly = (await seedProduct(t.ctx, tenantId, { name: 'Madu', price: 80000, payment_methods: ['cod'] })).id;
  await t.ctx.db.transaction().execute((tx) =>
    replaceRates(tx, tenantId, [
      { courier: 'JNE', province: 'Jawa Barat', fee: 15000 },
      { courier: 'JNE', province: '*', fee: 25000 },
      { courier: 'SiCepat', province: 'DKI Jakarta', fee: 9000 },
    ]),
  );
  owner = await seedMember(t.ctx, tenantId, 'owner', { name: 'Bu Pemilik' });
  cs = await seedMember(t.ctx, tenantId, 'cs', { name: 'Mas CS' });
});
afterAll(() => t.drop());

const enter = (member: Member, body: unknown) =>
  t.request({ method: 'POST', url: '/dashboard/api/orders', headers: asMember(member, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });
const orderCount = async () => Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n);

describe('POST /dashboard/api/orders', () => {
  it("an owner's order: the form's price, shipping rate and unique code; pending, source manual, its created entry; not assigned; no event", async () => {
    const res = await enter(owner, { product_id: kaos, ...ENTRY });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = json(res);
    const code = order.unique_code as number;
    expect(code).toBeGreaterThanOrEqual(1);
    expect(code).toBeLessThanOrEqual(999);
    expect(order).toMatchObject({
      status: 'pending',
      source: 'manual',
      product_id: kaos,
      product: 'Kaos Polos',
      variant: 'Putih / L',
      quantity: 2,
      unit_price: 57000,
      // JNE's own rate for Jawa Barat, not its rate for every province.
      shipping_fee: 15000,
      total: 57000 * 2 + 15000 + code,
      payment_method: 'bank_transfer',
      courier: 'JNE',
      resi: null,
      customer: { ...BUYER, phone: '6281311112222' },
      assigned_to: null,
      ad_params: {},
    });
    expect(order.history).toEqual([
      expect.objectContaining({ field: 'created', new_value: 'pending', source: 'manual', actor: 'Bu Pemilik', actor_user_id: owner.userId, synthesized: false }),
    ]);
    // The amount is held, as the form's order holds it (docs/transfers.md).
    const held = await t.ctx.db.selectFrom('transfer_codes').select('amount').where('tenant_id', '=', tenantId).where('order_id', '=', order.id).execute();
    expect(held.map((r) => Number(r.amount))).toEqual([order.total]);
    expect(await t.ctx.db.selectFrom('events').select('id').where('tenant_id', '=', tenantId).where('order_id', '=', order.id).execute()).toEqual([]);
    // The answer is the order's page.
    expect(json(await t.request({ method: 'GET', url: `/dashboard/api/orders/${order.id}`, headers: asMember(owner) }))).toEqual({ order });
  });

  it('COD: no unique code; quantity defaults to 1; a product without variations takes a blank variant; the rate for any province', async () => {
    const res = await enter(owner, { product_id: codOnly, courier: 'JNE', payment_method: 'cod', customer: { ...BUYER, province: 'Bali', email: null } });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).order).toMatchObject({ variant: '', quantity: 1, unit_price: 80000, shipping_fee: 25000, unique_code: null, total: 105000, customer: { province: 'Bali', email: null } });
  });

  it('a CS who enters an order is assigned to it in the same transaction (with its history entry) and finds it in their list', async () => {
    const res = await enter(cs, { product_id: kaos, ...ENTRY, payment_method: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = json(res);
    expect(order.assigned_to).toEqual({ id: cs.userId, name: 'Mas CS' });
    expect(order.history.map((h: Record<string, unknown>) => [h.field, h.new_value, h.actor, h.actor_user_id])).toEqual([
      ['assigned_to', 'Mas CS', 'Mas CS', cs.userId],
      ['created', 'pending', 'Mas CS', cs.userId],
    ]);
    expect(order.history[1].source).toBe('manual');
    const list = json(await t.request({ method: 'GET', url: '/dashboard/api/orders', headers: asMember(cs) }));
    expect(list.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const counts = json(await t.request({ method: 'GET', url: '/dashboard/api/orders/counts', headers: asMember(cs) }));
    expect(counts.counts).toMatchObject({ all: 1, pending: 1 });
  });

  it("refuses what the form's rules refuse, each field named in the dashboard's words, and writes nothing", async () => {
    const before = await orderCount();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ variant: 'Merah / L' }, { variant: DASHBOARD_FIELD_TEXT.variant }],
      [{ variant: '' }, { variant: DASHBOARD_FIELD_TEXT.variant }],
      [{ quantity: 0 }, { quantity: DASHBOARD_FIELD_TEXT.quantity }],
      [{ quantity: 100 }, { quantity: DASHBOARD_FIELD_TEXT.quantity }],
      // SiCepat serves DKI Jakarta only.
      [{ courier: 'SiCepat' }, { courier: DASHBOARD_FIELD_TEXT.orderCourier }],
      [{ courier: 'Kurir Lain' }, { courier: DASHBOARD_FIELD_TEXT.orderCourier }],
      // A gateway has no payment page for an order entered by hand.
      [{ payment_method: 'midtrans' }, { payment_method: DASHBOARD_FIELD_TEXT.paymentMethod }],
      [{ payment_method: 'transfer' }, { payment_method: DASHBOARD_FIELD_TEXT.paymentMethod }],
      [
        { customer: { ...BUYER, name: 'A', phone: '12345', email: 'bukan-email', address: 'Jl', village: '', district: 'K', city: '', province: 'Mars', postal_code: '4012' } },
        {
          'customer.name': DASHBOARD_FIELD_TEXT.buyerName,
          'customer.phone': DASHBOARD_FIELD_TEXT.buyerPhone,
          'customer.email': DASHBOARD_FIELD_TEXT.buyerEmail,
          'customer.address': DASHBOARD_FIELD_TEXT.buyerAddress,
          'customer.village': DASHBOARD_FIELD_TEXT.buyerVillage,
          'customer.district': DASHBOARD_FIELD_TEXT.buyerDistrict,
          'customer.city': DASHBOARD_FIELD_TEXT.buyerCity,
          'customer.province': DASHBOARD_FIELD_TEXT.buyerProvince,
          'customer.postal_code': DASHBOARD_FIELD_TEXT.buyerPostalCode,
        },
      ],
      // The contract: fields of the order that the form computes or sets (a fee may be given: below), and a missing buyer.
      [{ unit_price: 1, total: 1, status: 'paid' }, { unit_price: DASHBOARD_FIELD_TEXT.unknownField, total: DASHBOARD_FIELD_TEXT.unknownField, status: DASHBOARD_FIELD_TEXT.unknownField }],
      [{ customer: undefined }, { customer: DASHBOARD_FIELD_TEXT.required }],
      [{ quantity: 1.5 }, { quantity: DASHBOARD_FIELD_TEXT.invalid }],
    ];
    for (const [change, fields] of cases) {
      const res = await enter(owner, { product_id: kaos, ...ENTRY, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(json(res), JSON.stringify(change)).toMatchObject({ code: 'invalid_request', fields });
      expect(Object.keys(json(res).fields).sort(), JSON.stringify(change)).toEqual(Object.keys(fields).sort());
    }
    // The product's own choice: this one is COD only.
    const codChoice = await enter(owner, { product_id: codOnly, ...ENTRY, variant: '' });
    expect(json(codChoice)).toMatchObject({ code: 'invalid_request', fields: { payment_method: DASHBOARD_FIELD_TEXT.paymentMethod } });
    expect(await orderCount()).toBe(before);
  });

  it("a product not in the store, or deleted: 422 with fields.product_id", async () => {
    const other = (await seedStore(t.ctx, {})).tenantId;
    const foreign = (await seedProduct(t.ctx, other, { name: 'Produk Toko Lain', price: 1000 })).id;
    const gone = (await seedProduct(t.ctx, tenantId, { name: 'Dihapus', price: 1000 })).id;
    const deleted = await deleteProduct(t.ctx.db, t.clock, tenantId, gone);
    expect(deleted.ok).toBe(true);
    const before = await orderCount();
    for (const productId of [foreign, gone, 999_999_999]) {
      const res = await enter(owner, { product_id: productId, ...ENTRY, variant: '' });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ code: 'invalid_request', fields: { product_id: DASHBOARD_FIELD_TEXT.product } });
    }
    expect(await orderCount()).toBe(before);
  });

  it("a fee agreed with the buyer in chat replaces the rate's (shipping_fee, as `lapak order create` takes it); the courier must still serve the province", async () => {
    for (const fee of [0, 12000]) {
      const res = await enter(cs, { product_id: kaos, ...ENTRY, payment_method: 'cod', shipping_fee: fee });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).order).toMatchObject({ unit_price: 57000, quantity: 2, shipping_fee: fee, total: 57000 * 2 + fee });
    }
    // null or absent: the rate's.
    const rate = await enter(cs, { product_id: kaos, ...ENTRY, payment_method: 'cod', shipping_fee: null });
    expect(json(rate).order).toMatchObject({ shipping_fee: 15000, total: 57000 * 2 + 15000 });
    // The same rule and refusal as the CLI's: whole rupiah, 0 or more, each beside the field; nothing written.
    const before = await orderCount();
    for (const fee of [-1, 1.5, '15000', 2 ** 53]) {
      const res = await enter(owner, { product_id: kaos, ...ENTRY, shipping_fee: fee });
      expect(res.statusCode, String(fee)).toBe(422);
      expect(json(res), String(fee)).toMatchObject({ code: 'invalid_request', fields: { shipping_fee: DASHBOARD_FIELD_TEXT.shippingFee } });
    }
    // An agreed fee does not open a courier that does not serve the province.
    const noRate = await enter(owner, { product_id: kaos, ...ENTRY, courier: 'SiCepat', shipping_fee: 5000 });
    expect(json(noRate)).toMatchObject({ code: 'invalid_request', fields: { courier: DASHBOARD_FIELD_TEXT.orderCourier } });
    expect(await orderCount()).toBe(before);
  });
});

describe("one order per page: the page's Idempotency-Key (issue 40 §1, a double click on Simpan pesanan)", () => {
  const keyed = (member: Member, key: string, body: unknown) =>
    t.request({ method: 'POST', url: '/dashboard/api/orders', headers: asMember(member, { 'content-type': 'application/json', 'idempotency-key': key }), payload: JSON.stringify(body) });
  const entryKeys = async () => Number((await t.ctx.db.selectFrom('order_entry_keys').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n);

  it('the same save twice: one order; the repeat answers it (201, Idempotency-Replayed) and writes nothing', async () => {
    const before = await orderCount();
    const first = await keyed(owner, 'page-0001-aaaa', { product_id: kaos, ...ENTRY });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const history = await t.ctx.db.selectFrom('order_history').select('id').execute();
    const second = await keyed(owner, 'page-0001-aaaa', { product_id: kaos, ...ENTRY });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(json(second).order.id).toBe(json(first).order.id);
    expect(json(second).order).toEqual(json(first).order);
    expect(await orderCount()).toBe(before + 1);
    expect(await t.ctx.db.selectFrom('order_history').select('id').execute()).toHaveLength(history.length);
  });

  it('saves at the same time: one order, every answer is it', async () => {
    const before = await orderCount();
    const answers = await Promise.all([1, 2, 3].map(() => keyed(cs, 'page-0002-bbbb', { product_id: codOnly, courier: 'JNE', payment_method: 'cod', customer: BUYER })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => json(a).order.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(2);
    expect(await orderCount()).toBe(before + 1);
  });

  it("the key with other content: 422 idempotency_key_reused; a refused save leaves the key free; another member's key is theirs; without a key every save enters", async () => {
    await keyed(owner, 'page-0003-cccc', { product_id: kaos, ...ENTRY });
    const before = await orderCount();
    const other = await keyed(owner, 'page-0003-cccc', { product_id: kaos, ...ENTRY, quantity: 3 });
    expect(other.statusCode).toBe(422);
    expect(json(other)).toMatchObject({ code: 'idempotency_key_reused', error: DASHBOARD_ERRORS.idempotency_key_reused.error });
    // The same key is another page's for another member.
    expect((await keyed(cs, 'page-0003-cccc', { product_id: kaos, ...ENTRY })).headers['idempotency-replayed']).toBeUndefined();
    // Refused (a letter in the phone), then corrected with the same key: the corrected save enters.
    const keys = await entryKeys();
    const refused = await keyed(owner, 'page-0004-dddd', { product_id: kaos, ...ENTRY, customer: { ...BUYER, phone: '0813 1111 222O' } });
    expect(refused.statusCode).toBe(422);
    expect(await entryKeys()).toBe(keys);
    const corrected = await keyed(owner, 'page-0004-dddd', { product_id: kaos, ...ENTRY });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.headers['idempotency-replayed']).toBeUndefined();
    expect(await orderCount()).toBe(before + 2);
    await enter(owner, { product_id: kaos, ...ENTRY });
    await enter(owner, { product_id: kaos, ...ENTRY });
    expect(await orderCount()).toBe(before + 4);
  });

  it('a malformed key: 422 idempotency_key_invalid, nothing written', async () => {
    const before = await orderCount();
    for (const key of ['short', 'a'.repeat(121), 'ada spasi di sini', 'kunci/miring']) {
      const res = await keyed(owner, key, { product_id: kaos, ...ENTRY });
      expect(res.statusCode, key).toBe(422);
      expect(json(res).code).toBe('idempotency_key_invalid');
    }
    expect(await orderCount()).toBe(before);
  });
});
