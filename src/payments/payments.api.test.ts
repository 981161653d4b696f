// Payment confirmation over HTTP: charges through the gateway stand-in, Midtrans
// notifications and Xendit callbacks, on SQLite and PostgreSQL.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type Store } from '../../test/helpers.js';
import { BUYER, formBody, seedFormStore, seedKaos, tokenOf } from '../../test/form-helpers.js';
import { startGatewayStandIn, type GatewayStandIn } from '../../test/gateway-stand-in.js';
import { midtransNotification, xenditCallback } from '../../test/payment-notifications.js';
import type { Product } from '../products/product-record.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';

const MIDTRANS_KEY = 'SB-Mid-server-lapak-test-0123456789';
const XENDIT_SECRET = 'xnd_development_lapak_test_secret';
const XENDIT_TOKEN = 'xendit-callback-token-lapak-test-0123';
const TOTAL = 62000 * 2 + 12000; // Putih / XL x2 to Jawa Barat by JNE REG

let t: Awaited<ReturnType<typeof startTestApp>>;
let gateway: GatewayStandIn;
let logs = '';
let midStore: Store;
let xenStore: Store;
let midKaos: Product;
let xenKaos: Product;

beforeAll(async () => {
  gateway = await startGatewayStandIn();
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk));
  t = await startTestApp({ env: { MIDTRANS_BASE_URL: gateway.url, XENDIT_BASE_URL: gateway.url }, logStream: stream });
  midStore = await seedFormStore(t.ctx, { payment_methods: ['gateway', 'bank_transfer'], gateway: 'midtrans', midtrans_server_key: MIDTRANS_KEY }, 'Toko Midtrans');
  xenStore = await seedFormStore(t.ctx, { payment_methods: ['gateway', 'cod'], gateway: 'xendit', xendit_secret_key: XENDIT_SECRET, xendit_callback_token: XENDIT_TOKEN }, 'Toko Xendit');
  midKaos = await seedKaos(t.ctx, midStore.tenantId);
  xenKaos = await seedKaos(t.ctx, xenStore.tenantId);
});
afterAll(async () => {
  await t.drop();
  await gateway.close();
});

