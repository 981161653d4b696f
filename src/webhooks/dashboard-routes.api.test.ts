// The webhook routes of the dashboard over HTTP (SQLite and PostgreSQL): add an endpoint, send
// a test event that a real receiver verifies, rotate the secret (both signatures verify), the
// delivery log with its attempts, redelivery, enable/disable/remove and the test-event limit.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { type Dispatcher } from './dispatcher.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let owner: Member;
let r: Receiver;
let dispatcher: Dispatcher;
beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', TZ: 'Asia/Jakarta' } });
  owner = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
  r = await startReceiver();
  dispatcher = testDispatcher(t);
});
afterAll(async () => {
  await dispatcher.stop();
  expect(r.rejected).toEqual([]);
  await r.close();
  await t.drop();
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request({ method, url, headers: asMember(owner, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

it('add, test, rotate, log, redeliver, disable, enable, remove', async () => {
  const added = await send('POST', '/dashboard/api/webhooks', { url: `${r.url}/lapak`, description: 'CRM' });
  expect(added.statusCode).toBe(201);
  const { id, secret } = added.json() as { id: number; secret: string };
  expect(secret).toMatch(/^whsec_/);
  r.secret = secret;
  const listed = (await send('GET', '/dashboard/api/webhooks')).json();
  expect(listed).toEqual([{ id, url: `${r.url}/lapak`, description: 'CRM', enabled: true, disabled_reason: null, created_at: expect.stringMatching(/\+07:00$/) }]);
  expect(JSON.stringify(listed)).not.toContain(secret);

  const tested = await send('POST', `/dashboard/api/webhooks/${id}/test`);
  expect(tested.statusCode).toBe(202);
  await dispatcher.runOnce();
  expect(r.received.map((x) => x.body.type)).toEqual(['webhook.test']);

  const rotated = await send('POST', `/dashboard/api/webhooks/${id}/rotate-secret`);
  expect(rotated.statusCode).toBe(201);
  const newSecret = (rotated.json() as { secret: string }).secret;
  expect(newSecret).not.toBe(secret);
  r.secret = newSecret;
  expect((await send('POST', `/dashboard/api/webhooks/${id}/test`)).statusCode).toBe(202);
  await dispatcher.runOnce();
  const during = r.received[1]!;
  const headers = { 'webhook-id': during.webhookId, 'webhook-timestamp': during.timestamp, 'webhook-signature': during.signature };
  expect(new Webhook(secret).verify(during.raw, headers)).toEqual(during.body);
  expect(new Webhook(newSecret).verify(during.raw, headers)).toEqual(during.body);

  const log = await send('GET', `/dashboard/api/webhooks/${id}/deliveries`);
  expect(log.statusCode).toBe(200);
  const deliveries = log.json() as Array<{ id: number; status: string; order_id: null; attempt_log: unknown[] }>;
  expect(deliveries.map((d) => [d.status, d.order_id, d.attempt_log.length])).toEqual([['delivered', null, 1], ['delivered', null, 1]]);

  const again = await send('POST', `/dashboard/api/webhooks/deliveries/${deliveries[1]!.id}/redeliver`);
  expect(again.statusCode).toBe(202);
  expect(again.json()).toEqual({ id: deliveries[1]!.id, status: 'pending' });
  await dispatcher.runOnce();
  expect(r.received[2]!.webhookId).toBe(r.received[0]!.webhookId);

  expect((await send('POST', `/dashboard/api/webhooks/${id}/disable`)).json()).toEqual({ id, enabled: false });
  const disabled = await send('POST', `/dashboard/api/webhooks/${id}/test`);
  expect(disabled.statusCode).toBe(409);
  expect(disabled.json()).toMatchObject({ code: 'endpoint_disabled' });
  expect((await send('POST', `/dashboard/api/webhooks/deliveries/${deliveries[1]!.id}/redeliver`)).json()).toMatchObject({ code: 'endpoint_disabled' });
  expect((await send('POST', `/dashboard/api/webhooks/${id}/enable`)).json()).toEqual({ id, enabled: true });
  expect((await send('DELETE', `/dashboard/api/webhooks/${id}`)).statusCode).toBe(204);
  expect((await send('GET', '/dashboard/api/webhooks')).json()).toEqual([]);
  expect((await send('GET', `/dashboard/api/webhooks/${id}/deliveries`)).statusCode).toBe(200);
  expect((await send('DELETE', `/dashboard/api/webhooks/${id}`)).statusCode).toBe(404);
});

it('the eleventh test event of the hour is 429 with Retry-After until the next hour', async () => {
  t.clock.set(Math.floor(t.clock.now() / 3_600_000) * 3_600_000 + 600_000);
  const { id } = (await send('POST', '/dashboard/api/webhooks', { url: 'http://127.0.0.1:9/none' })).json() as { id: number };
  for (let i = 0; i < 10; i++) expect((await send('POST', `/dashboard/api/webhooks/${id}/test`)).statusCode).toBe(202);
  const limited = await send('POST', `/dashboard/api/webhooks/${id}/test`);
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBe('3000');
  expect(limited.json()).toMatchObject({ code: 'too_many_requests' });
  await send('POST', `/dashboard/api/webhooks/${id}/disable`);
});

it('refuses a URL that is not http(s) with the field named', async () => {
  const res = await send('POST', '/dashboard/api/webhooks', { url: 'ftp://example.com/h' });
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ code: 'invalid_request', fields: { url: expect.any(String) } });
});
