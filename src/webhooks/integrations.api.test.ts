// The dashboard's webhook tools on SQLite and PostgreSQL, against a real receiver on
// 127.0.0.1: secret rotation (two signatures for 24 hours, each verified by the
// standardwebhooks package) and the test event (one endpoint, through the dispatcher, outside
// the hourly cap, at most 10 per endpoint per hour).
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { addTestEndpoint, startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { type Dispatcher } from './dispatcher.js';
import { listDeliveries } from './list-deliveries.js';
import { RETRY_DELAYS_MS } from './retry-schedule.js';
import { PREVIOUS_SECRET_MS, rotateSecret } from './rotate-secret.js';
import { sendTestEvent, TEST_EVENTS_PER_HOUR } from './send-test-event.js';
import { setEndpointEnabled } from './set-endpoint-enabled.js';

const TZ = 'Asia/Jakarta';
let t: Awaited<ReturnType<typeof startTestApp>>;
const receivers: Receiver[] = [];
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', TZ } });
});
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
  await t.ctx.db.updateTable('webhook_deliveries').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
  for (const r of receivers.splice(0)) {
    expect(r.rejected, 'every delivery passes the standardwebhooks verifier').toEqual([]);
    await r.close();
  }
});
afterAll(() => t.drop());

function dispatcher(): Dispatcher {
  const d = testDispatcher(t, { timeZone: TZ });
  dispatchers.push(d);
  return d;
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const endpoint = (tenantId: number, r: Receiver | string) => addTestEndpoint(t.ctx, t.clock, tenantId, r);

const test = (tenantId: number, endpointId: number) => t.ctx.writeTransaction((tx) => sendTestEvent(tx, t.clock, tenantId, endpointId));

describe('test event', () => {
  it('reaches that endpoint only, signed, with the documented body, and is logged with its attempt', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const r = await receiver();
    const bystander = await receiver();
    const endpointId = await endpoint(tenantId, r);
    const otherId = await endpoint(tenantId, bystander);
    const sent = await test(tenantId, endpointId);
    expect(sent).toEqual({ ok: true, value: { event_id: expect.any(Number), delivery_id: expect.any(Number) } });
    if (!sent.ok) return;
    expect(await dispatcher().runOnce()).toMatchObject({ fannedOut: 0, claimed: 1, outcomes: { delivered: 1 } });
    expect(r.received).toHaveLength(1);
    expect(bystander.received).toEqual([]);
    const got = r.received[0]!;
    expect(got.webhookId).toBe(String(sent.value.event_id));
    expect(got.body).toEqual({ type: 'webhook.test', timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/), data: { event_id: sent.value.event_id, store_id: tenantId, endpoint_id: endpointId } });
    expect(Object.keys(got.body.data)).toEqual(['event_id', 'store_id', 'endpoint_id']);

    const log = await listDeliveries(t.ctx.db, tenantId, { endpointId }, TZ);
    expect(log).toEqual([
      expect.objectContaining({ id: sent.value.delivery_id, event_id: sent.value.event_id, endpoint_id: endpointId, order_id: null, status: 'delivered', attempts: 1, attempt_log: [expect.objectContaining({ status_code: 200 })] }),
    ]);
    expect(await listDeliveries(t.ctx.db, tenantId, { endpointId: otherId }, TZ)).toEqual([]);
    // Outside the store's hourly cap: no event was counted.
    const counted = await t.ctx.db.selectFrom('event_hour_slots').select('count').where('tenant_id', '=', tenantId).execute();
    expect(counted).toEqual([]);
  });

  it('is retried on the usual schedule when the receiver fails', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const r = await receiver();
    r.respond = (_req, index) => (index === 0 ? { status: 503 } : { status: 200 });
    const endpointId = await endpoint(tenantId, r);
    expect((await test(tenantId, endpointId)).ok).toBe(true);
    const d = dispatcher();
    expect(await d.runOnce()).toMatchObject({ outcomes: { retry: 1 } });
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await d.runOnce()).toMatchObject({ outcomes: { delivered: 1 } });
    expect(r.received.map((x) => x.webhookId)).toEqual([r.received[0]!.webhookId, r.received[0]!.webhookId]);
    const [logged] = await listDeliveries(t.ctx.db, tenantId, { endpointId }, TZ);
    expect(logged!.attempt_log.map((a) => a.status_code)).toEqual([503, 200]);
  });

  it(`at most ${TEST_EVENTS_PER_HOUR} per endpoint per clock hour, even when sent at once`, async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    t.clock.set(Math.floor(t.clock.now() / 3_600_000) * 3_600_000 + 60_000);
    const endpointId = await endpoint(tenantId, 'http://127.0.0.1:9/a');
    const secondId = await endpoint(tenantId, 'http://127.0.0.1:9/b');
    const results = await Promise.all(Array.from({ length: TEST_EVENTS_PER_HOUR + 2 }, () => test(tenantId, endpointId)));
    expect(results.filter((x) => x.ok)).toHaveLength(TEST_EVENTS_PER_HOUR);
    expect(results.filter((x) => !x.ok)).toEqual([
      { ok: false, code: 'test_limit_reached', message: 'at most 10 test events per endpoint per hour' },
      { ok: false, code: 'test_limit_reached', message: 'at most 10 test events per endpoint per hour' },
    ]);
    expect(await listDeliveries(t.ctx.db, tenantId, { endpointId }, TZ)).toHaveLength(TEST_EVENTS_PER_HOUR);
    expect((await test(tenantId, secondId)).ok).toBe(true);
    t.clock.advance(3_600_000);
    expect((await test(tenantId, endpointId)).ok).toBe(true);
  });

  it("refuses a disabled endpoint and another store's endpoint, queueing nothing", async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const other = await seedStore(t.ctx, {});
    const endpointId = await endpoint(tenantId, 'http://127.0.0.1:9/c');
    expect(await test(other.tenantId, endpointId)).toEqual({ ok: false, code: 'endpoint_not_found', message: `endpoint ${endpointId} not found` });
    expect((await t.ctx.writeTransaction((tx) => setEndpointEnabled(tx, t.clock, tenantId, endpointId, false))).ok).toBe(true);
    expect(await test(tenantId, endpointId)).toMatchObject({ ok: false, code: 'endpoint_disabled' });
    expect(await listDeliveries(t.ctx.db, tenantId, { endpointId }, TZ)).toEqual([]);
    expect(await listDeliveries(t.ctx.db, other.tenantId, {}, TZ)).toEqual([]);
  });
});

