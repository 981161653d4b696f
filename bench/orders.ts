// `npm run bench:orders`: the orders workspace at a million orders (issue 32 §6). Seeds one
// store with --orders orders (default 1,000,000) and another beside it with a tenth of them
// (`lapak demo orders`'s operation), starts the built server (`node dist/cli.js serve`) as
// bench/run.ts does, logs in the measured store's owner and one of its CS members, draws 1,000
// parameter sets a scenario from the seeded orders (bench/orders-scenarios.ts: the table of
// scenarios and their targets) and measures each through HTTP at 10 concurrent connections:
// p50, p95, req/s and the server's CPU per request. Prints each scenario against its p95
// target as PASS or MISS, per run and as the median of the runs. Then, once a run, the CSV export
// of the store beside it (issue 33 §3): time to first byte, the whole download, and the server's
// RSS growth, sampled from /proc/<pid>/status every 20 ms while it runs. A measurement: it exits 0
// whether the targets are met or not, and non-zero only when the run fails (a request
// answered other than 2xx included: then the figures measure something else).
// Options: --orders N, --db sqlite|postgres, --runs N (default 3), --duration N (seconds a
// scenario, default 5, after a 1 s warm-up), --pg-url URL (the PostgreSQL server to create the
// database on), --redis-url URL|none (the limiter store on PostgreSQL), --keep (leave the seeded
// database and print its URL), --database URL (measure a database a --keep run left: no seeding),
// --only TEXT (only the scenarios whose name contains TEXT, e.g. "name search").
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seededRandom } from '../src/demo/demo-orders.js';
import { BACKEND_OPTIONS, limiterStore, parseBackend, type BackendChoice } from './database.js';
import { logIn, ordersDatabase, STORE_TIME_ZONE, type OrdersBenchDatabase } from './orders-database.js';
import { EXPORT_PATH, EXPORT_TARGETS, pathOf, SCENARIOS, TARGETS, type Caller, type Scenario } from './orders-scenarios.js';
import { startServer, usageBetween, type RunningServer } from './server.js';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const PARAMETER_SETS = 1_000;
const BENCH_SECRET_KEY = randomBytes(32).toString('base64');

interface Options extends BackendChoice {
  orders: number;
  runs: number;
  duration: number;
  keep: boolean;
  reuse: string | null;
  /** Only the scenarios whose name contains this (case-insensitive); null: all. */
  only: string | null;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      orders: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '3' },
      duration: { type: 'string', default: '5' },
      keep: { type: 'boolean', default: false },
      database: { type: 'string' },
      only: { type: 'string' },
      ...BACKEND_OPTIONS,
    },
    strict: true,
  });
  const whole = (raw: string, name: string) => {
    if (!/^[1-9][0-9]*$/.test(raw)) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
    return Number(raw);
  };
  const backend = parseBackend(values);
  const reuse = values.database ?? null;
  if (reuse && reuse.startsWith('sqlite:') !== (backend.backend === 'sqlite')) throw new Error(`--database ${reuse} is not a ${backend.backend} database (--db)`);
  return { ...backend, orders: whole(values.orders, 'orders'), runs: whole(values.runs, 'runs'), duration: whole(values.duration, 'duration'), keep: values.keep, reuse, only: values.only?.toLowerCase() ?? null };
}

interface Measurement {
  name: string;
  as: Caller;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  /** Server CPU per request in ms (null off Linux). */
  cpuMs: number | null;
  non2xx: number;
  errors: number;
  statusCodes: string;
}

/** The requests of a scenario, drawn once: paths in a ring, each with the caller's cookie. */
interface Prepared {
  scenario: Scenario;
  paths: string[];
}

interface ExportMeasurement {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Lines after the header (a row per order: the seeded orders hold no line breaks). */
  rows: number;
  /** The server's VmRSS before the export, and its highest while it ran, in MB (null off Linux). */
  rssBeforeMb: number | null;
  rssGrowthMb: number | null;
}

