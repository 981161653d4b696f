// The PostgreSQL floor server: the round trips of GET and PATCH /api/order_status.php on
// PostgreSQL + Redis behind a bare node:http server. What it costs per request is what node:http,
// the pg driver and ioredis cost for the same work on this machine: the floor under the routes'
// CPU, which bench/run.ts measures beside the raw hello-world and the routes.
//
// The statements are the server's own, run as the server runs them outside a transaction (a
// named statement on a pooled connection, src/lib/db/db.ts, without Kysely): GET, the key's row
// with the order (orderAlongsideKey), then the key's window in Redis (rate-limiter-flexible, as
// src/lib/limits.ts); PATCH, the key's row with its remembered response and the order
// (patchReadAlongsideKey), the window, then the one statement of the change with its lock,
// history, hourly unit, event and remembered response (recordStatusChangeAlone). Around them
// nothing of Lapak's: no Fastify, no key cache, scopes or expiry checks, no in-flight set, no
// logging, metrics or request ids beyond a counter, no feed consumers, no dispatcher.
// With FOLDS=1, also the counts' and insights' folds (bench/floor-fold.ts, pgFloorFold): every
// FOLD_EVERY_MS (the consumers' poll) batches of the changes written since, one after another
// while a batch comes full.
//
// Run by bench/run.ts: `node build/bench/pg-floor-server.js` with DATABASE_URL, REDIS_URL,
// REDIS_KEY_PREFIX, WEBHOOK_OUT_HOURLY_CAP (and FOLDS) in the environment; prints its port when
// listening, stops on SIGTERM.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { openDatabase } from '../src/lib/db/db.js';
import { idempotencyLockName } from '../src/idempotency/idempotency-key.js';
import { recordValues } from '../src/idempotency/remember-response.js';
import { WINDOWS } from '../src/lib/limits.js';
import { openRedis } from '../src/lib/redis.js';
import { patchReadAlongsideKey } from '../src/orders/api/read-for-patch.js';
import { orderAlongsideKey } from '../src/orders/api/read-order.js';
import { recordStatusChangeAlone } from '../src/orders/core/record-status-change.js';
import { takeHourlySlot } from '../src/events/hourly-cap.js';
import { COUNTS_BATCH, countsConsumer } from '../src/counts/fold-counts.js';
import { pgFloorFold } from './floor-fold.js';

/** How often the folds run: the counts and insights consumers' poll. */
const FOLD_EVERY_MS = countsConsumer.pollMs!;

/** The bench's limits: windows counted but out of the way (as its RATE_LIMIT_SCALE). */
const WINDOW_SCALE = 100_000;

export function pgFloorServer(
  databaseUrl: string,
  redis: { url: string; keyPrefix: string },
  settings: { timeZone: string; webhookHourlyCap: number },
  folds = false,
): { server: http.Server; close(): Promise<void> } {
  const handle = openDatabase(databaseUrl);
  const db = handle.db;
  const fold = folds ? pgFloorFold(handle.pool!) : null;
  let folding = false;
  const foldTimer = fold
    ? setInterval(() => {
        if (folding) return;
        folding = true;
        void (async () => {
          while ((await fold.foldBatch(Date.now())) >= COUNTS_BATCH);
        })()
          .catch((error: unknown) => process.stderr.write(`fold: ${String(error)}\n`))
          .finally(() => (folding = false));
      }, FOLD_EVERY_MS)
    : null;
  const client = openRedis(redis.url, (message) => process.stderr.write(`redis: ${message}\n`));
  const rule = WINDOWS.orderStatusPerKey;
  const window = new RateLimiterRedis({ points: rule.points * WINDOW_SCALE, duration: rule.durationSec, keyPrefix: `${redis.keyPrefix}rl:floor`, storeClient: client, rejectIfRedisNotReady: true });
  let requestIds = 0;
  const plainLookup = () => Promise.reject(new Error('the floor reads the key with the order'));

  async function get(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url!;
    const read = orderAlongsideKey(db, Number(url.slice(url.indexOf('id=') + 3)));
    const key = await read.lookup(sha256(String(req.headers['x-api-key'])), plainLookup);
    if (!key) return send(res, 401, FAILED);
    await window.consume(String(key.id));
    const order = read.found();
    if (!order) return send(res, 404, FAILED);
    send(res, 200, JSON.stringify({ success: true, order, request_id: (++requestIds).toString(16) }));
  }

  async function patch(req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
    const body = JSON.parse(text) as { id: number; status: string };
    const idempotencyKey = String(req.headers['idempotency-key']);
    const read = patchReadAlongsideKey(db, body, idempotencyKey)!;
    const key = await read.lookup(sha256(String(req.headers['x-api-key'])), plainLookup);
    if (!key) return send(res, 401, FAILED);
    await window.consume(String(key.id));
    const order = read.found();
    if (order?.request_hash) return send(res, 200, order.response_body!);
    if (!order || order.id === null) return send(res, 404, FAILED);
    const from = order.status!;
    const now = Date.now();
    const changed = from !== body.status;
    const answer = JSON.stringify({
      success: true, order_id: body.id, previous_status: from, status: body.status,
      updated_at: changed ? new Date(now).toISOString() : null, request_id: (++requestIds).toString(16), changed,
    });
    if (!changed) return send(res, 200, answer);
    const request = { key: idempotencyKey, hash: sha256(text), lockName: idempotencyLockName(key.tenant_id, key.id, idempotencyKey) };
    const change = { tenantId: key.tenant_id, orderId: body.id, from, to: body.status, now, source: 'api' as const, actor: key.name };
    const remember = { lockName: request.lockName, record: recordValues({ tenantId: key.tenant_id, keyId: key.id, request, body: answer, now }) };
    let outcome = await recordStatusChangeAlone(db, change, settings, remember);
    if (outcome === 'needs_transaction') {
      // The hour's slots are not made yet (the first change of an hour): made as the route's
      // transaction makes them, then the statement again.
      await db.transaction().execute((tx) => takeHourlySlot(tx, key.tenant_id, now, settings.webhookHourlyCap));
      outcome = await recordStatusChangeAlone(db, change, settings, remember);
    }
    // A stale read answers 409: the bench counts it as a broken run, not a cheap request.
    send(res, outcome === 'written' ? 200 : 409, outcome === 'written' ? answer : FAILED);
  }

  const server = http.createServer((req, res) => {
    const failed = (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      send(res, 500, FAILED);
    };
    if (req.method !== 'PATCH') return void get(req, res).catch(failed);
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => void patch(req, res, text).catch(failed));
  });
  return {
    server,
    close: async () => {
      if (foldTimer) clearInterval(foldTimer);
      while (folding) await new Promise((resolve) => setTimeout(resolve, 10));
      client.disconnect();
      await handle.close();
    },
  };
}

const FAILED = '{"success":false}';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const floor = pgFloorServer(process.env.DATABASE_URL!, { url: process.env.REDIS_URL!, keyPrefix: process.env.REDIS_KEY_PREFIX ?? '' }, {
    timeZone: process.env.TZ || 'Asia/Jakarta',
    webhookHourlyCap: Number(process.env.WEBHOOK_OUT_HOURLY_CAP ?? 3000),
  }, process.env.FOLDS === '1');
  floor.server.listen(0, '127.0.0.1', () => process.stdout.write(`${(floor.server.address() as { port: number }).port}\n`));
  process.on('SIGTERM', () =>
    floor.server.close(() => {
      void floor.close().then(() => process.exit(0));
    }),
  );
}
