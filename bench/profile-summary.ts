// `node build/bench/profile-summary.js DIR [--top N]`: where each scenario's server time went,
// from the CPU profiles `npm run bench -- --cpu-prof DIR` wrote. The bench writes, beside each
// server's profile, when each scenario's measured run began and ended (scenarios.<pid>.json,
// on the monotonic clock of the profile's timestamps); this slices every profile by those
// windows and prints, per scenario, the self time by part (kernel I/O, SQLite, Kysely,
// Fastify, ...) and the functions with the most self time. Samples are wall-clock on the
// server's main thread: "(idle)" is time waiting (fsync, the lookup's floor, the network).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Window {
  name: string;
  startUs: number;
  endUs: number;
}

// First match wins: a function's part, by its name and where it comes from.
const PARTS: Array<[string, (name: string, url: string) => boolean]> = [
  ['idle', (name) => name === '(idle)'],
  ['garbage collection', (name) => name === '(garbage collector)'],
  ['socket writes (writev, kernel)', (name, url) => url === '' && /^writev|^writeBuffer|^writeUtf8String|^writeLatin1String/.test(name)],
  ['SQLite (native calls)', (name, url) => url.includes('sqlite-driver') || url.includes('better-sqlite3') || (url.endsWith('/lib/db/db.js') && name !== 'changeToken')],
  ['key cache change token', (name) => name === 'changeToken'],
  ['PostgreSQL driver (pg)', (_name, url) => /node_modules\/pg(-[a-z]+)?\//.test(url)],
  ['Redis driver and limiter', (_name, url) => /node_modules\/(ioredis|@ioredis|redis-parser|rate-limiter-flexible)\//.test(url)],
  ['Kysely (query building and driver)', (_name, url) => url.includes('node_modules/kysely/')],
  ['Prometheus metrics (prom-client)', (_name, url) => url.includes('node_modules/prom-client/') || url.endsWith('/lib/metrics.js')],
  ['logging (pino)', (_name, url) => /node_modules\/(pino|pino-std-serializers|sonic-boom)\//.test(url)],
  ['Fastify (routing, hooks, reply, serialisation)', (_name, url) => /node_modules\/(fastify|@fastify|find-my-way|fast-json-stringify|avvio|light-my-request|fast-querystring|toad-cache)\//.test(url)],
  ['node:http, streams, events, timers', (_name, url) => url.startsWith('node:')],
  ['hashing, crypto', (name) => /^(Hash|digest|update|randomFill)/.test(name)],
  ['Lapak code (dist/)', (_name, url) => url.includes('/dist/')],
  ['V8 and native (program, microtasks, other)', () => true],
];

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
}

function partOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  return PARTS.find(([, test]) => test(functionName, url))![0];
}

/** Self time (microseconds) per node id, of the samples inside [startUs, endUs). */
function selfTimes(profile: Profile, startUs: number, endUs: number): { byNode: Map<number, number>; total: number } {
  const byNode = new Map<number, number>();
  let at = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (at < startUs || at >= endUs) continue;
    byNode.set(profile.samples[i]!, (byNode.get(profile.samples[i]!) ?? 0) + next);
    total += next;
  }
  return { byNode, total };
}

function summarise(profile: Profile, window: Window, top: number): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const { byNode, total } = selfTimes(profile, window.startUs, window.endUs);
  if (total === 0) return [];
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of byNode) {
    const node = nodes.get(id)!;
    parts.set(partOf(node), (parts.get(partOf(node)) ?? 0) + us);
    functions.set(label(node), (functions.get(label(node)) ?? 0) + us);
  }
  const share = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const out = [``, `${window.name}: ${(total / 1e6).toFixed(1)} s of samples`];
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) out.push(`  ${share(us)}  ${part}`);
  out.push(`  functions with the most self time:`);
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${share(us)}  ${fn}`);
  return out;
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '15' } } });
  const dir = positionals[0];
  if (!dir) throw new Error('usage: node build/bench/profile-summary.js DIR [--top N]');
  const top = Number(values.top);
  const files = fs.readdirSync(dir);
  const windows: Window[] = files.filter((f) => /^scenarios\.\d+\.json$/.test(f)).flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Window[]);
  const profiles = files.filter((f) => f.endsWith('.cpuprofile'));
  if (profiles.length === 0 || windows.length === 0) throw new Error(`${dir}: no .cpuprofile with its scenarios.<pid>.json (run npm run bench -- --cpu-prof ${dir})`);
  for (const file of profiles) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    // A profile covers the scenarios run against its process (a worker's, with --workers).
    const mine = windows.filter((w) => w.startUs >= profile.startTime && w.endUs <= profile.endTime);
    const out = [`== ${file}`];
    for (const window of mine) out.push(...summarise(profile, window, top));
    process.stdout.write(`${out.join('\n')}\n\n`);
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`profile-summary: ${(error as Error).message}\n`);
  process.exit(1);
}
