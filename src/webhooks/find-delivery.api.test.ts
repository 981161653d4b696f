// GET /dashboard/api/webhooks/deliveries/{id} (issue 30, point 11): the delivery with its
// event type, the change it tells and the body sent, byte for byte what the receiver got and
// verified; the delivery log lists type and change too. Same permission and store scope as
// the log: another store's delivery is 404.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { addTestEndpoint, startReceiver, testDispatcher, type Receiver } from '../../test/webhook-receiver.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';
import type { Dispatcher } from './dispatcher.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let r: Receiver;
let dispatcher: Dispatcher;
let endpointId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' } });
  store = await seedStore(t.ctx, { writer: { scopes: ['orders.status:write'] } });
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  r = await startReceiver();
  endpointId = await addTestEndpoint(t.ctx, t.clock, store.tenantId, r);
  dispatcher = testDispatcher(t);
});
afterAll(async () => {
  await dispatcher.stop();
  expect(r.rejected).toEqual([]);
  await r.close();
  await t.drop();
});

const get = (member: Member | null, url: string) => t.request({ method: 'GET', url, headers: member ? asMember(member) : {} });
type Listed = { id: number; type: string; change: unknown; order_id: number | null };

describe('one delivery of the log', () => {
  it('has its type, its change and the exact body the receiver verified; the log lists type and change', async () => {
    const product = await seedProduct(t.ctx, store.tenantId, { name: 'Topi', price: 40000 });
    const orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id })).id;
    const patched = await t.request({
      method: 'PATCH', url: '/api/order_status.php',
      headers: { 'x-api-key': store.keys.writer!, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: orderId, status: 'closing', external_reference: 'crm-7' }),
    });
    expect(patched.statusCode).toBe(200);
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, orderId, 'paid', { source: 'cli', actor: 'cli' }));
    // One delivery per endpoint at a time, in order: a run for each.
    for (let run = 0; run < 5 && r.received.length < 2; run++) await dispatcher.runOnce();
    await r.waitFor(2);

    const log = (await get(owner, `/dashboard/api/webhooks/${endpointId}/deliveries`)).json() as Listed[];
    expect(log.map((d) => [d.type, d.change, d.order_id])).toEqual([
      ['order.status_changed', { previous_status: 'closing', status: 'paid' }, orderId],
      ['order.status_changed', { previous_status: 'pending', status: 'closing' }, orderId],
    ]);

    for (const [i, listed] of [...log].reverse().entries()) {
      const res = await get(owner, `/dashboard/api/webhooks/deliveries/${listed.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json() as Listed & { payload: string; attempt_log: unknown[] };
      expect(detail).toMatchObject({ ...listed, attempt_log: [expect.objectContaining({ status_code: 200 })] });
      const received = r.received[i]!;
      expect(detail.payload).toBe(received.raw);
      // The bytes verify against the signature the receiver got.
      const headers = { 'webhook-id': received.webhookId, 'webhook-timestamp': received.timestamp, 'webhook-signature': received.signature };
      expect(new Webhook(r.secret).verify(detail.payload, headers)).toEqual(received.body);
    }
    expect(JSON.parse((await get(owner, `/dashboard/api/webhooks/deliveries/${log[0]!.id}`)).json().payload).data).toMatchObject({ source: 'cli' });
  });

  it('of a test event: its type, and no change', async () => {
    const sent = await t.request({ method: 'POST', url: `/dashboard/api/webhooks/${endpointId}/test`, headers: asMember(owner) });
    expect(sent.statusCode).toBe(202);
    const detail = (await get(owner, `/dashboard/api/webhooks/deliveries/${sent.json().delivery_id}`)).json();
    expect(detail).toMatchObject({ type: 'webhook.test', change: null, order_id: null, status: 'pending' });
    expect(JSON.parse(detail.payload)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpointId, store_id: store.tenantId } });
  });

  it('is the log\'s to see: 401 without a session, 403 for a CS or an admin without the integrations permission, 404 from another store or for no such delivery', async () => {
    const [listed] = (await get(owner, `/dashboard/api/webhooks/${endpointId}/deliveries`)).json() as Listed[];
    const url = `/dashboard/api/webhooks/deliveries/${listed!.id}`;
    expect((await get(null, url)).statusCode).toBe(401);
    for (const role of ['cs', 'admin'] as const) {
      const res = await get(await seedMember(t.ctx, store.tenantId, role), url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await get(await seedMember(t.ctx, store.tenantId, 'admin', { integrations: true }), url)).statusCode).toBe(200);
    const other = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
    const foreign = await get(other, url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect(foreign.body).not.toContain('payload');
    expect((await get(owner, '/dashboard/api/webhooks/deliveries/999999')).json()).toMatchObject({ code: 'not_found' });
  });
});
