// `npm run bench:instructions`: the server's user-space instructions per request, counted by
// valgrind's callgrind, for the raw node:http hello-world and each scenario of the bench on
// the embedded SQLite default. An instruction count does not follow the machine's speed or
// whatever else runs on it (the same figure on a busy machine and a quiet one), so a change
// of a few percent shows where the timed bench's CPU per request is lost in noise. It counts
// neither the kernel's work (the socket writes) nor time spent waiting (fsync), and runs about
// 50 times slower than the server normally does: about half an hour. Needs valgrind (Debian's package).
// Two figures per scenario: the main thread's instructions (the event loop: every request's
// JavaScript, SQLite, the drivers) and all threads' (with V8's optimising compiler and
// garbage collector, which work in the background at their own pace: the same build's
// "all" moved by up to 100k a request between runs, its main thread by a few percent).
// Judge a change of the code by the main thread's figure.
//
// Each scenario is warmed up (V8 compiles and optimises the hot paths in that time: without
// it the count is mostly the JIT's), then the counters are zeroed, the measured requests
// sent, and the counts dumped (callgrind_control). This is done twice per scenario and the
// second count is kept: a first count right after a start still held 20-60 % of compiling
// and collecting (healthz 205k instructions a request, then 75k). Kept counts of the same
// code moved by up to 10 % between runs: compare two builds in the same order of scenarios,
// and distrust a difference smaller than that. Options: --requests N (measured, default
// 3000), --warmup N (default 6000), --orders N (default 20000), --scenarios a,b (of raw,
// floor-get, floor-patch (the floor server of the backend: its GET and PATCH), healthz, get,
// patch, lookup, embed; default raw, healthz, get, patch, embed: lookup's 150 ms floor would
// make it take minutes), --keep DIR (keep the callgrind files there, for callgrind_annotate),
// --db sqlite|postgres (default sqlite; postgres: a scratch database on --pg-url, default
// TEST_DATABASE_URL or the local server, with the limiter windows in Redis at --redis-url, or `none`: PostgreSQL's own store).
// On PostgreSQL only this process is counted, not PostgreSQL's or Redis's.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { BACKEND_OPTIONS, limiterStore, parseBackend, setupDatabase, type BenchDatabase } from './database.js';
import { embedRequests, getRequests, lookupRequests, patchRequests } from './scenarios.js';
import { startFloorServer, startPgFloorServer, startRawCeiling, startServer, type MeasuredServer } from './server.js';

interface Count {
  /** The main thread's instructions a request. */
  main: number;
  /** All threads' (the main thread's with V8's background compiling and collecting). */
  all: number;
}

// Fewer connections than the timed bench: under valgrind every request is slow, and 50
// waiting connections would only time out.
const CONNECTIONS = 10;
const SCENARIOS = ['raw', 'floor-get', 'floor-patch', 'healthz', 'get', 'patch', 'lookup', 'embed'] as const;
type Scenario = (typeof SCENARIOS)[number];
type FloorScenario = 'floor-get' | 'floor-patch';
const isFloor = (s: Scenario): s is FloorScenario => s.startsWith('floor-');

function requestsOf(scenario: Exclude<Scenario, 'raw'>, database: BenchDatabase): Request[] {
  switch (scenario) {
    case 'floor-get':
      return getRequests(database);
    case 'floor-patch':
      return patchRequests(database);
    case 'healthz':
      return [{ method: 'GET', path: '/healthz' }];
    case 'get':
      return getRequests(database);
    case 'patch':
      return patchRequests(database);
    case 'lookup':
      return lookupRequests(database);
    case 'embed':
      return embedRequests(database);
  }
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '3000' },
      warmup: { type: 'string', default: '6000' },
      orders: { type: 'string', default: '20000' },
      scenarios: { type: 'string', default: 'raw,healthz,get,patch,embed' },
      keep: { type: 'string' },
      ...BACKEND_OPTIONS,
    },
  });
  const whole = (raw: string, name: string) => {
    if (!/^[1-9][0-9]*$/.test(raw)) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
    return Number(raw);
  };
  const scenarios = values.scenarios.split(',').map((s) => s.trim());
  for (const s of scenarios) if (!(SCENARIOS as readonly string[]).includes(s)) throw new Error(`unknown scenario "${s}" (${SCENARIOS.join(', ')})`);
  return {
    requests: whole(values.requests, 'requests'),
    warmup: whole(values.warmup, 'warmup'),
    orders: whole(values.orders, 'orders'),
    scenarios: scenarios as Scenario[],
    keep: values.keep ? path.resolve(values.keep) : null,
    ...parseBackend(values),
  };
}

/** Valgrind and callgrind_control name their meeting point after these: the same for both. */
function sharedEnvironment(): void {
  process.env.USER ??= 'lapak';
  process.env.LOGNAME ??= 'lapak';
  process.env.HOST = '127.0.0.1';
}