/** The process's resident memory in kB (VmRSS of /proc/<pid>/status), or null where there is none. */
function residentKb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** One export of every order of the store `cookie` belongs to, read as fast as it comes. */
async function measureExport(server: RunningServer, cookie: string): Promise<ExportMeasurement> {
  const before = residentKb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = residentKb(server.pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 20);
  try {
    const started = performance.now();
    const res = await fetch(`${server.url}${EXPORT_PATH}`, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    let firstByteMs: number | null = null;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const totalMs = performance.now() - started;
    const after = residentKb(server.pid);
    if (after !== null && (peak === null || after > peak)) peak = after;
    const mb = (kb: number) => kb / 1024;
    return {
      firstByteMs: firstByteMs ?? totalMs,
      totalMs,
      bytes,
      rows: lines - 1,
      rssBeforeMb: before === null ? null : mb(before),
      rssGrowthMb: before === null || peak === null ? null : mb(peak - before),
    };
  } finally {
    clearInterval(sampler);
  }
}

const exportLine = (m: ExportMeasurement) =>
  `first byte ${m.firstByteMs.toFixed(0)} ms, ${m.rows.toLocaleString('en-US')} rows (${(m.bytes / 2 ** 20).toFixed(1)} MB) in ${(m.totalMs / 1000).toFixed(1)} s, ` +
  `RSS ${m.rssBeforeMb === null ? 'n/a' : `${m.rssBeforeMb.toFixed(0)} MB + ${m.rssGrowthMb!.toFixed(1)} MB`}`;

function exportReport(runs: ExportMeasurement[]): string[] {
  const firstByte = median(runs.map((m) => m.firstByteMs));
  const growths = runs.flatMap((m) => (m.rssGrowthMb === null ? [] : [m.rssGrowthMb]));
  const growth = growths.length === runs.length ? Math.max(...growths) : null;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  return [
    '',
    `export (${runs.length} run(s)): ${EXPORT_TARGETS.text}`,
    `  first byte, median: ${firstByte.toFixed(0)} ms (<= ${EXPORT_TARGETS.firstByteMs}) ${verdict(firstByte <= EXPORT_TARGETS.firstByteMs)}`,
    `  RSS growth, highest: ${growth === null ? 'n/a (no /proc)' : `${growth.toFixed(1)} MB (<= ${EXPORT_TARGETS.rssGrowthMb}) ${verdict(growth <= EXPORT_TARGETS.rssGrowthMb)}`}`,
    `  whole download, median: ${(median(runs.map((m) => m.totalMs)) / 1000).toFixed(1)} s for ${runs[0]!.rows.toLocaleString('en-US')} rows`,
  ];
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

async function measure(server: RunningServer, prepared: Prepared, cookie: string, duration: number): Promise<Measurement> {
  const { scenario, paths } = prepared;
  let next = 0;
  const requests = [
    {
      method: 'GET',
      headers: { cookie },
      setupRequest: (req: { path?: string }) => {
        req.path = paths[next++ % paths.length]!;
        return req;
      },
    },
  ];
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests });
  const latencies: number[] = [];
  const before = server.usage();
  const run = autocannon({ url: server.url, connections: CONNECTIONS, duration, requests });
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await run;
  const used = usageBetween(before, server.usage());
  latencies.sort((a, b) => a - b);
  const total = result.requests.total;
  // None answered within the run (each took longer than it): a MISS, not a failed run.
  if (total === 0) latencies.push(Number.POSITIVE_INFINITY);
  return {
    name: scenario.name,
    as: scenario.as,
    requests: total,
    rps: total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuMs: used === null || total === 0 ? null : (used.cpuSeconds * 1000) / total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}: ${count}`).join(', '),
  };
}

// After a scenario the server may still be working through requests its clients have given up
// on (SQLite's queries run on the one thread: ten slow searches in flight hold it for their
// whole time). The next scenario starts once /healthz answers within this, so that it measures
// itself and not the one before.
const IDLE_MS = 50;
const SETTLE_TIMEOUT_MS = 300_000;

/** Waits until the server answers /healthz within IDLE_MS; how long that took, in ms. */
async function settle(url: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const asked = Date.now();
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
      await res.arrayBuffer();
      if (Date.now() - asked <= IDLE_MS) return Date.now() - started;
    } catch {
      // timed out: the loop's own deadline below decides
    }
    if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the server stayed busy for ${SETTLE_TIMEOUT_MS / 1000} s after a scenario`);
  }
}