/** Places an order through the form with the given payment method; returns its id and thank-you page. */
async function placeOrder(product: Product, paymentMethod: string) {
  const url = `/form/${product.tenant_id}/${product.slug}`;
  const page = await t.request({ method: 'GET', url });
  const res = await t.request({ method: 'POST', url, payload: formBody(tokenOf(page.body), { payment_method: paymentMethod }) });
  expect(res.statusCode).toBe(303);
  const thanks = await t.request({ method: 'GET', url: res.headers.location as string });
  return { orderId: Number(/id="lf-order-id">#(\d+)</.exec(thanks.body)![1]), thanks: thanks.body, thanksUrl: res.headers.location as string };
}

const notifyMidtrans = (body: unknown) => t.request({ method: 'POST', url: '/payments/midtrans/notification', payload: body as object });
const notifyXendit = (body: unknown, token: string | null = XENDIT_TOKEN) =>
  t.request({ method: 'POST', url: '/payments/xendit/callback', payload: body as object, headers: token === null ? {} : { 'x-callback-token': token } });

const statusOf = async (orderId: number) =>
  (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const eventsOf = (orderId: number) => t.ctx.db.selectFrom('events').select(['payload']).where('order_id', '=', orderId).execute();
// The status changes only (the order's `created` entry comes first).
const historyOf = (orderId: number) => t.ctx.db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).where('field', '=', 'status').execute();
const notificationsOf = (orderId: number) =>
  t.ctx.db.selectFrom('payment_notifications').select(['gateway', 'status', 'outcome', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();

describe('Midtrans', () => {
  it('the form offers online payment; the thank-you page links to the Snap page created for the order', async () => {
    const page = (await t.request({ method: 'GET', url: `/form/${midKaos.tenant_id}/${midKaos.slug}` })).body;
    expect(page).toMatch(/name="payment_method" value="midtrans" checked><span>Pembayaran online/);
    const before = gateway.requests.length;
    const { orderId, thanks, thanksUrl } = await placeOrder(midKaos, 'midtrans');
    const request = gateway.requests[before]!;
    expect(request.path).toBe('/snap/v1/transactions');
    expect(request.secret).toBe(MIDTRANS_KEY);
    expect(request.body.transaction_details).toEqual({ order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: TOTAL });
    expect(request.body.item_details).toEqual([
      { id: 'produk', price: 62000, quantity: 2, name: 'Kaos Polos' },
      { id: 'ongkir', price: 12000, quantity: 1, name: 'Ongkos kirim' },
    ]);
    expect(request.body.customer_details).toEqual({ first_name: BUYER.name, phone: '6281234567890', email: BUYER.email });
    expect(thanks).toMatch(new RegExp(`href="${gateway.url}/snap/v4/redirection/snap-token-\\d+" target="_blank" rel="noopener">Bayar Sekarang`));
    // The charge is kept: a second view shows the same link without asking the gateway again.
    const count = gateway.requests.length;
    const again = (await t.request({ method: 'GET', url: thanksUrl })).body;
    expect(gateway.requests.length).toBe(count);
    expect(/redirection\/(snap-token-\d+)/.exec(again)![1]).toBe(/redirection\/(snap-token-\d+)/.exec(thanks)![1]);
  });

  it('settlement moves the pending order to closing, with one event and a payment history entry; a repeat changes nothing', async () => {
    const { orderId } = await placeOrder(midKaos, 'midtrans');
    const body = midtransNotification(MIDTRANS_KEY, { order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: `${TOTAL}.00` });
    const res = await notifyMidtrans(body);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true, outcome: 'closed' });
    expect(await statusOf(orderId)).toBe('closing');
    const events = await eventsOf(orderId);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ order_id: orderId, previous_status: 'pending', status: 'closing', source: 'payment' });
    expect(JSON.parse(events[0]!.payload)).not.toHaveProperty('changed_by');
    expect(await historyOf(orderId)).toEqual([expect.objectContaining({ source: 'payment', actor: 'midtrans', field: 'status', old_value: 'pending', new_value: 'closing' })]);

    const repeat = await notifyMidtrans(body);
    expect(json(repeat)).toEqual({ ok: true, outcome: 'duplicate' });
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect(await historyOf(orderId)).toHaveLength(1);
    expect(await notificationsOf(orderId)).toEqual([{ gateway: 'midtrans', status: 'settlement', outcome: 'closed', amount: TOTAL }]);

    // The thank-you page now says the payment arrived.
    const order = await readThanks(midKaos, orderId);
    expect(order).toContain('Pembayaran sudah kami terima.');
  });

  it('capture accepted by fraud detection closes; capture challenged, pending and expire are recorded only', async () => {
    const { orderId } = await placeOrder(midKaos, 'midtrans');
    const orderIdText = `lapak-${midStore.tenantId}-${orderId}`;
    const tx = 'tx-card-1';
    for (const [status, fraud, code] of [['pending', 'accept', '201'], ['capture', 'challenge', '201'], ['expire', 'accept', '202']] as const) {
      const res = await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: orderIdText, gross_amount: `${TOTAL}.00`, transaction_status: status, fraud_status: fraud, status_code: code, transaction_id: tx }));
      expect(json(res), status).toEqual({ ok: true, outcome: 'recorded' });
    }
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toHaveLength(0);
    const accepted = await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: orderIdText, gross_amount: `${TOTAL}.00`, transaction_status: 'capture', fraud_status: 'accept', transaction_id: tx }));
    expect(json(accepted).outcome).toBe('closed');
    expect(await statusOf(orderId)).toBe('closing');
    expect((await notificationsOf(orderId)).map((n) => n.status)).toEqual(['pending', 'capture:challenge', 'expire', 'capture:accept']);
  });

  it('a payment for an order the seller has already moved on changes nothing', async () => {
    const { orderId } = await placeOrder(midKaos, 'midtrans');
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, midStore.tenantId, orderId, 'cancelled', { source: 'cli', actor: 'cli' }));
    const res = await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: `${TOTAL}.00` }));
    expect(json(res)).toEqual({ ok: true, outcome: 'not_pending' });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await eventsOf(orderId)).toHaveLength(1); // the seller's own change
  });

  it('a correctly signed payment of another amount than the total is recorded, the order stays pending', async () => {
    const { orderId } = await placeOrder(midKaos, 'midtrans');
    const res = await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: '1000.00' }));
    expect(json(res)).toEqual({ ok: true, outcome: 'amount_mismatch' });
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('a wrong signature or a tampered amount is refused (401), changes nothing, and the log holds no personal data or key', async () => {
    const { orderId, thanksUrl } = await placeOrder(midKaos, 'midtrans');
    const token = thanksUrl.split('/').pop()!;
    const signed = midtransNotification(MIDTRANS_KEY, {
      order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: `${TOTAL}.00`,
      customer_details: { full_name: BUYER.name, phone: '081234567890', address: BUYER.address },
    });
    const attempts = [
      { ...signed, gross_amount: '1000.00' },
      { ...signed, signature_key: 'f'.repeat(128) },
      midtransNotification('SB-Mid-server-someone-else', { order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: `${TOTAL}.00`, customer_details: signed.customer_details }),
      { ...signed, signature_key: undefined },
    ];
    for (const body of attempts) {
      const res = await notifyMidtrans(body);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: 'invalid signature' });
    }
    expect(await statusOf(orderId)).toBe('pending');
    expect(await notificationsOf(orderId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(logs).toContain('payment notification refused');
    expect(logs).toContain('"reason":"invalid signature"');
    expect(logs).toContain('/terima-kasih/:token');
    for (const secret of [MIDTRANS_KEY, BUYER.name, BUYER.address, '081234567890', '6281234567890', String(signed.signature_key), token]) {
      expect(logs, secret).not.toContain(secret);
    }
  });

  it('unknown orders, another store\'s order, and bodies that are not JSON are refused', async () => {
    const { orderId } = await placeOrder(xenKaos, 'cod');
    // The order exists but belongs to the Xendit store: tenant and order must match.
    const cross = await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: `lapak-${midStore.tenantId}-${orderId}`, gross_amount: `${TOTAL}.00` }));
    expect(cross.statusCode).toBe(404);
    expect((await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: 'payment_notif_test_G1', gross_amount: '1.00' }))).statusCode).toBe(404);
    expect((await notifyMidtrans(midtransNotification(MIDTRANS_KEY, { order_id: 'lapak-999999-1', gross_amount: '1.00' }))).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/payments/midtrans/notification', payload: 'not json' })).statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('a gateway outage leaves the order placed; the thank-you page says so and retries on the next view', async () => {
    gateway.failWith(503);
    const { orderId, thanks, thanksUrl } = await placeOrder(midKaos, 'midtrans');
    expect(thanks).toContain('Halaman pembayaran online belum tersedia.');
    expect(await statusOf(orderId)).toBe('pending');
    gateway.failWith(null);
    expect((await t.request({ method: 'GET', url: thanksUrl })).body).toContain('Bayar Sekarang');
  });
});

