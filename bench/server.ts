// Runs the built server (`node dist/cli.js serve`) as a child process, as an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealthz } from '../test/server-ready.js';

// Compiled to build/bench/: the project root is two levels up.
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

const READY_TIMEOUT_MS = 20_000;
const EXIT_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 50;

export interface RunningServer {
  url: string;
  pid: number;
  /** Lines the server wrote (LOG_LEVEL=warn: warnings and errors only), the first few kept. */
  logLines(): string[];
  /** What the server (with its workers) has used so far (Linux /proc), or null where unavailable. */
  usage(): Usage | null;
  /** SIGTERM, then waits for a graceful exit; throws when it does not exit cleanly. */
  stop(): Promise<void>;
}

/** A process's use of the machine so far, from Linux /proc. */
export interface Usage {
  /** CPU seconds, user and system. */
  cpuSeconds: number;
  /** Of those, the kernel's (system time: socket and file I/O, waking other processes). */
  systemSeconds: number;
  /**
   * Read and write system calls (syscr + syscw of /proc/<pid>/io: read, write, writev and
   * their kin, on sockets and files alike). Follows the code, not the machine's speed.
   */
  ioCalls: number;
}

/** Each figure of `a` plus `sign` times the same figure of `b`. */
function combine(a: Usage, b: Usage, sign: 1 | -1): Usage {
  return { cpuSeconds: a.cpuSeconds + sign * b.cpuSeconds, systemSeconds: a.systemSeconds + sign * b.systemSeconds, ioCalls: a.ioCalls + sign * b.ioCalls };
}

/** What was used between two readings, or null when either is unavailable. */
export function usageBetween(before: Usage | null, after: Usage | null): Usage | null {
  return before === null || after === null ? null : combine(after, before, -1);
}

// utime and stime of /proc/<pid>/stat, in clock ticks: 100 a second on Linux.
const CLOCK_TICKS_PER_SECOND = 100;

function usageOf(pid: number): Usage | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]) / CLOCK_TICKS_PER_SECOND;
    const system = Number(fields[12]) / CLOCK_TICKS_PER_SECOND;
    const io = Object.fromEntries(
      fs.readFileSync(`/proc/${pid}/io`, 'utf8').trim().split('\n').map((line) => line.split(': ') as [string, string]),
    );
    return { cpuSeconds: user + system, systemSeconds: system, ioCalls: Number(io.syscr) + Number(io.syscw) };
  } catch {
    return null;
  }
}

/**
 * Every process named `postgres` on this machine (the server, its backends and background
 * workers: the local PostgreSQL the bench uses), or null off Linux. A backend that exits between
 * two readings takes its share with it: the bench's pools keep theirs open.
 */
export function postgresUsage(): Usage | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total: Usage = { cpuSeconds: 0, systemSeconds: 0, ioCalls: 0 };
  for (const pid of pids) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const theirs = usageOf(Number(pid));
    if (theirs) total = combine(total, theirs, 1);
  }
  return total;
}

/** The process and its children (the cluster's workers), or null off Linux. */
function usageWithChildren(pid: number): Usage | null {
  const own = usageOf(pid);
  if (own === null) return null;
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children file: count the process alone
  }
  return children.reduce((sum, child) => {
    const theirs = usageOf(child);
    return theirs === null ? sum : combine(sum, theirs, 1);
  }, own);
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function startServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Extra node flags for the child, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** API processes (`serve --workers N`); default 1. */
  workers?: number;
  /** A command the server runs under, e.g. valgrind and its options (bench/instructions.ts). */
  launcher?: string[];
  /** How long to wait for /healthz; default 20 s. */
  readyTimeoutMs?: number;
}): Promise<RunningServer> {
  if (!fs.existsSync(CLI)) throw new Error(`${path.relative(process.cwd(), CLI)} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const workers = options.workers ?? 1;
  const [command, ...args] = [...(options.launcher ?? []), process.execPath, ...(options.nodeArgs ?? []), CLI, 'serve', ...(workers > 1 ? ['--workers', String(workers)] : [])];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let dropped = 0;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (lines.length < LOG_LINES_KEPT) lines.push(line);
      else dropped += 1;
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exit = exited(child);
  const logLines = () => (dropped > 0 ? [...lines, `... and ${dropped} more lines`] : [...lines]);

  const url = `http://127.0.0.1:${port}`;
  await waitForHealthz(url, child, options.readyTimeoutMs ?? READY_TIMEOUT_MS, () => logLines().join('\n'));
  // /healthz answered from one worker; give the others time to listen too.
  if (workers > 1) await sleep(1_500);

  return {
    url,
    pid: child.pid!,
    logLines,
    usage: () => usageWithChildren(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timeout = sleep(EXIT_TIMEOUT_MS, undefined, { ref: false }).then(() => 'timeout' as const);
      const result = await Promise.race([exit, timeout]);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exit;
        throw new Error(`server did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGTERM`);
      }
      if (result.code !== 0) {
        throw new Error(`server exited with ${result.code ?? result.signal}:\n${logLines().join('\n')}`);
      }
    },
  };
}

// The raw ceiling: a node:http hello-world with no framework, in its own process, answering
// every request with a small JSON body like /healthz's. It prints its port when listening.
const RAW_HELLO_WORLD = `
const http = require('node:http');
const body = Buffer.from('{"ok":true}');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export type MeasuredServer = Pick<RunningServer, 'url' | 'pid' | 'usage' | 'stop'>;

/** Starts the raw node:http hello-world (the ceiling of any route on this machine), under `launcher` if given. */
export function startRawCeiling(launcher: string[] = []): Promise<MeasuredServer> {
  return startBare('raw hello-world', [...launcher, process.execPath, '-e', RAW_HELLO_WORLD]);
}

/**
 * Starts the floor server (bench/floor-server.ts: the routes' SQLite work behind a bare
 * node:http server) on the SQLite database `file`, for the store `tenantId`; `folds`: with the
 * feed consumers' folds (bench/floor-fold.ts).
 */
export function startFloorServer(file: string, tenantId: number, folds = false, launcher: string[] = []): Promise<MeasuredServer> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-server.js');
  return startBare('floor server', [...launcher, process.execPath, script], { DB_FILE: file, TENANT_ID: String(tenantId), FOLDS: folds ? '1' : '0' });
}

/** The PostgreSQL floor server (bench/pg-floor-server.ts) on `databaseUrl`; `env`: REDIS_URL and REDIS_KEY_PREFIX for its window. */
export function startPgFloorServer(databaseUrl: string, env: Record<string, string>, launcher: string[] = []): Promise<MeasuredServer> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pg-floor-server.js');
  return startBare('PostgreSQL floor server', [...launcher, process.execPath, script], { ...env, DATABASE_URL: databaseUrl });
}

/** A server of the bench's own that prints its port on its first line of output and stops on SIGTERM. */
async function startBare(label: string, command: string[], env: Record<string, string> = {}): Promise<MeasuredServer> {
  const [program, ...args] = command;
  const child = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const exit = exited(child);
  const port = await new Promise<number>((resolve, reject) => {
    // The port is the first line of stdout; stderr (a warning, say) only explains a failure.
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    void exit.then(({ code, signal }) => reject(new Error(`${label} exited with ${code ?? signal}: ${out}${err}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    usage: () => usageOf(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await exit;
      if (result.code !== 0) throw new Error(`${label} exited with ${result.code ?? result.signal}`);
    },
  };
}