async function main(): Promise<void> {
  const options = parseOptions();
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
  }
  sharedEnvironment();
  const dir = options.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-callgrind-'));
  fs.mkdirSync(dir, { recursive: true });
  const vgdbPrefix = path.join(dir, 'vgdb');
  // One file per thread: the main thread (the event loop, where every request's JavaScript
  // and SQLite run) apart from V8's background threads (optimising compiler, garbage
  // collector's marking and sweeping), whose share of a measured window moved by 100k
  // instructions a request between runs of the same build.
  const launcher = ['valgrind', '--tool=callgrind', '--separate-threads=yes', `--vgdb-prefix=${vgdbPrefix}`, `--callgrind-out-file=${dir}/callgrind.out.%p`];
  const control = (args: string[]) => execFileSync('callgrind_control', [`--vgdb-prefix=${vgdbPrefix}`, ...args], { stdio: 'ignore' });

  /** Measured twice; the second count is kept (see the header). */
  async function count(name: string, server: MeasuredServer, requests: Request[]): Promise<Count> {
    await countOnce(`${name}-first`, server, requests);
    return countOnce(name, server, requests);
  }

  /** Warm-up, zero, the measured requests, dump: instructions per request, the main thread's and all threads'. */
  async function countOnce(name: string, server: MeasuredServer, requests: Request[]): Promise<Count> {
    const warm = await autocannon({ url: server.url, connections: CONNECTIONS, amount: options.warmup, requests, timeout: 60 });
    control(['--zero', String(server.pid)]);
    const run = await autocannon({ url: server.url, connections: CONNECTIONS, amount: options.requests, requests, timeout: 60 });
    const before = new Set(fs.readdirSync(dir));
    control([`--dump=${name}`, String(server.pid)]);
    let total = 0;
    let main = 0;
    for (const file of fs.readdirSync(dir).filter((f) => !before.has(f) && f.startsWith('callgrind.out'))) {
      const found = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (!found) continue;
      total += Number(found[1]);
      // Thread 1 is the process's first thread: the main one.
      if (file.endsWith('-01')) main += Number(found[1]);
    }
    const failed = warm.non2xx + warm.errors + run.non2xx + run.errors + run.timeouts;
    if (failed > 0) throw new Error(`${name}: ${failed} failed requests`);
    return { main: main / run.requests.total, all: total / run.requests.total };
  }

  const database = await setupDatabase(options.backend, options.orders, options.pgUrl);
  const limiter = limiterStore(options, 'lapak-instructions');
  const results: Array<[string, Count]> = [];
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const logLast = () => {
    const [name, { main, all }] = results.at(-1)!;
    log(`  ${name}: ${Math.round(main)} main thread, ${Math.round(all)} all`);
  };
  log(`Lapak instruction count, ${new Date().toISOString()}: ${options.warmup} warm-up + ${options.requests} measured requests per scenario, ${CONNECTIONS} connections, ${options.orders} orders, ${database.description}`);
  try {
    if (options.scenarios.includes('raw')) {
      const raw = await startRawCeiling(launcher);
      try {
        results.push(['raw node:http hello-world', await count('raw', raw, [{ method: 'GET', path: '/' }])]);
      } finally {
        await raw.stop();
      }
      logLast();
    }
    const floors = options.scenarios.filter(isFloor);
    if (floors.length > 0) {
      // The floor server of the backend (bench/floor-server.ts, bench/pg-floor-server.ts): the
      // routes' database work behind a bare node:http server.
      const floor =
        options.backend === 'postgres'
          ? await startPgFloorServer(database.url, { ...limiter.env, WEBHOOK_OUT_HOURLY_CAP: '1000000000' }, launcher)
          : await startFloorServer(database.url.slice('sqlite:'.length), database.seeded.tenantId, false, launcher);
      try {
        for (const scenario of floors) {
          results.push([scenario, await count(scenario, floor, requestsOf(scenario, database))]);
          logLast();
        }
      } finally {
        await floor.stop();
      }
    }
    const routes = options.scenarios.filter((s): s is Exclude<Scenario, 'raw' | FloorScenario> => s !== 'raw' && !isFloor(s));
    if (routes.length > 0) {
      const server = await startServer({
        databaseUrl: database.url,
        launcher,
        readyTimeoutMs: 180_000,
        // As the timed bench, without the dispatcher's 20 ms poll (a cost per second, not per request).
        env: { RATE_LIMIT_SCALE: '100000', WEBHOOK_OUT_HOURLY_CAP: '1000000000', WEBHOOK_DISPATCHER: 'off', LAPAK_SECRET_KEY: randomBytes(32).toString('base64'), ...limiter.env },
      });
      try {
        for (const scenario of routes) {
          results.push([scenario, await count(scenario, server, requestsOf(scenario, database))]);
          logLast();
        }
      } finally {
        await server.stop().catch((error: Error) => log(`server stop: ${error.message.split('\n')[0]}`));
      }
    }
  } finally {
    await database.cleanup();
    await limiter.cleanup();
    if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
  }

  const raw = results.find(([name]) => name.startsWith('raw'))?.[1];
  log('');
  log(`${'instructions a request'.padEnd(28)} ${'main thread'.padStart(12)} ${'x raw'.padStart(7)} ${'all threads'.padStart(12)} ${'x raw'.padStart(7)}`);
  const figures = (value: number, of: number | undefined) =>
    `${Math.round(value).toLocaleString('en-US').padStart(12)} ${of ? `${(value / of).toFixed(1)}x`.padStart(7) : ''.padStart(7)}`;
  for (const [name, value] of results) log(`${name.padEnd(28)} ${figures(value.main, raw?.main)} ${figures(value.all, raw?.all)}`);
  if (options.keep) log(`\ncallgrind files kept in ${options.keep} (callgrind_annotate <file>)`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench:instructions failed: ${(error as Error).message}\n`);
  process.exit(1);
}
