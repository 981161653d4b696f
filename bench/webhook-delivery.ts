// `npm run bench:webhooks`: webhook delivery on the embedded SQLite default.
//  1. Latency: `lapak serve` (dispatcher inside, as by default) and one endpoint on a local
//     receiver; PATCHes one at a time, each on another order, and the time from the PATCH
//     response to the receipt of its webhook. p50 and p99 (target p50 <= 50 ms).
//  2. Throughput: PATCHes with the dispatcher off queue a backlog of events; then
//     `lapak dispatch` alone delivers it, and the rate between the first and the last
//     receipt is the deliveries per second.
// The receiver verifies every delivery with the standardwebhooks package. A measurement:
// exits 0 whether the target is met or not, non-zero only when the run fails.
// Options: --samples N (latency PATCHes, default 300), --backlog N (default 3000).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { systemClock } from '../src/lib/clock.js';
import { loadConfig } from '../src/lib/config.js';
import { openDatabase } from '../src/lib/db/db.js';
import { resolveSealer } from '../src/lib/secrets/key-source.js';
import { addEndpoint } from '../src/webhooks/add-endpoint.js';
import { systemResolver } from '../src/webhooks/url-safety.js';
import { startReceiver, type Receiver } from '../test/webhook-receiver.js';
import { setupDatabase, type BenchDatabase } from './database.js';
import { CLI, ROOT, startServer, type RunningServer } from './server.js';

const TARGET_P50_MS = 50;
const PATCH_CONCURRENCY = 20;
const ENV = { WEBHOOK_ALLOW_PRIVATE: '1', RATE_LIMIT_SCALE: '100000', WEBHOOK_OUT_HOURLY_CAP: '1000000000' };

interface Receipt {
  orderId: number;
  status: string;
  at: number;
}

interface Arrivals {
  receipts: Receipt[];
  onReceipt: ((r: Receipt) => void) | null;
}

/** Answers the test receiver's verified deliveries with 204 and notes when each arrived. */
function recordArrivals(receiver: Receiver): Arrivals {
  const arrivals: Arrivals = { receipts: [], onReceipt: null };
  receiver.respond = (request) => {
    const at = performance.now();
    const data = request.body.data as { order_id: number; status: string };
    const receipt = { orderId: data.order_id, status: data.status, at };
    arrivals.receipts.push(receipt);
    arrivals.onReceipt?.(receipt);
    return { status: 204 };
  };
  return arrivals;
}

async function patchOrder(server: RunningServer, key: string, order: { id: number; status: 'pending' | 'closing' }): Promise<void> {
  order.status = order.status === 'pending' ? 'closing' : 'pending';
  const res = await fetch(`${server.url}/api/order_status.php`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ id: order.id, status: order.status }),
  });
  const body = (await res.json()) as { changed?: boolean };
  if (res.status !== 200 || body.changed !== true) throw new Error(`PATCH answered ${res.status} ${JSON.stringify(body)}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => n.toFixed(1);

async function measureLatency(database: BenchDatabase, arrivals: Arrivals, samples: number): Promise<number[]> {
  const server = await startServer({ databaseUrl: database.url, env: ENV });
  try {
    const orders = database.seeded.toggleable.slice(0, samples + 20);
    const latencies: number[] = [];
    for (const [i, order] of orders.entries()) {
      let responded = 0;
      const received = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no webhook for order ${order.id} within 10 s`)), 10_000);
        arrivals.onReceipt = (r) => {
          if (r.orderId === order.id) {
            clearTimeout(timer);
            resolve(r.at);
          }
        };
      });
      await patchOrder(server, database.seeded.writeKey, order);
      responded = performance.now();
      const at = await received;
      // The first 20 warm up the JIT, the statement cache and the receiver's connection.
      if (i >= 20) latencies.push(at - responded);
      // Changes arrive at random moments, not in step with the dispatcher's polling.
      await new Promise((r) => setTimeout(r, Math.random() * 30));
    }
    arrivals.onReceipt = null;
    return latencies;
  } finally {
    await server.stop();
  }
}

async function measureThroughput(database: BenchDatabase, arrivals: Arrivals, backlog: number): Promise<{ seconds: number; delivered: number }> {
  const server = await startServer({ databaseUrl: database.url, env: { ...ENV, WEBHOOK_DISPATCHER: 'off' } });
  try {
    const orders = database.seeded.toggleable.slice(-backlog);
    let next = 0;
    await Promise.all(
      Array.from({ length: PATCH_CONCURRENCY }, async () => {
        while (next < orders.length) await patchOrder(server, database.seeded.writeKey, orders[next++]!);
      }),
    );
  } finally {
    await server.stop();
  }
  const before = arrivals.receipts.length;
  const child = spawn(process.execPath, [CLI, 'dispatch'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...ENV }, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 120_000;
  while (arrivals.receipts.length - before < backlog) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`dispatch delivered ${arrivals.receipts.length - before} of ${backlog}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const got = arrivals.receipts.slice(before);
  return { seconds: (got.at(-1)!.at - got[0]!.at) / 1000, delivered: got.length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { samples: { type: 'string', default: '300' }, backlog: { type: 'string', default: '3000' } }, strict: true });
  const samples = Number(values.samples);
  const backlog = Number(values.backlog);
  if (!Number.isInteger(samples) || samples < 1 || !Number.isInteger(backlog) || backlog < 2) throw new Error('--samples and --backlog must be positive integers');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`Lapak webhook benchmark, ${new Date().toISOString()}, Node ${process.version}`);

  const database = await setupDatabase('sqlite', Math.max(10_000, (samples + backlog + 100) * 3));
  const receiver = await startReceiver();
  const arrivals = recordArrivals(receiver);
  try {
    if (database.seeded.toggleable.length < samples + 20 + backlog) throw new Error('not enough pending/closing orders seeded');
    const handle = openDatabase(database.url);
    // The key file beside the bench database, which the server started later reads too.
    const sealer = resolveSealer(loadConfig({ DATABASE_URL: database.url }), () => {});
    const added = await addEndpoint(handle.db, systemClock, sealer, database.seeded.tenantId, { url: receiver.url, description: 'bench' }, { allowPrivate: true, resolver: systemResolver });
    await handle.close();
    if (!added.ok) throw new Error(added.message);
    receiver.secret = added.value.secret;
    log(`database: ${database.description}`);
    log(`receiver: ${receiver.url} (node:http in this process; verifies every delivery with standardwebhooks)`);

    const latencies = (await measureLatency(database, arrivals, samples)).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    log('');
    log(`latency, PATCH response -> webhook received (lapak serve, ${latencies.length} changes one at a time):`);
    log(`  p50 ${ms(p50)} ms   p99 ${ms(p99)} ms   min ${ms(latencies[0]!)} ms   max ${ms(latencies.at(-1)!)} ms`);

    const throughput = await measureThroughput(database, arrivals, backlog);
    log('');
    log(`throughput, lapak dispatch alone draining a backlog of ${throughput.delivered} events:`);
    log(`  ${Math.round((throughput.delivered - 1) / throughput.seconds).toLocaleString('en-US')} deliveries/s (${throughput.seconds.toFixed(2)} s from first to last receipt)`);
    log('');
    log(`target p50 <= ${TARGET_P50_MS} ms: ${p50 <= TARGET_P50_MS ? 'PASS' : 'MISS'}; signature failures at the receiver: ${receiver.rejected.length}`);
    if (receiver.rejected.length > 0) throw new Error('the receiver rejected deliveries');
  } finally {
    await receiver.close();
    await database.cleanup();
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error).message}\n`);
  process.exit(1);
}
