// `npm run bench:floor`: what a PATCH costs SQLite itself, with no HTTP, no Fastify, no
// Kysely and no Lapak code: the statements a status change with an Idempotency-Key runs
// (orders/read-for-patch.ts, orders/record-status-change.ts, events/, idempotency/),
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
import SQLite from 'better-sqlite3';
import { IDEMPOTENCY_RETENTION_MS } from '../src/idempotency/idempotency-key.js';
import { setupDatabase } from './database.js';

const GROUP = 35;
const GROUPS = Number(process.env.FLOOR_GROUPS ?? process.env.GROUPS ?? 1_500);
const skip = process.env.SKIP ?? '';

const bench = await setupDatabase('sqlite', 100_000);
const file = bench.url.slice('sqlite:'.length);
const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma(`temp_store = ${process.env.TEMP_STORE ?? 'MEMORY'}`);
if (process.env.DROP_INDEX) db.exec(`drop index if exists ${process.env.DROP_INDEX}`);

const { tenantId, toggleable } = bench.seeded;
const keyId = db.prepare('select id from api_keys where tenant_id = ? limit 1').pluck().get(tenantId) as number;
const read = db.prepare(`select r.request_hash, r.response_body, r.expires_at, t.shipping_integration, o.id, o.status, o.updated_at
  from (select 1 as one) one
  left join idempotency_records r on r.tenant_id = ? and r.api_key_id = ? and r.idempotency_key = ?
  left join orders o on o.tenant_id = ? and o.id = ? left join tenants t on t.id = o.tenant_id`);
const move = db.prepare('update orders set status = ?, updated_at = ? where tenant_id = ? and id = ? and status = ?');
const takeUnit = db.prepare('update event_hour_slots set count = count + 1 where tenant_id = ? and hour_start = ? and slot = ? and count < ?');
const insertEvent = db.prepare("insert into events (tenant_id, order_id, type, payload, created_at) values (?, ?, 'order.status_changed', ?, ?)");
const insertHistory = db.prepare(
  "insert into order_history (tenant_id, order_id, source, actor, field, old_value, new_value, created_at) values (?, ?, 'api', 'bench', 'status', ?, ?, ?)",
);
const remember = db.prepare(`insert into idempotency_records (tenant_id, api_key_id, idempotency_key, request_hash, response_status, response_body, created_at, expires_at)
  values (?, ?, ?, ?, 200, ?, ?, ?)
  on conflict (tenant_id, api_key_id, idempotency_key) do update set request_hash = excluded.request_hash where idempotency_records.expires_at <= ?`);
const savepoints = process.env.SAVEPOINTS === '1';
const savepoint = db.prepare('savepoint unit');
const release = db.prepare('release unit');

const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
db.prepare('insert or ignore into event_hour_slots (tenant_id, hour_start, slot, count) values (?, ?, 0, 0)').run(tenantId, hourStart);
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
    read.get(tenantId, keyId, key, tenantId, id);
    move.run(to, now, tenantId, id, from);
    takeUnit.run(tenantId, hourStart, 0, Number.MAX_SAFE_INTEGER);
    if (skip !== 'event') insertEvent.run(tenantId, id, payload, now);
    if (skip !== 'history') insertHistory.run(tenantId, id, from, to, now);
    if (skip !== 'remember') remember.run(tenantId, keyId, key, 'h'.repeat(64), body, now, now + IDEMPOTENCY_RETENTION_MS, now);
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
