// The audit of the orders' CSV exports (issue 33 §3; migration 021): the file holds buyers'
// personal data, so every export is recorded: who, when, the list's query it exported, and how
// many rows it wrote. The entry is written when the export starts, before its first byte, so that
// an export the server never finishes (the client left, a crash) is still on record; its rows and
// `finished_at` when it stops. The owner reads them newest first (GET /dashboard/api/orders/exports).
import type { Clock } from '../../../lib/clock.js';
import type { Db } from '../../../lib/db/db.js';
import { fixedLimit } from '../../../lib/db/fixed-limit.js';
import { parseStringRecord } from '../../../lib/json.js';
import { formatTimestamp } from '../../../lib/time.js';
import { shownName } from '../../core/member-actor.js';

/** The newest entries the list answers. */
export const EXPORTS_LIST_LIMIT = 200;

/** The list's parameters the export was asked with (no cursor or limit), as the query string gave them. */
export type ExportQuery = Record<string, string>;

export interface ExportEntry {
  id: number;
  user: { id: number; name: string };
  created_at: string;
  query: ExportQuery;
  /** Rows written to the file. */
  rows: number;
  /** False while the export runs, or when it stopped before the view's end (the client left). */
  finished: boolean;
}

/** The entry of an export about to start; its id. */
export async function startExportAudit(db: Db, clock: Clock, tenantId: number, userId: number, query: ExportQuery): Promise<number> {
  const row = await db
    .insertInto('order_exports')
    .values({ tenant_id: tenantId, user_id: userId, query: JSON.stringify(query), created_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** How the export ended: the rows it wrote, and when it finished (left null when it stopped early). */
export async function endExportAudit(db: Db, clock: Clock, tenantId: number, exportId: number, end: { rows: number; finished: boolean }): Promise<void> {
  await db
    .updateTable('order_exports')
    .set({ row_count: end.rows, finished_at: end.finished ? clock.now() : null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', exportId)
    .execute();
}

/** The store's exports, newest first, at most EXPORTS_LIST_LIMIT. */
export async function listExports(db: Db, tenantId: number, timeZone: string): Promise<ExportEntry[]> {
  const rows = await db
    .selectFrom('order_exports')
    .innerJoin('users', 'users.id', 'order_exports.user_id')
    .select(['order_exports.id', 'order_exports.query', 'order_exports.row_count', 'order_exports.created_at', 'order_exports.finished_at', 'users.id as user_id', 'users.name', 'users.email'])
    .where('order_exports.tenant_id', '=', tenantId)
    .orderBy('order_exports.id', 'desc')
    .limit(fixedLimit(EXPORTS_LIST_LIMIT))
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user: { id: Number(row.user_id), name: shownName(row) },
    created_at: formatTimestamp(Number(row.created_at), timeZone),
    query: parseStringRecord(row.query),
    rows: Number(row.row_count),
    finished: row.finished_at !== null,
  }));
}
