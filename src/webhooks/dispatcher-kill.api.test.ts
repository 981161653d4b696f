// A dispatcher killed with SIGKILL in the middle of a delivery: the real `lapak dispatch`
// process holds the delivery's lease when it dies. After the lease expires a new
// dispatcher sends the event again with the same webhook-id. Runs on SQLite and PostgreSQL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_SECRET_KEY, seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { ManualClock } from '../lib/clock.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';
import { addEndpoint } from './add-endpoint.js';
import { LEASE_MS } from './claim-deliveries.js';
import { systemResolver } from './url-safety.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.drop();
});

it('SIGKILL mid-delivery: delivered after restart with the same webhook-id', { timeout: 30_000 }, async () => {
  const store = await seedStore(t.ctx, {});
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kopi', price: 25000 });
  const order = await seedOrder(t.ctx, store.tenantId, { product_id: product.id, variant: '' });
  const added = await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, store.tenantId, { url: receiver.url }, { allowPrivate: true, resolver: systemResolver });
  if (!added.ok) throw new Error(added.message);
  receiver.secret = added.value.secret;
  expect((await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, order.id, 'paid', { source: 'cli', actor: 'test' }))).ok).toBe(true);

  // The first request is never answered; the dispatcher is killed while it waits.
  receiver.respond = (_req, i) => (i === 0 ? 'hang' : { status: 200 });
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [path.resolve('dist/cli.js'), 'dispatch'], {
    env: { ...process.env, DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY, WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  try {
    await receiver.waitFor(1, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; dispatcher output:\n${output}`);
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const [delivery] = await t.ctx.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', store.tenantId).execute();
  expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
  expect(delivery!.locked_until).toBeGreaterThan(Date.now());
  // Claimed between the spawn and now, for LEASE_MS.
  expect(delivery!.locked_until!).toBeGreaterThanOrEqual(spawnedAt + LEASE_MS);
  expect(delivery!.locked_until! - Date.now()).toBeLessThanOrEqual(LEASE_MS);
  expect(await t.ctx.db.selectFrom('webhook_attempts').select('id').where('tenant_id', '=', store.tenantId).execute()).toEqual([]);

  // Restart before the lease has expired: nothing is sent twice at once.
  const restarted = (at: number) => testDispatcher(t, { clock: new ManualClock(at) });
  const early = restarted(Date.now());
  expect(await early.runOnce()).toMatchObject({ claimed: 0 });
  await early.stop();
  const late = restarted(delivery!.locked_until!);
  expect(await late.runOnce()).toMatchObject({ claimed: 1, outcomes: { delivered: 1 } });
  await late.stop();

  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]!.webhookId).toBe(receiver.received[0]!.webhookId);
  expect(receiver.received[1]!.raw).toBe(receiver.received[0]!.raw);
  expect(receiver.rejected).toEqual([]);
});