/** Runs `task` over `items` with `width` at a time. */
async function inTurn<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Every scenario's paths. A next page's parameter sets are first asked for their first page
 * (before any measurement), and keep the cursor it answered; a set whose first page is its
 * last has no next page and is left out.
 */
async function prepare(chosen: readonly Scenario[], database: OrdersBenchDatabase, server: RunningServer, cookies: Record<Caller, string>, log: (line: string) => void): Promise<Prepared[]> {
  const random = seededRandom(20_260_032);
  const started = Date.now();
  const prepared: Prepared[] = [];
  for (const scenario of chosen) {
    const queries = Array.from({ length: PARAMETER_SETS }, () => scenario.draw(database.sample, random));
    if (!scenario.nextPage) {
      prepared.push({ scenario, paths: queries.map((q) => pathOf(scenario, q)) });
      continue;
    }
    const cursors = await inTurn(queries, CONNECTIONS, async (query) => {
      const res = await fetch(`${server.url}${pathOf(scenario, query)}`, { headers: { cookie: cookies[scenario.as] } });
      if (res.status !== 200) throw new Error(`${scenario.name}: first page answered ${res.status} ${await res.text()}`);
      return ((await res.json()) as { next_cursor: string | null }).next_cursor;
    });
    const paths = queries.flatMap((q, i) => (cursors[i] ? [pathOf(scenario, { ...q, cursor: cursors[i]! })] : []));
    if (paths.length === 0) throw new Error(`${scenario.name}: no parameter set has a next page`);
    prepared.push({ scenario, paths });
  }
  const pages = prepared.filter((p) => p.scenario.nextPage).map((p) => `${p.scenario.name.replace(/^list, next page(, )?/, '') || 'unfiltered'} ${p.paths.length}`);
  log(`drawn:    ${PARAMETER_SETS.toLocaleString('en-US')} parameter sets a scenario in ${((Date.now() - started) / 1000).toFixed(1)} s; next pages kept (a set with one page has none): ${pages.join(', ')}`);
  return prepared;
}

async function oneRun(options: Options, database: OrdersBenchDatabase, env: Record<string, string>, log: (line: string) => void, prepared: Prepared[] | null) {
  const server = await startServer({
    databaseUrl: database.url,
    env: { RATE_LIMIT_SCALE: '100000', LAPAK_SECRET_KEY: process.env.LAPAK_SECRET_KEY ?? BENCH_SECRET_KEY, TZ: STORE_TIME_ZONE, ...env },
    readyTimeoutMs: 60_000,
  });
  try {
    log(`server:   node dist/cli.js serve at ${server.url} (pid ${server.pid})`);
    const cookies = { owner: await logIn(server.url, database.logins.owner), cs: await logIn(server.url, database.logins.cs) };
    const scenarios = prepared ?? (await prepare(chosenScenarios(options), database, server, cookies, log));
    const measured: Measurement[] = [];
    for (const p of scenarios) {
      const m = await measure(server, p, cookies[p.scenario.as], options.duration);
      const waited = await settle(server.url);
      log(`  ${m.name}: p95 ${ms(m.p95)} ms, ${Math.round(m.rps)} req/s${waited > 1_000 ? `; the server was busy ${(waited / 1000).toFixed(1)} s after it` : ''}`);
      measured.push(m);
    }
    const exported = await measureExport(server, await logIn(server.url, database.logins.neighbour));
    log(`  export of the neighbour store: ${exportLine(exported)}`);
    return { scenarios, measured, exported, logLines: server.logLines() };
  } finally {
    await server.stop();
  }
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Milliseconds; a scenario of which no request completed within its run has none. */
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'none');

