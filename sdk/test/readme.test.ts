// sdk/README.md's examples, run as written (node, importing the built @lapak/sdk) against a
// real Lapak on a port: each ```js block that starts with `// example: <name>`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndpoint } from '../../src/webhooks/add-endpoint.js';
import { seedOrder, seedProduct, seedStore, type Store } from '../../test/helpers.js';
import { startLapakOnPort, type LapakOnPort } from '../../test/lapak-on-port.js';
import { freePort } from '../../test/server-ready.js';
import { testDispatcher } from '../../test/webhook-receiver.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'sdk/README.md'), 'utf8');
const examples = new Map([...README.matchAll(/```js\n\/\/ example: ([a-z-]+)\n([\s\S]*?)```/g)].map(([, name, code]) => [name!, code!]));

// The examples import '@lapak/sdk': a scratch folder whose node_modules is the repository's.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-sdk-readme-'));
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
const fileOf = (name: string) => {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, examples.get(name)!);
  return file;
};

let lapak: LapakOnPort;
let store: Store;
let orderId: number;

beforeAll(async () => {
  lapak = await startLapakOnPort({ WEBHOOK_ALLOW_PRIVATE: '1' });
  store = await seedStore(lapak.ctx, { crm: { scopes: ['orders:read', 'orders.status:write'] }, lookup: { scopes: ['customers:read'] } });
  const product = await seedProduct(lapak.ctx, store.tenantId, { name: 'Kaos', price: 50000 });
  orderId = (await seedOrder(lapak.ctx, store.tenantId, { product_id: product.id, variant: '' })).id;
});
afterAll(async () => {
  await lapak?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const env = (key: string, extra: Record<string, string> = {}) => ({ PATH: process.env.PATH, LAPAK_BASE_URL: lapak.baseUrl, LAPAK_API_KEY: key, ...extra });

/** Runs an example to its end (asynchronously: the server answers from this process). */
function run(name: string, environment: Record<string, string | undefined>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileOf(name)], { env: environment });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('sdk/README.md examples', () => {
  it('has the three examples, and the package is built', () => {
    expect([...examples.keys()]).toEqual(['order-status', 'lookup', 'webhooks']);
    expect(spawnSync(process.execPath, ['--input-type=module', '-e', "await import('@lapak/sdk')"], { cwd: dir }).status).toBe(0);
  });

  it('order-status: closes the order, then reports the conflict when run again', async () => {
    expect(orderId).toBe(1);
    const first = await run('order-status', env(store.keys.crm!));
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^order 1 is pending\nclosed at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00\n$/);
    const second = await run('order-status', env(store.keys.crm!));
    expect(second.stdout).toMatch(/^order 1 is closing\nsomeone else moved it \(request [0-9a-f]{8}\); read it again\n$/);
  });

  it("lookup: prints what is left of the minute; then the spent day window; then the missing scope", async () => {
    const found = await run('lookup', env(store.keys.lookup!));
    expect(found.stderr).toBe('');
    expect(found.stdout).toMatch(/^1 orders; \d+ lookups left this minute\n$/);
    const day = lapak.windows.lookupPerKeyDay;
    await day.withQuota(1, async () => {
      expect((await run('lookup', env(store.keys.lookup!))).stdout).toMatch(/^1 orders;/);
      const spent = await run('lookup', env(store.keys.lookup!));
      expect(spent.stdout).toBe('the key-day window is spent: try again in 86400 s\n');
    });
    const scope = await run('lookup', env(store.keys.crm!));
    expect(scope.stdout).toBe('this key lacks customers:read\n');
  });

  it('webhooks: the receiver accepts a real delivery (with the old and new secret given) and refuses a forged one', async () => {
    const port = await freePort();
    const added = await addEndpoint(lapak.ctx.db, lapak.clock, lapak.ctx.sealer, store.tenantId, { url: `http://127.0.0.1:${port}/lapak`, description: 'README' }, { allowPrivate: true, resolver: async () => [] });
    if (!added.ok) throw new Error(added.message);
    const old = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const child: ChildProcess = spawn(process.execPath, [fileOf('webhooks')], { env: { PATH: process.env.PATH, PORT: String(port), LAPAK_WEBHOOK_SECRETS: `${added.value.secret} ${old}` } });
    let stdout = '';
    child.stdout!.on('data', (d) => (stdout += d));
    try {
      await waitForPort(port);
      const patch = await fetch(`${lapak.baseUrl}/api/order_status.php`, {
        method: 'PATCH',
        headers: { 'x-api-key': store.keys.crm!, 'content-type': 'application/json' },
        body: JSON.stringify({ id: orderId, status: 'pending' }),
      });
      expect(patch.status).toBe(200);
      const dispatcher = testDispatcher(lapak);
      // This change's event: the order-status example's came before the store had an endpoint,
      // so it was written fanned out and goes nowhere.
      for (let round = 0; round < 4 && (await dispatcher.runOnce()).claimed > 0; round++);
      await dispatcher.stop();
      await expect.poll(() => stdout).toBe(`order ${orderId}: closing -> pending\n`);
      const forged = await fetch(`http://127.0.0.1:${port}/lapak`, {
        method: 'POST',
        headers: { 'webhook-id': '1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
        body: '{"type":"order.status_changed","data":{}}',
      });
      expect(forged.status).toBe(400);
    } finally {
      child.kill();
    }
  });
});

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}
