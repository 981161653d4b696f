// The webhook CLI and the dispatcher inside `lapak serve` / alone as `lapak dispatch`, run
// as operators run them (`node dist/cli.js`, built by npm test), against a real receiver.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.js';

const cli = cliHarness('lapak-webhook-cli-', { WEBHOOK_ALLOW_PRIVATE: '1' });
const { lapak } = cli;
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) {
    expect(r.rejected).toEqual([]);
    await r.close();
  }
});
afterAll(() => cli.cleanup());
const run = (file: string, cmd: 'serve' | 'dispatch', env: Record<string, string> = {}) => cli.start(file, cmd, env);

/** A store with an order in `pending`, a status key, and an endpoint on a fresh receiver. */
async function setup(file: string) {
  const tenant = lapak(file, ['tenant', 'create', '--name', 'Toko Hook', '--json']).json();
  const key = lapak(file, ['key', 'issue', '--tenant', String(tenant.id), '--name', 'crm', '--scopes', 'orders.status:write', '--json']).json();
  const product = lapak(file, ['product', 'create', '--tenant', String(tenant.id), '--json'], { input: JSON.stringify({ name: 'Kaos', price: 50000 }) }).json();
  const orderInput = JSON.stringify({ product_id: product.id, quantity: 1, shipping_fee: 0, courier: 'JNE', payment_method: 'cod', customer: { name: 'Budi', phone: '0812-3456-7890', address: 'Jl. A' } });
  const order = lapak(file, ['order', 'create', '--tenant', String(tenant.id), '--json'], { input: orderInput }).json();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const added = lapak(file, ['webhook', 'add', '--tenant', String(tenant.id), '--url', receiver.url, '--description', 'CRM', '--json']);
  expect(added.code).toBe(0);
  const endpoint = added.json();
  receiver.secret = endpoint.secret;
  return { tenantId: tenant.id as number, key: key.key as string, orderId: order.id as number, receiver, endpoint, orderInput };
}

describe('lapak webhook', { timeout: 60_000 }, () => {
  it('add, list, deliveries, redeliver, disable, enable and remove with --json; lapak serve delivers', async () => {
    const file = 'flow.db';
    const { tenantId, key, orderId, receiver, endpoint } = await setup(file);
    expect(Object.keys(endpoint)).toEqual(['id', 'secret']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = lapak(file, ['webhook', 'list', '--tenant', String(tenantId), '--json']);
    expect(list.json()).toEqual([{ id: endpoint.id, url: receiver.url, description: 'CRM', enabled: true, disabled_reason: null, created_at: expect.stringMatching(/\+07:00$/) }]);
    expect(list.stdout).not.toContain(endpoint.secret);

    // The dispatcher runs inside serve by default. Logs at info, to check what they carry.
    const server = await run(file, 'serve', { LOG_LEVEL: 'info' });
    const res = await fetch(`http://127.0.0.1:${server.port}/api/order_status.php`, {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ id: orderId, status: 'closing', external_reference: 'T-1' }),
    });
    expect(res.status).toBe(200);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.body.data).toMatchObject({ order_id: orderId, status: 'closing', external_reference: 'T-1', changed_by: 'integration' });
    const eventId = Number(receiver.received[0]!.webhookId);

    const deliveries = lapak(file, ['webhook', 'deliveries', '--tenant', String(tenantId), '--event', String(eventId), '--json']).json();
    expect(deliveries).toEqual([expect.objectContaining({ event_id: eventId, endpoint_id: endpoint.id, status: 'delivered', attempts: 1, last_status: 200 })]);
    expect(deliveries[0].attempt_log).toHaveLength(1);
    expect(lapak(file, ['webhook', 'deliveries', '--tenant', String(tenantId), '--event', String(eventId + 1), '--json']).json()).toEqual([]);

    // Replayed by the running server's dispatcher, with the same webhook-id.
    expect(lapak(file, ['webhook', 'redeliver', String(deliveries[0].id), '--json']).json()).toEqual({ id: deliveries[0].id, status: 'pending' });
    await receiver.waitFor(2);
    expect(receiver.received[1]!.webhookId).toBe(String(eventId));
    expect(await server.stop()).toBe(0);
    // Attempts are logged by ids and outcome; never the secret, the URL or the payload.
    expect(server.output()).toContain('"msg":"webhook attempt"');
    expect(server.output()).toContain(`"endpoint_id":${endpoint.id}`);
    for (const secretOrPersonal of [endpoint.secret, endpoint.secret.slice(6, 30), receiver.url, '/hooks', 'T-1', '0812', '6281234567890', key]) {
      expect(server.output()).not.toContain(secretOrPersonal);
    }

    expect(lapak(file, ['webhook', 'disable', String(endpoint.id), '--json']).json()).toEqual({ id: endpoint.id, enabled: false });
    expect(lapak(file, ['webhook', 'redeliver', String(deliveries[0].id)]).stderr).toContain('is disabled');
    expect(lapak(file, ['webhook', 'enable', String(endpoint.id), '--json']).json()).toEqual({ id: endpoint.id, enabled: true });
    expect(lapak(file, ['webhook', 'remove', String(endpoint.id), '--json']).json()).toEqual({ id: endpoint.id, removed: true });
    expect(lapak(file, ['webhook', 'list', '--tenant', String(tenantId), '--json']).json()).toEqual([]);
  });

  it('failures exit non-zero with one line on stderr', async () => {
    const file = 'errors.db';
    lapak(file, ['tenant', 'create', '--name', 'T']);
    const cases: Array<[string[], Record<string, string>?]> = [
      [['webhook', 'add', '--tenant', '1', '--url', 'http://127.0.0.1:9/h', '--json'], { WEBHOOK_ALLOW_PRIVATE: '0' }],
      [['webhook', 'add', '--tenant', '1', '--url', 'https://127.0.0.1/h', '--json'], { WEBHOOK_ALLOW_PRIVATE: '' }],
      [['webhook', 'add', '--tenant', '999', '--url', 'http://127.0.0.1:9/h', '--json']],
      [['webhook', 'add', '--tenant', 'x', '--url', 'http://127.0.0.1:9/h']],
      [['webhook', 'add', '--tenant', '1', '--json']],
      [['webhook', 'remove', '42', '--json']],
      [['webhook', 'enable', '42']],
      [['webhook', 'redeliver', '42', '--json']],
      [['webhook', 'deliveries', '--tenant', '1', '--event', 'abc']],
    ];
    for (const [args, env] of cases) {
      const r = lapak(file, args, { env });
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    expect(lapak(file, cases[0]![0], { env: cases[0]![1] }).stderr).toBe('lapak: url must use https\n');
  });

  it('WEBHOOK_DISPATCHER=off keeps serve from sending; lapak dispatch sends and stops cleanly on SIGTERM', async () => {
    const file = 'off.db';
    const { key, orderId, receiver } = await setup(file);
    const server = await run(file, 'serve', { WEBHOOK_DISPATCHER: 'off' });
    const res = await fetch(`http://127.0.0.1:${server.port}/api/order_status.php`, {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ id: orderId, status: 'closing' }),
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toEqual([]);
    expect(await server.stop()).toBe(0);

    const dispatch = await run(file, 'dispatch');
    await receiver.waitFor(1);
    expect(receiver.received[0]!.body.data).toMatchObject({ order_id: orderId, status: 'closing' });
    expect(await dispatch.stop()).toBe(0);
  });
});
