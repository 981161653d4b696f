// The SQLite statements of a PATCH with an Idempotency-Key, written out in SQL as the server
// runs them (orders/api/read-for-patch.ts, orders/core/record-status-change.ts, events/, idempotency/):
// the work below which no server of this schema can answer a PATCH. Shared by `npm run
// bench:floor` (the statements alone) and the floor server (the same statements behind a bare
// node:http server, bench/floor-server.ts).
import SQLite from 'better-sqlite3';
import { IDEMPOTENCY_RETENTION_MS } from '../src/idempotency/idempotency-key.js';
import { PATCH_ORDER_COLUMNS } from '../src/orders/api/patch-decision.js';
import { milestonesOf } from '../src/orders/core/milestones.js';
import { SQLITE_IO_PRAGMAS } from '../src/lib/db/db.js';

/** The server's settings for its connection (src/lib/db/db.ts). */
export function openLikeServer(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma(`temp_store = ${process.env.TEMP_STORE ?? 'MEMORY'}`);
  for (const pragma of SQLITE_IO_PRAGMAS) db.pragma(pragma);
  return db;
}

// The order's columns that the server's read takes for its decision.
const ORDER_COLUMNS = PATCH_ORDER_COLUMNS.map((c) => `o.${c}`).join(', ');

export interface PatchRead {
  request_hash: string | null;
  response_body: string | null;
  id: number | null;
  status: string | null;
}

/**
 * The statements, prepared on `db` for the store `tenantId` and its key `keyId`.
 * `skip`: leave out one statement (bench:floor's SKIP). `eventType` and `fannedOut`: the floor
 * server writes events that no dispatcher will pick up (its requests have no fan-out).
 */
export function patchStatements(db: SQLite.Database, a: { tenantId: number; keyId: number; skip?: string; eventType?: string; fannedOut?: boolean }) {
  const read = db.prepare(`select r.request_hash, r.response_body, r.expires_at, t.shipping_integration, ${ORDER_COLUMNS}
    from (select 1 as one)
    left join idempotency_records r on r.tenant_id = ? and r.api_key_id = ? and r.idempotency_key = ?
    left join orders o on o.tenant_id = ? and o.id = ? left join tenants t on t.id = o.tenant_id`);
  // As orders/core/record-status-change.ts: the source for the feed's row, and the milestones the
  // move reaches unless the order reached them before (an order's first closing moves insights).
  const move = db.prepare(`update orders set status = ?, updated_at = ?, status_source = 'api',
    first_closed_at = coalesce(first_closed_at, ?), first_paid_at = coalesce(first_paid_at, ?),
    first_shipped_at = coalesce(first_shipped_at, ?), first_completed_at = coalesce(first_completed_at, ?)
    where tenant_id = ? and id = ? and status = ?`);
  const takeUnit = db.prepare('update event_hour_slots set count = count + 1 where tenant_id = ? and hour_start = ? and slot = ? and count < ?');
  const insertEvent = db.prepare(
    `insert into events (tenant_id, order_id, type, payload, created_at, fanned_out_at) values (?, ?, '${a.eventType ?? 'order.status_changed'}', ?, ?, ${a.fannedOut ? '?' : 'null'})`,
  );
  const insertHistory = db.prepare(
    "insert into order_history (tenant_id, order_id, source, actor, field, old_value, new_value, created_at) values (?, ?, 'api', 'bench', 'status', ?, ?, ?)",
  );
  const remember = db.prepare(`insert into idempotency_records (tenant_id, api_key_id, idempotency_key, request_hash, response_status, response_body, created_at, expires_at)
    values (?, ?, ?, ?, 200, ?, ?, ?)
    on conflict (tenant_id, api_key_id, idempotency_key) do update set request_hash = excluded.request_hash where idempotency_records.expires_at <= ?`);
  const hourStart = () => Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const slotOf = db.prepare('insert or ignore into event_hour_slots (tenant_id, hour_start, slot, count) values (?, ?, 0, 0)');
  let slotHour = 0;
  const { tenantId, keyId, skip = '' } = a;
  return {
    /** The remembered response of `key` and the order `orderId`, in one statement. */
    read: (key: string, orderId: number) => read.get(tenantId, keyId, key, tenantId, orderId) as PatchRead,
    /** The change with its hourly unit, event and history entry; false when the order was no longer in `from`. */
    change(orderId: number, from: string, to: string, payload: string, now: number): boolean {
      const m = milestonesOf(to, 'api', now);
      if (move.run(to, now, m.first_closed_at, m.first_paid_at, m.first_shipped_at, m.first_completed_at, tenantId, orderId, from).changes === 0) return false;
      const hour = hourStart();
      if (hour !== slotHour) {
        slotOf.run(tenantId, hour);
        slotHour = hour;
      }
      takeUnit.run(tenantId, hour, 0, Number.MAX_SAFE_INTEGER);
      if (skip !== 'event') insertEvent.run(tenantId, orderId, payload, now, ...(a.fannedOut ? [now] : []));
      if (skip !== 'history') insertHistory.run(tenantId, orderId, from, to, now);
      return true;
    },
    /** The response remembered for `key`. */
    remember(key: string, hash: string, body: string, now: number): void {
      if (skip !== 'remember') remember.run(tenantId, keyId, key, hash, body, now, now + IDEMPOTENCY_RETENTION_MS, now);
    },
  };
}
