// docs/examples/verify-webhook.{mjs,py,php} against a real delivery: Lapak's dispatcher sends
// a signed order.status_changed to a receiver on 127.0.0.1, and each example (its language's
// standard library only) must accept it as received and refuse every tampered variant.
// Without python3 or php the examples of that language are skipped, loudly (.ci/run installs both).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrder, seedProduct, seedStore, startTestApp } from './helpers.js';
import { addTestEndpoint, startReceiver, type Received, type Receiver, testDispatcher } from './webhook-receiver.js';

const EXAMPLES = path.resolve('docs/examples');
const has = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
const LANGUAGES = [
  { name: 'Node', command: process.execPath, file: 'verify-webhook.mjs', present: true },
  { name: 'Python', command: 'python3', file: 'verify-webhook.py', present: has('python3') },
  { name: 'PHP', command: 'php', file: 'verify-webhook.php', present: has('php') },
];
for (const language of LANGUAGES.filter((l) => !l.present)) {
  console.warn(`\n*** ${language.command} is missing: the ${language.name} webhook verification example is SKIPPED (apt-get install -y python3 php-cli; .ci/run does). ***\n`);
}

let t: Awaited<ReturnType<typeof startTestApp>>;
let receiver: Receiver;
let delivery: Received;
let secret: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-webhook-examples-'));

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
  const store = await seedStore(t.ctx, { crm: { scopes: ['orders.status:write'] } });
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos "Anak" <Ceria>', price: 50000 });
  await addTestEndpoint(t.ctx, t.clock, store.tenantId, receiver, 'CRM');
  secret = receiver.secret;
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' });
  const res = await t.request({
    method: 'PATCH',
    url: '/api/order_status.php',
    headers: { 'x-api-key': store.keys.crm!, 'content-type': 'application/json' },
    payload: { id: order.id, status: 'closing', external_reference: 'crm-tiket-ünïcode-981' },
  });
  expect(res.statusCode).toBe(200);
  const dispatcher = testDispatcher(t);
  await dispatcher.runOnce();
  await dispatcher.stop();
  expect(receiver.rejected).toEqual([]);
  expect(receiver.received).toHaveLength(1);
  delivery = receiver.received[0]!;
});

afterAll(async () => {
  await receiver?.close();
  await t?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

let run = 0;
/** Runs one example on a body and headers; returns its exit status and output. */
function verify(file: string, command: string, body: string | Buffer, headers: Record<string, string>, key = secret) {
  const n = ++run;
  const bodyFile = path.join(dir, `body-${n}`);
  const headersFile = path.join(dir, `headers-${n}.json`);
  fs.writeFileSync(bodyFile, body);
  fs.writeFileSync(headersFile, JSON.stringify(headers));
  const result = spawnSync(command, [path.join(EXAMPLES, file), bodyFile, headersFile], {
    env: { PATH: process.env.PATH, LAPAK_WEBHOOK_SECRET: key },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const headersOf = (d: Received) => ({ 'webhook-id': d.webhookId, 'webhook-timestamp': d.timestamp, 'webhook-signature': d.signature, 'content-type': 'application/json' });

describe.each(LANGUAGES)('docs/examples/$file', ({ command, file, present }) => {
  it.runIf(present)('accepts the delivery as Lapak sent it, and refuses it tampered', () => {
    const headers = headersOf(delivery);
    const valid = verify(file, command, delivery.raw, headers);
    expect(valid, valid.output).toMatchObject({ status: 0 });
    expect(valid.output).toContain('valid: order.status_changed');

    const tampered: Array<[string, string | Buffer, Record<string, string>, string?]> = [
      ['body changed', delivery.raw.replace('"closing"', '"pending"'), headers],
      ['body re-serialised', JSON.stringify(JSON.parse(delivery.raw), null, 1), headers],
      ['id changed', delivery.raw, { ...headers, 'webhook-id': `${delivery.webhookId}9` }],
      ['timestamp changed', delivery.raw, { ...headers, 'webhook-timestamp': String(Number(delivery.timestamp) + 1) }],
      // The first base64 character after "v1," carries six bits of the MAC; the last one before
      // "=" also carries two padding bits that decoders ignore, so changing it could leave the
      // decoded signature as it was (1 run in 16).
      ['signature changed', delivery.raw, { ...headers, 'webhook-signature': delivery.signature.replace(/^v1,(.)/, (_m, c: string) => `v1,${c === 'A' ? 'B' : 'A'}`) }],
      ['signature missing', delivery.raw, { 'webhook-id': delivery.webhookId, 'webhook-timestamp': delivery.timestamp }],
      ['other secret', delivery.raw, headers, `whsec_${Buffer.alloc(24, 7).toString('base64')}`],
    ];
    for (const [label, body, changed, key] of tampered) {
      const result = verify(file, command, body, changed, key);
      expect(result.status, `${label}: ${result.output}`).not.toBe(0);
      expect(result.output, label).toContain('invalid');
    }
  });

  it.runIf(present)('accepts one of several signatures (rotation) and refuses a stale timestamp', () => {
    const headers = headersOf(delivery);
    const other = `v1,${Buffer.alloc(32, 1).toString('base64')}`;
    expect(verify(file, command, delivery.raw, { ...headers, 'webhook-signature': `${other} ${delivery.signature}` }).status).toBe(0);
    expect(verify(file, command, delivery.raw, { ...headers, 'webhook-signature': other }).status).toBe(1);

    // Correctly signed, but 10 minutes old: outside the 5-minute tolerance.
    const stale = new Date(Date.now() - 10 * 60_000);
    const signature = new Webhook(secret).sign(delivery.webhookId, stale, delivery.raw);
    const old = { ...headers, 'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)), 'webhook-signature': signature };
    const result = verify(file, command, delivery.raw, old);
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain('timestamp');
  });
});
