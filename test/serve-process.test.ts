// `lapak serve` as a process: graceful shutdown on SIGTERM (in-flight requests finish, new
// connections are refused, exit 0), with one process and with --workers 2 (node:cluster).
// `lapak work` as a process: the background workers without HTTP, all of them or --only
// some, each kept out by its off switch, stopped cleanly by SIGTERM.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness, type RunningCommand } from './cli-process.js';
import { httpRequest } from './http-client.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';
import { openDatabase } from '../src/lib/db/db.js';

const cli = cliHarness('lapak-serve-');
const FILE = 'serve.db';
let lookupKey: string;

beforeAll(() => {
  const tenant = cli.lapak(FILE, ['tenant', 'create', '--name', 'Toko Serve', '--json']).json();
  lookupKey = cli.lapak(FILE, ['key', 'issue', '--tenant', String(tenant.id), '--name', 'lookup', '--scopes', 'customers:read', '--json']).json().key;
});
afterAll(() => cli.cleanup());

/** Child processes of pid (the cluster's workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('graceful shutdown', { timeout: 30_000 }, () => {
  it.each([
    ['one process', []],
    ['--workers 2', ['--workers', '2']],
  ])('SIGTERM during slow requests (%s): they complete, new connections are refused, exit 0', async (_label, args) => {
    const server = await cli.start(FILE, 'serve', { LOG_LEVEL: 'info' }, args);
    const url = `http://127.0.0.1:${server.port}`;
    const workers = childrenOf(server.pid);
    // Customer lookups take at least 150 ms (SPEC's response floor): slow requests.
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      httpRequest(`${url}/api/customer_lookup.php`, { method: 'POST', headers: { 'x-api-key': lookupKey }, body: { phone: `0812999900${String(i).padStart(2, '0')}` } }),
    );
    // SIGTERM once the server has received all of them (each logs "incoming request").
    const received = () => server.stdout().split('\n').filter((line) => line.includes('"path":"/api/customer_lookup.php"') && line.includes('incoming request')).length;
    for (let i = 0; i < 100 && received() < inFlight.length; i++) await sleep(5);
    expect(received()).toBe(inFlight.length);
    let exited = false;
    void server.exited.then(() => (exited = true));
    process.kill(server.pid, 'SIGTERM');
    // The listener closes while the process is still running (draining the slow requests):
    // a new connection is refused before the exit. Polled, not after a fixed wait: with
    // --workers 2 the primary closes the port only once both workers have closed theirs,
    // which took over 60 ms on a loaded machine.
    let refusedWhileRunning = false;
    while (!exited && !refusedWhileRunning) {
      refusedWhileRunning = (await connectionRefused(server.port)) && !exited;
      if (!refusedWhileRunning) await sleep(5);
    }
    expect(refusedWhileRunning).toBe(true);

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => [a.status, a.json().code])).toEqual(inFlight.map(() => [404, 'customer_not_found']));
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('serve --workers 2', { timeout: 30_000 }, () => {
  it('two worker processes share the port; /metrics adds up both; a killed worker is replaced', async () => {
    const server = await cli.start(FILE, 'serve', { LOG_LEVEL: 'info' }, ['--workers', '2']);
    const url = `http://127.0.0.1:${server.port}`;
    try {
      const workers = childrenOf(server.pid);
      expect(workers).toHaveLength(2);
      const healthzCount = async () => {
        const text = (await httpRequest(`${url}/metrics`)).body;
        return Number(/lapak_http_requests_total\{route="\/healthz",method="GET",status_code="200"\} (\d+)/.exec(text)?.[1] ?? 0);
      };
      const before = await healthzCount();
      for (let i = 0; i < 20; i++) expect((await httpRequest(`${url}/healthz`)).status).toBe(200);
      await sleep(100);
      // Both workers answered some of them.
      const answeredBy = new Set(
        server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"statusCode":200'))
          .map((line) => JSON.parse(line).pid as number),
      );
      expect([...answeredBy].sort()).toEqual([...workers].sort());

      // The counter of the whole cluster, whichever worker answers the scrape.
      expect((await healthzCount()) - before).toBe(20);
      expect(await healthzCount()).toBe(before + 20);

      process.kill(workers[0]!, 'SIGKILL');
      // Once the primary has seen the death, the other worker takes every connection.
      for (let i = 0; i < 100 && !server.output().includes('worker died'); i++) await sleep(20);
      for (let i = 0; i < 5; i++) expect((await httpRequest(`${url}/healthz`)).status).toBe(200);
      let replaced: number[] = [];
      for (let i = 0; i < 50 && replaced.length < 2; i++) {
        await sleep(100);
        replaced = childrenOf(server.pid);
      }
      expect(replaced).toHaveLength(2);
      expect(replaced).toContain(workers[1]);
      expect(replaced).not.toContain(workers[0]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('form views with serve --workers 2', { timeout: 30_000 }, () => {
  it('each worker counts the beacons it answers and writes them on SIGTERM: the rows add up', async () => {
    const file = 'views.db';
    const tenant = cli.lapak(file, ['tenant', 'create', '--name', 'Toko Views', '--json']).json();
    const product = cli.lapak(file, ['product', 'create', '--tenant', String(tenant.id), '--json'], { input: JSON.stringify({ name: 'Kaos', price: 50000 }) }).json();
    // No flush by the timer: what is written is written on the way out. The beacon's window (60 a
    // minute per IP, per process) widened: until the second worker listens, the first answers all.
    const server = await cli.start(file, 'serve', { LOG_LEVEL: 'info', FORM_VIEWS_FLUSH_SECONDS: '300', RATE_LIMIT_SCALE: '1000' }, ['--workers', '2']);
    const workers = childrenOf(server.pid);
    const beacon = `http://127.0.0.1:${server.port}/form/${tenant.id}/${product.slug}/view`;
    const answeredBy = () => new Set(server.stdout().split('\n').filter((line) => line.includes('"statusCode":204')).map((line) => JSON.parse(line).pid as number));
    // Until both workers have counted some (the second may start listening a little later).
    let sent = 0;
    while (sent < 20 || (answeredBy().size < 2 && sent < 200)) {
      expect((await httpRequest(beacon, { method: 'POST' })).status).toBe(204);
      sent += 1;
    }
    expect([...answeredBy()].sort()).toEqual([...workers].sort());
    expect(await server.stop()).toBe(0);
    const handle = openDatabase(cli.env(file).DATABASE_URL!);
    try {
      const rows = await handle.db.selectFrom('form_views').select(['product_id', 'utm_source', 'utm_campaign', 'views']).execute();
      expect(rows.map((r) => ({ ...r, product_id: Number(r.product_id), views: Number(r.views) }))).toEqual([
        { product_id: product.id, utm_source: '', utm_campaign: '', views: sent },
      ]);
    } finally {
      await handle.close();
    }
  });
});

/** The names in a process's log lines with message `msg` (pino JSON lines, LOG_LEVEL=info). */
function workersLogged(output: string, msg: 'worker started' | 'worker stopped'): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line).worker as string)
    .sort();
}

