// `npm run bench:bulk`: a bulk move of 10,000 orders as a job of the `bulk` worker (issue 40 §5),
// and what it costs the other requests meanwhile. Seeds a store of --orders orders (default
// 10,000) and one beside it (a tenth), starts the built server (`node dist/cli.js serve`, which
// runs the worker), and measures the owners' order lists (GET /dashboard/api/orders?limit=50,
// both stores in turn) at 10 connections: first for --duration seconds with no job, then while
// the job cancels every order of the store, all set pending first (POST
// /dashboard/api/orders/bulk-status with the view of all orders and a reason: 202, then GET
// /dashboard/api/jobs/{id} every 500 ms until it is done).
// Prints the job's time and rate, and the other requests' p50/p95/p99 and req/s in both phases.
// The lists come at --rate requests a second in all (default 100: a busy team's dashboards), or,
// with --rate 0, in a closed loop as fast as the server answers (a saturated server: the job then
// gets what is left of it).
// Options: --db sqlite|postgres (default postgres), --orders N, --duration N, --rate N, --pg-url URL.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/lib/db/db.js';
import { logIn, ordersDatabase, type Backend } from './orders-database.js';
import { startServer, type RunningServer } from './server.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    orders: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
    'pg-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const CONNECTIONS = 10;
const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

/** The lists of both stores, in turn, until `until` resolves (or for `seconds`). */
async function lists(server: RunningServer, cookies: string[], phase: { seconds: number } | { until: Promise<unknown> }) {
  let next = 0;
  const requests = [{ method: 'GET', path: '/dashboard/api/orders?limit=50', setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...req.headers, cookie: cookies[next++ % cookies.length]! } }) }];
  const latencies: number[] = [];
  const rate = Number(values.rate);
  const run = autocannon({ url: server.url, connections: CONNECTIONS, duration: 'seconds' in phase ? phase.seconds : 3600, requests, ...(rate > 0 ? { overallRate: rate } : {}) });
  run.on('response', (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
  if ('until' in phase) void phase.until.then(() => (run as unknown as { stop(): void }).stop());
  const result = await run;
  latencies.sort((a, b) => a - b);
  return { requests: result.requests.total, rps: result.requests.total / result.duration, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), non2xx: result.non2xx };
}

const orders = Number(values.orders);
const database = await ordersDatabase({ backend: values.db as Backend, orders, pgUrl: values['pg-url']!, reuse: null, keep: false, log });
// Every order of the measured store pending first, so that the job's move changes each one
// (the demo's mix is mostly completed orders, which no move to cancelled takes).
const handle = openDatabase(database.url);
await handle.db.updateTable('orders').set({ status: 'pending' }).where('tenant_id', '=', database.tenantId).execute();
await handle.close();
const server = await startServer({ databaseUrl: database.url, env: { LAPAK_SECRET_KEY: randomBytes(32).toString('base64'), RATE_LIMIT_SCALE: '1000' } });
try {
  log(database.description);
  log(`lists: ${Number(values.rate) > 0 ? `${values.rate} requests a second in all` : 'a closed loop (as fast as the server answers)'}, ${CONNECTIONS} connections`);
  const owner = await logIn(server.url, database.logins.owner);
  const neighbour = await logIn(server.url, database.logins.neighbour);
  await lists(server, [owner, neighbour], { seconds: 1 });
  const quiet = await lists(server, [owner, neighbour], { seconds: Number(values.duration) });

  const started = Date.now();
  const res = await fetch(`${server.url}/dashboard/api/orders/bulk-status`, {
    method: 'POST',
    headers: { cookie: owner, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ query: {}, status: 'cancelled', reason: 'Bench: stok habis' }),
  });
  const answered = Date.now() - started;
  const job = ((await res.json()) as { job: { id: number; total: number } }).job;
  if (res.status !== 202) throw new Error(`bulk-status: ${res.status}`);
  const done = (async () => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const read = (await (await fetch(`${server.url}/dashboard/api/jobs/${job.id}`, { headers: { cookie: owner } })).json()) as { job: { state: string; total: number; changed: number; unchanged: number; refused: number } };
      if (read.job.state !== 'queued' && read.job.state !== 'running') return { ...read.job, wall: (Date.now() - started) / 1000 };
    }
  })();
  const busy = await lists(server, [owner, neighbour], { until: done });
  const end = await done;
  log(`job: ${end.total} orders, ${end.state} in ${end.wall.toFixed(1)} s (${(Number(end.total) / end.wall).toFixed(0)} orders/s); changed ${end.changed}, unchanged ${end.unchanged}, refused ${end.refused}; the 202 in ${answered} ms`);
  for (const [name, m] of [['no job', quiet], ['during the job', busy]] as const) {
    log(`lists ${name}: ${m.requests} requests, ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}`);
  }
} finally {
  await server.stop();
  await database.cleanup();
}
