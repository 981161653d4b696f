// The floor server: the SQLite work of GET and PATCH /api/order_status.php behind a bare
// node:http server, with none of Lapak's code around it (no Fastify, no Kysely, no key check
// beyond hashing the key, no limiter, no logging, no metrics). What it costs per request is
// what node:http and SQLite alone cost for the same work on this machine: the floor under
// the routes' CPU, which bench/run.ts measures beside the raw hello-world and the routes.
//
// GET: the key's hash, the same read as the route's on SQLite (the key cache's change count
// with the order's columns, one statement), the answer as JSON. PATCH: the body parsed, the key's hash
// and the content's, then the PATCH's statements (bench/patch-statements.ts) in a group
// commit as the server's (lib/db/write-transaction.ts: the requests read in one turn of the
// event loop share one COMMIT, and each is answered after it). Its events are written as
// already fanned out (type bench.floor): the floor has no dispatcher.
// With FOLDS=1, also the feed consumers' folds (bench/floor-fold.ts): every FOLD_EVERY_MS (the
// consumers' poll) the next group commit folds a batch of the changes written since, before its
// COMMIT, and while a batch comes full, so does the group commit after it (the consumers' next
// round starts at once).
//
// Run by bench/run.ts: `node build/bench/floor-server.js` with DB_FILE and TENANT_ID (and
// FOLDS) in the environment; prints its port when listening, stops on SIGTERM.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { COUNTS_BATCH, countsConsumer } from '../src/counts/fold-counts.js';
import { RECORD_COLUMNS } from '../src/orders/core/order-record.js';
import { floorFold } from './floor-fold.js';
import { openLikeServer, patchStatements } from './patch-statements.js';

export const FLOOR_EVENT_TYPE = 'bench.floor';

/** How often the folds run: the counts and insights consumers' poll. */
const FOLD_EVERY_MS = countsConsumer.pollMs!;

/** The floor server on the SQLite database `file`, for the store `tenantId` (not yet listening); `folds`: with the consumers' folds. */
export function floorServer(file: string, tenantId: number, folds = false): { server: http.Server; close(): void } {
  const db = openLikeServer(file);
  // Its Idempotency-Keys are remembered under one of the store's keys, as the route's are.
  const keyId = db.prepare('select id from api_keys where tenant_id = ? order by id limit 1').pluck().get(tenantId) as number;
  const statements = patchStatements(db, { tenantId, keyId, eventType: FLOOR_EVENT_TYPE, fannedOut: true });
  // The route's columns for a key without customers:read (the bench's read key).
  const readOrder = db.prepare(`select (select count from key_changes where id = 1) as key_changes, ${RECORD_COLUMNS.map((c) => `o.${c}`).join(', ')}
    from (select 1 as one) left join orders o on o.tenant_id = ? and o.id = ?`);
  let requestIds = 0;

  function get(req: http.IncomingMessage, res: http.ServerResponse): void {
    sha256(String(req.headers['x-api-key']));
    const url = req.url!;
    const id = Number(url.slice(url.indexOf('id=') + 3));
    const { key_changes: _token, ...order } = readOrder.get(tenantId, id) as Record<string, unknown>;
    if (order.id === null) return send(res, 404, NOT_FOUND);
    send(res, 200, JSON.stringify({ success: true, order, request_id: (++requestIds).toString(16) }));
  }

  const queue: Unit[] = [];
  const fold = folds ? floorFold(db) : null;
  let foldDue = false;
  const foldTimer = fold
    ? setInterval(() => {
        if (queue.length === 0) setImmediate(commitGroup);
        foldDue = true;
      }, FOLD_EVERY_MS)
    : null;

  /** Every PATCH read in this turn of the event loop, in one transaction; answered after its COMMIT. */
  function commitGroup(): void {
    if (queue.length === 0 && !foldDue) return;
    const group = queue.splice(0);
    const answers: Array<[http.ServerResponse, number, string]> = [];
    db.exec('begin');
    for (const unit of group) {
      const now = Date.now();
      const read = statements.read(unit.key, unit.orderId);
      if (read.request_hash !== null) {
        answers.push([unit.res, 200, read.response_body!]);
        continue;
      }
      if (read.id === null) {
        answers.push([unit.res, 404, NOT_FOUND]);
        continue;
      }
      const from = read.status!;
      const payload = JSON.stringify({ store_id: tenantId, order_id: unit.orderId, previous_status: from, status: unit.to, changed_at: new Date(now).toISOString() });
      const changed = from !== unit.to && statements.change(unit.orderId, from, unit.to, payload, now);
      const body = JSON.stringify({
        success: true, order_id: unit.orderId, previous_status: from, status: unit.to,
        updated_at: changed ? new Date(now).toISOString() : null, request_id: (++requestIds).toString(16), changed,
      });
      statements.remember(unit.key, unit.hash, body, now);
      answers.push([unit.res, 200, body]);
    }
    if (foldDue) {
      foldDue = fold!.foldBatch(Date.now()) >= COUNTS_BATCH;
      if (foldDue) setImmediate(commitGroup);
    }
    db.exec('commit');
    for (const [res, status, body] of answers) send(res, status, body);
  }

  function patch(req: http.IncomingMessage, res: http.ServerResponse): void {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      sha256(String(req.headers['x-api-key']));
      const body = JSON.parse(text) as { id: number; status: string };
      if (queue.length === 0) setImmediate(commitGroup);
      queue.push({ key: String(req.headers['idempotency-key']), hash: sha256(text), orderId: body.id, to: body.status, res });
    });
  }

  const server = http.createServer((req, res) => (req.method === 'PATCH' ? patch(req, res) : get(req, res)));
  return {
    server,
    close: () => {
      if (foldTimer) clearInterval(foldTimer);
      db.close();
    },
  };
}

const NOT_FOUND = '{"success":false}';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

interface Unit {
  key: string;
  hash: string;
  orderId: number;
  to: string;
  res: http.ServerResponse;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const floor = floorServer(process.env.DB_FILE!, Number(process.env.TENANT_ID), process.env.FOLDS === '1');
  floor.server.listen(0, '127.0.0.1', () => process.stdout.write(`${(floor.server.address() as { port: number }).port}\n`));
  process.on('SIGTERM', () =>
    floor.server.close(() => {
      floor.close();
      process.exit(0);
    }),
  );
}