describe('secret rotation', () => {
  it('signs with the new and the replaced secret for 24 hours, then with the new one only', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const r = await receiver();
    const endpointId = await endpoint(tenantId, r);
    const oldSecret = r.secret;
    const rotated = await rotateSecret(t.ctx.db, t.clock, t.ctx.sealer, tenantId, endpointId, TZ);
    expect(rotated).toEqual({ ok: true, value: { id: endpointId, secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.stringMatching(/\+07:00$/) } });
    if (!rotated.ok) return;
    expect(rotated.value.secret).not.toBe(oldSecret);
    // The receiver verifies with the new secret; the old one must verify the same request.
    r.secret = rotated.value.secret;
    const d = dispatcher();
    expect((await test(tenantId, endpointId)).ok).toBe(true);
    await d.runOnce();
    const during = r.received[0]!;
    const headers = { 'webhook-id': during.webhookId, 'webhook-timestamp': during.timestamp, 'webhook-signature': during.signature };
    expect(during.signature.split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(during.raw, headers)).toEqual(during.body);
    expect(new Webhook(rotated.value.secret).verify(during.raw, headers)).toEqual(during.body);

    t.clock.advance(PREVIOUS_SECRET_MS);
    expect((await test(tenantId, endpointId)).ok).toBe(true);
    await d.runOnce();
    const after = r.received[1]!;
    expect(after.signature.split(' ')).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(after.raw, { 'webhook-id': after.webhookId, 'webhook-timestamp': after.timestamp, 'webhook-signature': after.signature })).toThrow();
  });

  it("another store's endpoint is not found and keeps its secret", async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const other = await seedStore(t.ctx, {});
    const r = await receiver();
    const endpointId = await endpoint(tenantId, r);
    expect(await rotateSecret(t.ctx.db, t.clock, t.ctx.sealer, other.tenantId, endpointId, TZ)).toEqual({ ok: false, code: 'endpoint_not_found', message: `endpoint ${endpointId} not found` });
    expect((await test(tenantId, endpointId)).ok).toBe(true);
    await dispatcher().runOnce();
    expect(r.received[0]!.signature.split(' ')).toHaveLength(1);
  });
});
