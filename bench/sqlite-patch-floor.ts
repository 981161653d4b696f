// `npm run bench:floor`: what a PATCH costs SQLite itself, with no HTTP, no Fastify, no
// Kysely and no Lapak code: the statements a status change with an Idempotency-Key runs
// (orders/api/read-for-patch.ts, orders/core/record-status-change.ts, events/, idempotency/),
// written out here in SQL, run through better-sqlite3 on a seeded bench database with the
// server's settings (WAL, synchronous=FULL, foreign keys, temp_store) and grouped 35 to a
// COMMIT without savepoints, as the server's group commit runs PATCH's repeatable units
// (lib/db/write-transaction.ts). Prints CPU per change (user and system) and write calls
// per change: the floor under the whole request's CPU that bench/run.ts measures.
// Options (environment): FLOOR_GROUPS (default 1500; bash ignores an assignment to GROUPS,
// one of its own variables, so that older name works only from other shells), and to try a
// setting before changing the server: TEMP_STORE (default MEMORY, as the server), DROP_INDEX (an index to drop first),
// SKIP (remember, history or event: leave that statement out), SAVEPOINTS=1 (each change in
// its own savepoint, as units that are not repeatable run).
import fs from 'node:fs';
import { setupDatabase } from './database.js';
import { openLikeServer, patchStatements } from './patch-statements.js';

const GROUP = 35;
const GROUPS = Number(process.env.FLOOR_GROUPS ?? process.env.GROUPS ?? 1_500);
const skip = process.env.SKIP ?? '';

const bench = await setupDatabase('sqlite', 100_000);
const db = openLikeServer(bench.url.slice('sqlite:'.length));
if (process.env.DROP_INDEX) db.exec(`drop index if exists ${process.env.DROP_INDEX}`);

const { tenantId, toggleable } = bench.seeded;
const keyId = db.prepare('select id from api_keys where tenant_id = ? limit 1').pluck().get(tenantId) as number;
const statements = patchStatements(db, { tenantId, keyId, skip });
const savepoints = process.env.SAVEPOINTS === '1';
const savepoint = db.prepare('savepoint unit');
const release = db.prepare('release unit');

const payload = JSON.stringify({
  store_id: tenantId, order_id: 1, previous_status: 'pending', status: 'closing', changed_at: '2026-11-23T12:00:00+07:00',
  source: 'api', changed_by: 'integration', integration: 'bench', external_reference: null,
});
const body = JSON.stringify({ success: true, id: 1, status: 'closing', previous_status: 'pending', updated_at: '2026-11-23 12:00:00' });

/** Write and read system calls of this process so far (Linux). */
const io = () => {
  const fields = Object.fromEntries(fs.readFileSync('/proc/self/io', 'utf8').trim().split('\n').map((line) => line.split(': ')));
  return { writes: Number(fields.syscw), reads: Number(fields.syscr) };
};

let changes = 0;
const io0 = io();
const cpu0 = process.cpuUsage();
for (let g = 0; g < GROUPS; g++) {
  db.exec('begin');
  for (let i = 0; i < GROUP; i++) {
    const order = toggleable[Math.floor(Math.random() * toggleable.length)]!;
    const { id, status: from } = order;
    const to = from === 'pending' ? 'closing' : 'pending';
    const key = `floor-${changes++}-${Math.random()}`;
    const now = Date.now();
    if (savepoints) savepoint.run();
    statements.read(key, id);
    statements.change(id, from, to, payload, now);
    statements.remember(key, 'h'.repeat(64), body, now);
    if (savepoints) release.run();
    order.status = to;
  }
  db.exec('commit');
}
const cpu = process.cpuUsage(cpu0);
const io1 = io();
const per = (n: number) => (n / changes).toFixed(1);
console.log(
  `SQLite alone, ${changes.toLocaleString('en-US')} changes in groups of ${GROUP}` +
    `${savepoints ? ', each in a savepoint' : ''}${skip ? ` without ${skip}` : ''}${process.env.DROP_INDEX ? `, ${process.env.DROP_INDEX} dropped` : ''}, temp_store ${process.env.TEMP_STORE ?? 'MEMORY'}:\n` +
    `  CPU ${per(cpu.user + cpu.system)} us a change (user ${per(cpu.user)}, system ${per(cpu.system)}); ` +
    `${per(io1.writes - io0.writes)} write and ${per(io1.reads - io0.reads)} read calls a change`,
);
db.close();
await bench.cleanup();