async function readThanks(product: Product, orderId: number): Promise<string> {
  const row = await t.ctx.db.selectFrom('form_submissions').select('token').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return (await t.request({ method: 'GET', url: `/form/${product.tenant_id}/${product.slug}/terima-kasih/${row.token}` })).body;
}

describe('Xendit', () => {
  it('the thank-you page links to the invoice created for the order', async () => {
    const before = gateway.requests.length;
    const { orderId, thanks } = await placeOrder(xenKaos, 'xendit');
    const request = gateway.requests[before]!;
    expect(request.path).toBe('/v2/invoices');
    expect(request.secret).toBe(XENDIT_SECRET);
    expect(request.body).toMatchObject({ external_id: `lapak-${xenStore.tenantId}-${orderId}`, amount: TOTAL, currency: 'IDR' });
    expect(thanks).toMatch(new RegExp(`href="${gateway.url}/web/invoices/inv_\\d+"`));
  });

  it('PAID with the store\'s callback token moves the order to closing once; SETTLED after it changes nothing', async () => {
    const { orderId } = await placeOrder(xenKaos, 'xendit');
    const body = xenditCallback({ id: 'inv-paid-1', external_id: `lapak-${xenStore.tenantId}-${orderId}`, amount: TOTAL, paid_amount: TOTAL });
    expect(json(await notifyXendit(body))).toEqual({ ok: true, outcome: 'closed' });
    expect(json(await notifyXendit(body))).toEqual({ ok: true, outcome: 'duplicate' });
    expect(json(await notifyXendit({ ...body, status: 'SETTLED' }))).toEqual({ ok: true, outcome: 'not_pending' });
    expect(await statusOf(orderId)).toBe('closing');
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect(await historyOf(orderId)).toEqual([expect.objectContaining({ source: 'payment', actor: 'xendit', new_value: 'closing' })]);
  });

  it('EXPIRED is recorded only; a wrong or missing token is refused (401); a tampered paid amount does not close', async () => {
    const { orderId } = await placeOrder(xenKaos, 'xendit');
    const externalId = `lapak-${xenStore.tenantId}-${orderId}`;
    expect(json(await notifyXendit(xenditCallback({ id: 'inv-x', external_id: externalId, status: 'EXPIRED', amount: TOTAL }))).outcome).toBe('recorded');
    const paid = xenditCallback({ id: 'inv-y', external_id: externalId, amount: TOTAL, paid_amount: TOTAL });
    expect((await notifyXendit(paid, 'wrong-token')).statusCode).toBe(401);
    expect((await notifyXendit(paid, null)).statusCode).toBe(401);
    expect(json(await notifyXendit({ ...paid, paid_amount: 1000 })).outcome).toBe('amount_mismatch');
    expect(await statusOf(orderId)).toBe('pending');
    expect(logs).not.toContain(XENDIT_TOKEN);
  });
});
