// A V8 CPU profile sliced by time window: the self time of the samples in a window, by part
// (kernel socket writes, node:http, SQLite, pg, Kysely, Fastify, ...) and by function. Used by
// profile-summary.ts with the windows the bench writes beside the server's profile.

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
export interface Window {
  name: string;
  startUs: number;
  endUs: number;
}

// First match wins: a function's part, by its name and where it comes from.
const PARTS: Array<[string, (name: string, url: string) => boolean]> = [
  ['idle', (name) => name === '(idle)'],
  ['garbage collection', (name) => name === '(garbage collector)'],
  ['socket writes (writev, kernel)', (name, url) => url === '' && /^writev|^writeBuffer|^writeUtf8String|^writeLatin1String/.test(name)],
  ['SQLite (native calls)', (name, url) => url.includes('sqlite-driver') || url.includes('better-sqlite3') || (url.endsWith('/lib/db/db.js') && name !== 'keyChangeToken')],
  ['key cache change token', (name) => name === 'keyChangeToken'],
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

export function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
}

export function partOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  return PARTS.find(([, test]) => test(functionName, url))![0];
}

/** Self time (microseconds) per node id, of the samples inside [startUs, endUs). */
export function selfTimes(profile: Profile, startUs: number, endUs: number): { byNode: Map<number, number>; total: number } {
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

/** A scenario's self time (microseconds): in all, by part, by function. */
export interface Slice {
  total: number;
  parts: Map<string, number>;
  functions: Map<string, number>;
}

/** The self time of the samples inside `window`, by part and by function. */
export function sliceProfile(profile: Profile, window: Window): Slice {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const { byNode, total } = selfTimes(profile, window.startUs, window.endUs);
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of byNode) {
    const node = nodes.get(id)!;
    parts.set(partOf(node), (parts.get(partOf(node)) ?? 0) + us);
    functions.set(label(node), (functions.get(label(node)) ?? 0) + us);
  }
  return { total, parts, functions };
}
