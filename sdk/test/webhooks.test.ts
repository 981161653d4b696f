// verifyWebhook on real deliveries: Lapak's dispatcher signs order.status_changed and sends it
// to a receiver on 127.0.0.1; the SDK must accept it as received, with one secret or, during
// a rotation, with either of the two, and refuse every tampered or stale variant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type OrderStatusChangedEvent } from '@lapak/sdk';
import { rotateSecret } from '../../src/webhooks/rotate-secret.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../test/helpers.js';
import { addTestEndpoint, startReceiver, type Received, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let receiver: Receiver;
let store: Store;
let endpointId: number;
let secret: string;
let orderId: number;

/** Changes the order's status through the API and has the dispatcher deliver the event. */
async function deliver(status: 'closing' | 'pending'): Promise<Received> {
  const before = receiver.received.length;
  const res = await t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': store.keys.crm!, 'content-type': 'application/json' },
    payload: { id: orderId, status, external_reference: 'crm-ünïcode-981' },
  });
  expect(res.statusCode).toBe(200);
  const dispatcher = testDispatcher(t);
  await dispatcher.runOnce();
  await dispatcher.stop();
  expect(receiver.received).toHaveLength(before + 1);
  return receiver.received[before]!;
}

const headersOf = (d: Received) => ({ 'webhook-id': d.webhookId, 'webhook-timestamp': d.timestamp, 'webhook-signature': d.signature, 'content-type': 'application/json' });
const nowOf = (d: Received) => Number(d.timestamp);

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
  store = await seedStore(t.ctx, { crm: { scopes: ['orders.status:write'] } });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
  endpointId = await addTestEndpoint(t.ctx, t.clock, store.tenantId, receiver, 'CRM');
  secret = receiver.secret;
  orderId = (await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' })).id;
});

afterAll(async () => {
  await receiver?.close();
  await t?.drop();
});

describe('verifyWebhook', () => {
  it('accepts a real delivery (Buffer or string body, Headers or a plain object) and returns the event', async () => {
    const delivery = await deliver('closing');
    const event = verifyWebhook(Buffer.from(delivery.raw, 'utf8'), headersOf(delivery), secret, { now: nowOf(delivery) }) as OrderStatusChangedEvent;
    expect(event).toMatchObject({ type: 'order.status_changed', data: { order_id: orderId, previous_status: 'pending', status: 'closing', external_reference: 'crm-ünïcode-981' } });
    expect(verifyWebhook(delivery.raw, new Headers(headersOf(delivery)), secret, { now: nowOf(delivery) })).toEqual(event);
    // Upper-case header names as some frameworks pass them.
    const upper = Object.fromEntries(Object.entries(headersOf(delivery)).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(delivery.raw, upper, secret, { now: nowOf(delivery) })).toEqual(event);
  });

  it('refuses tampered bodies, ids, timestamps, signatures and the wrong secret', async () => {
    const delivery = await deliver('pending');
    const h = headersOf(delivery);
    const now = nowOf(delivery);
    const reasonOf = (run: () => unknown) => {
      try {
        run();
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookVerificationError);
        return (error as WebhookVerificationError).reason;
      }
    };
    expect(reasonOf(() => verifyWebhook(delivery.raw.replace('"pending"', '"closing"'), h, secret, { now }))).toBe('no_matching_signature');
    expect(reasonOf(() => verifyWebhook(`${delivery.raw} `, h, secret, { now }))).toBe('no_matching_signature');
    expect(reasonOf(() => verifyWebhook(delivery.raw, { ...h, 'webhook-id': `${h['webhook-id']}0` }, secret, { now }))).toBe('no_matching_signature');
    const flipped = `v1,${h['webhook-signature'].slice(3, 4) === 'A' ? 'B' : 'A'}${h['webhook-signature'].slice(4)}`;
    expect(reasonOf(() => verifyWebhook(delivery.raw, { ...h, 'webhook-signature': flipped }, secret, { now }))).toBe('no_matching_signature');
    expect(reasonOf(() => verifyWebhook(delivery.raw, h, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, { now }))).toBe('no_matching_signature');
    expect(reasonOf(() => verifyWebhook(delivery.raw, h, secret, { now: now + 301 }))).toBe('timestamp_outside_tolerance');
    expect(reasonOf(() => verifyWebhook(delivery.raw, h, secret, { now: now - 301 }))).toBe('timestamp_outside_tolerance');
    expect(reasonOf(() => verifyWebhook(delivery.raw, h, secret, { now: now + 300 }))).toBe('accepted');
    expect(reasonOf(() => verifyWebhook(delivery.raw, { 'webhook-id': h['webhook-id'] }, secret, { now }))).toBe('missing_headers');
    expect(reasonOf(() => verifyWebhook(delivery.raw, h, [], { now }))).toBe('invalid_secret');
  });

  it('given parsed JSON instead of the raw body, says so clearly', async () => {
    const delivery = await deliver('closing');
    const parsed = JSON.parse(delivery.raw) as unknown;
    expect(() => verifyWebhook(parsed as string, headersOf(delivery), secret)).toThrow(TypeError);
    expect(() => verifyWebhook(parsed as string, headersOf(delivery), secret)).toThrow(/raw request body.*not parsed JSON/);
  });

  it('during a secret rotation a delivery verifies with the old secret, the new one, or both given', async () => {
    const rotated = await rotateSecret(t.ctx.db, t.clock, t.ctx.sealer, store.tenantId, endpointId, 'Asia/Jakarta');
    if (!rotated.ok) throw new Error(rotated.message);
    const delivery = await deliver('pending');
    expect(delivery.signature.split(' ')).toHaveLength(2);
    const options = { now: nowOf(delivery) };
    const fresh = rotated.value.secret;
    const unrelated = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    expect(verifyWebhook(delivery.raw, headersOf(delivery), fresh, options).type).toBe('order.status_changed');
    expect(verifyWebhook(delivery.raw, headersOf(delivery), secret, options).type).toBe('order.status_changed');
    expect(verifyWebhook(delivery.raw, headersOf(delivery), [unrelated, fresh], options).type).toBe('order.status_changed');
    expect(() => verifyWebhook(delivery.raw, headersOf(delivery), [unrelated], options)).toThrow(WebhookVerificationError);
    // Only the new secret's signature: the old secret alone no longer verifies.
    const onlyNew = { ...headersOf(delivery), 'webhook-signature': delivery.signature.split(' ')[0]! };
    expect(verifyWebhook(delivery.raw, onlyNew, [secret, fresh], options).type).toBe('order.status_changed');
    expect(() => verifyWebhook(delivery.raw, onlyNew, secret, options)).toThrow(WebhookVerificationError);
  });
});