/** Waits until the process has logged `count` started workers (or exited), then names them. */
async function startedWorkers(run: RunningCommand, count: number): Promise<string[]> {
  let exited = false;
  void run.exited.then(() => (exited = true));
  for (let i = 0; i < 400 && !exited && workersLogged(run.stdout(), 'worker started').length < count; i++) await sleep(25);
  return workersLogged(run.stdout(), 'worker started');
}

describe('lapak work', { timeout: 60_000 }, () => {
  const file = 'work.db';
  // The change feed's consumers, the bulk jobs and messaging are off here (their own test is below): these are about the other two.
  const env = { LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE: '1', COUNTS_CONSUMER: 'off', LIVE_CONSUMER: 'off', BULK_JOBS: 'off', MESSAGE_PLANNER: 'off', MESSAGE_SENDER: 'off', AUTO_CANCEL: 'off', INSIGHTS_CONSUMER: 'off' };
  let receiver: Receiver;

  // A store with one event queued for an endpoint on a receiver: delivered only by a process
  // that runs the webhook worker.
  beforeAll(async () => {
    const tenant = cli.lapak(file, ['tenant', 'create', '--name', 'Toko Kerja', '--json']).json();
    const product = cli.lapak(file, ['product', 'create', '--tenant', String(tenant.id), '--json'], { input: JSON.stringify({ name: 'Kaos', price: 50000 }) }).json();
    const order = cli
      .lapak(file, ['order', 'create', '--tenant', String(tenant.id), '--json'], {
        input: JSON.stringify({ product_id: product.id, quantity: 1, shipping_fee: 0, courier: 'JNE', payment_method: 'cod', customer: { name: 'Budi', phone: '0812-3456-7890', address: 'Jl. A' } }),
      })
      .json();
    receiver = await startReceiver();
    const added = cli.lapak(file, ['webhook', 'add', '--tenant', String(tenant.id), '--url', receiver.url, '--json'], { env });
    expect(added.code, added.stderr).toBe(0);
    receiver.secret = added.json().secret;
    expect(cli.lapak(file, ['order', 'set-status', String(order.id), 'closing']).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    expect(receiver.rejected).toEqual([]);
    await receiver.close();
  });

  it('an unknown name in --only, or every worker off: the message on stderr, exit 1, nothing runs', () => {
    const unknown = cli.lapak(file, ['work', '--only', 'webhooks,whatsapp'], { env });
    expect([unknown.code, unknown.stderr, unknown.stdout]).toEqual([1, 'lapak: unknown worker "whatsapp" in --only; the workers are webhooks, housekeeping, counts, live, bulk, planner, sender, auto-cancel, insights\n', '']);
    expect(cli.lapak(file, ['work', '--only', ''], { env }).stderr).toBe('lapak: unknown worker "" in --only; the workers are webhooks, housekeeping, counts, live, bulk, planner, sender, auto-cancel, insights\n');
    const allOff = cli.lapak(file, ['work'], { env: { ...env, WEBHOOK_DISPATCHER: 'off', HOUSEKEEPING: 'off' } });
    expect([allOff.code, allOff.stderr]).toEqual([1, 'lapak: every worker is off (WEBHOOK_DISPATCHER=off, HOUSEKEEPING=off, COUNTS_CONSUMER=off, LIVE_CONSUMER=off, BULK_JOBS=off, MESSAGE_PLANNER=off, MESSAGE_SENDER=off, AUTO_CANCEL=off, INSIGHTS_CONSUMER=off); name the ones to run with --only\n']);
    expect(receiver.received).toEqual([]);
  });

  it('without --only it runs the workers whose off switch is not set: WEBHOOK_DISPATCHER=off runs housekeeping alone', async () => {
    const work = await cli.start(file, 'work', { ...env, WEBHOOK_DISPATCHER: 'off' });
    expect(await startedWorkers(work, 1)).toEqual(['housekeeping']);
    await sleep(300);
    expect(receiver.received).toEqual([]);
    expect(await work.stop()).toBe(0);
    expect(workersLogged(work.stdout(), 'worker stopped')).toEqual(['housekeeping']);
  });

  it('--only housekeeping runs it alone: nothing is delivered; SIGTERM stops it, exit 0', async () => {
    const work = await cli.start(file, 'work', env, ['--only', 'housekeeping']);
    expect(await startedWorkers(work, 1)).toEqual(['housekeeping']);
    await sleep(300);
    expect(receiver.received).toEqual([]);
    expect(await work.stop()).toBe(0);
    expect(workersLogged(work.stdout(), 'worker stopped')).toEqual(['housekeeping']);
  });

  it('--only webhooks runs the webhook worker alone, whatever its off switch says: the event is delivered; SIGTERM stops it, exit 0', async () => {
    const work = await cli.start(file, 'work', { ...env, WEBHOOK_DISPATCHER: 'off' }, ['--only', 'webhooks']);
    expect(await startedWorkers(work, 1)).toEqual(['webhooks']);
    await receiver.waitFor(1, 10_000);
    expect(receiver.received[0]!.body.data).toMatchObject({ status: 'closing' });
    expect(await work.stop()).toBe(0);
    expect(workersLogged(work.stdout(), 'worker stopped')).toEqual(['webhooks']);
    expect(work.output()).not.toContain('"level":50');
  });

  it('lapak work runs both by default; serve keeps out the one whose switch is off', async () => {
    const both = await cli.start(file, 'work', env);
    expect(await startedWorkers(both, 2)).toEqual(['housekeeping', 'webhooks']);
    expect(await both.stop()).toBe(0);
    for (const [off, left] of [
      [{ HOUSEKEEPING: 'off' }, ['webhooks']],
      [{ WEBHOOK_DISPATCHER: 'off' }, ['housekeeping']],
    ] as const) {
      const server = await cli.start(file, 'serve', { ...env, ...off });
      expect(await startedWorkers(server, 1)).toEqual(left);
      expect(await server.stop()).toBe(0);
      expect(workersLogged(server.stdout(), 'worker started')).toEqual(left);
    }
  });

  it("the change feed's consumers, the bulk jobs and messaging run by default too, and --only names them", async () => {
    const all = await cli.start(file, 'work', { ...env, COUNTS_CONSUMER: 'on', LIVE_CONSUMER: 'on', BULK_JOBS: 'on', MESSAGE_PLANNER: 'on', MESSAGE_SENDER: 'on', AUTO_CANCEL: 'on', INSIGHTS_CONSUMER: 'on' });
    expect(await startedWorkers(all, 9)).toEqual(['auto-cancel', 'bulk', 'counts', 'housekeeping', 'insights', 'live', 'planner', 'sender', 'webhooks']);
    expect(await all.stop()).toBe(0);
    const consumers = await cli.start(file, 'work', env, ['--only', 'counts,live,bulk,planner,sender,auto-cancel,insights']);
    expect(await startedWorkers(consumers, 7)).toEqual(['auto-cancel', 'bulk', 'counts', 'insights', 'live', 'planner', 'sender']);
    expect(await consumers.stop()).toBe(0);
  });
});