/** The scenarios of this run: all, or those that --only names. */
const chosenScenarios = (options: Options): readonly Scenario[] => (options.only === null ? SCENARIOS : SCENARIOS.filter((s) => s.name.toLowerCase().includes(options.only!)));

function report(title: string, chosen: readonly Scenario[], runs: Measurement[][]): string[] {
  const rows = chosen.map((scenario, i) => {
    const all = runs.map((r) => r[i]!);
    const target = TARGETS[scenario.target].p95Ms;
    const p95 = median(all.map((m) => m.p95));
    const cpu = all.every((m) => m.cpuMs !== null) ? median(all.map((m) => m.cpuMs!)) : null;
    const failed = all.reduce((n, m) => n + m.non2xx + m.errors, 0);
    return [
      scenario.name,
      ms(median(all.map((m) => m.p50))),
      ms(p95),
      runs.length > 1 ? `${ms(Math.min(...all.map((m) => m.p95)))}-${ms(Math.max(...all.map((m) => m.p95)))}` : '',
      String(Math.round(median(all.map((m) => m.rps)))),
      cpu === null ? 'n/a' : cpu.toFixed(2),
      `<= ${target}`,
      failed > 0 ? `FAILED (${failed} non-2xx or errors)` : p95 <= target ? 'PASS' : 'MISS',
    ];
  });
  return ['', title, ...table(['scenario', 'p50 ms', 'p95 ms', 'p95 range', 'req/s', 'CPU ms/req', 'target', 'result'], rows)];
}

function machineInfo(): string {
  const cpus = os.cpus();
  return `Node ${process.version}, ${os.platform()} ${os.release()}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
}

async function main(options: Options): Promise<boolean> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`Lapak orders benchmark (issue 32 §6), ${new Date().toISOString()}`);
  log(`machine:  ${machineInfo()}`);
  const database = await ordersDatabase({ backend: options.backend, orders: options.orders, pgUrl: options.pgUrl, reuse: options.reuse, keep: options.keep, log });
  const limiter = limiterStore(options, 'lapak-bench-orders');
  try {
    log(`database: ${database.description}`);
    for (const s of database.seeded) {
      log(`          ${s.store}: ${s.orders.toLocaleString('en-US')} orders in ${s.seconds.toFixed(1)} s, ${s.cpuSeconds.toFixed(1)} s CPU of the bench process (lapak demo orders's operation)`);
    }
    log(`load:     autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${options.duration} s a scenario, ${chosenScenarios(options).length} scenarios, ${options.runs} run(s)`);
    const runs: Measurement[][] = [];
    const exports: ExportMeasurement[] = [];
    let prepared: Prepared[] | null = null;
    const logLines: string[] = [];
    for (let run = 1; run <= options.runs; run++) {
      log(`\n== run ${run} of ${options.runs}`);
      const result = await oneRun(options, database, limiter.env, log, prepared);
      prepared = result.scenarios;
      runs.push(result.measured);
      exports.push(result.exported);
      logLines.push(...result.logLines);
      for (const line of report(`run ${run}`, chosenScenarios(options), [result.measured])) log(line);
    }
    if (options.runs > 1) for (const line of report(`median of ${options.runs} runs (the result judges the median p95)`, chosenScenarios(options), runs)) log(line);
    for (const line of exportReport(exports)) log(line);
    log('');
    for (const [name, target] of Object.entries(TARGETS)) log(`target ${name}: ${target.text}`);
    log(`target export: ${EXPORT_TARGETS.text}`);
    const failures = runs.flat().filter((m) => m.non2xx + m.errors > 0);
    for (const m of failures) log(`FAILED ${m.name}: ${m.statusCodes}, ${m.errors} errors`);
    if (logLines.length > 0) log(`server log (warn and above):\n${logLines.join('\n')}`);
    return failures.length === 0;
  } finally {
    await database.cleanup();
    await limiter.cleanup();
  }
}

try {
  const ok = await main(parseOptions(process.argv.slice(2)));
  if (!ok) process.exit(1);
} catch (error) {
  process.stderr.write(`bench:orders failed: ${(error as Error).message}\n`);
  process.exit(1);
}
