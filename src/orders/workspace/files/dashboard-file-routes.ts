// The orders in spreadsheets (issue 33 §3, §4; docs/dashboard.md, "Orders"): the list's view
// exported as a CSV file, the owner's audit of those exports, and the import of resi and
// statuses from a CSV file. The export and the import follow the member's scope: owners and
// admins every order of the store, a CS the orders assigned to them (order-scope.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, csvResponse, dashboardErrors, jsonResponse } from '../../../dashboard/contract.js';
import { dashboardRoute } from '../../../dashboard/route.js';
import { dashboardFailure } from '../../../lib/http/failures.js';
import { formatTimestamp } from '../../../lib/time.js';
import { storeTimeZone } from '../../../tenants/store-time-zone.js';
import { endExportAudit, listExports, startExportAudit, type ExportQuery as AuditedQuery } from './export-audit.js';
import { EXPORT_COLUMNS, exportCsv } from './export-orders.js';
import { ExportQuery, ExportsBody, ImportBody, ImportQuery, ImportReportBody } from './file-schemas.js';
import { IMPORT_BODY_LIMIT, MAX_IMPORT_LINES, importOrders } from './import-orders.js';
import { memberActor } from '../../core/member-actor.js';
import { readOrderFilters } from '../list/order-filters.js';
import { filterRefusal } from '../list/filter-refusal.js';
import { moverOf, orderScopeOf } from '../../core/order-scope.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SCOPE = 'Any member: owners and admins every order of the store, a CS only the orders assigned to them.';
const READ = [...SESSION_CODES, ...COMMON_CODES] as const;

/** The query as the audit keeps it: the parameters given, as text. */
const audited = (query: Record<string, unknown>): AuditedQuery =>
  Object.fromEntries(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));

export function orderFileDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/export.csv',
    access: 'member',
    contract: {
      operationId: 'exportOrders',
      summary: "The list's view as a CSV file for Excel: every order under the tab, the search and the filters, newest first",
      description:
        `${SCOPE} The list's parameters (\`status\` and the filters, as GET /dashboard/api/orders takes them; no cursor or limit), with the list's 422s, and \`header\`: \`code\` (the default) or \`id\` (the header row in Indonesian and the statuses as the dashboard names them). ` +
        "UTF-8 with a BOM, `;` between cells, CRLF, one header row, then one row per order. Columns: " +
        EXPORT_COLUMNS.map((c) => `\`${c}\``).join(', ') +
        ". Times are wall times of the store's zone (`2026-07-15 10:30:00`), phones national (`0812-3456-7890`), money whole rupiah; a cell starting with =, +, -, @, a tab or a CR is prefixed with `'`. " +
        'Streamed as it is read, 500 orders a query. Every export is recorded for the owner (GET /dashboard/api/orders/exports): who, when, the query, the rows written.',
      tags: TAGS,
      security: SESSION,
      querystring: ExportQuery,
      response: {
        200: csvResponse('The file.', {
          'Content-Disposition': { description: 'attachment; filename="pesanan-YYYY-MM-DD-HHmm.csv" (the store\'s wall time).', type: 'string', pattern: '^attachment; filename="pesanan-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv"$', required: true },
        }),
        ...dashboardErrors([...READ, 'invalid_request', 'query_too_short']),
      },
    },
    handler: async ({ request, session, query }) => {
      const storeZone = await storeTimeZone(ctx.db, session.tenantId, ctx.config.timeZone);
      const filters = readOrderFilters(query, storeZone, ctx.clock.now());
      if (!filters.ok) return filterRefusal(filters);
      const exportId = await startExportAudit(ctx.db, ctx.clock, session.tenantId, session.userId, audited(query));
      const csv = exportCsv(ctx.db, session.tenantId, orderScopeOf(session), { status: query.status ?? null, filters: filters.value, header: query.header ?? 'code' }, storeZone, (end) => {
        endExportAudit(ctx.db, ctx.clock, session.tenantId, exportId, end).catch((err: unknown) => request.log.error({ err, exportId }, 'the export audit entry was not updated'));
      });
      const stamp = formatTimestamp(ctx.clock.now(), storeZone);
      const filename = `pesanan-${stamp.slice(0, 10)}-${stamp.slice(11, 13)}${stamp.slice(14, 16)}.csv`;
      return {
        status: 200,
        body: csv,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` },
      };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/exports',
    access: 'settings:sensitive',
    contract: {
      operationId: 'listOrderExports',
      summary: "The audit of the orders' CSV exports: who exported which view, when, and how many rows",
      description: `The owner only (settings:sensitive, as the settings' audit log; an admin or CS: 403 \`forbidden\`). Newest first, the latest 200. An export is recorded when it starts; \`rows\` and \`finished\` when it stops.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The exports.', ExportsBody), ...dashboardErrors([...SESSION_CODES, 'forbidden', ...COMMON_CODES]) },
    },
    handler: async ({ session }) => ({ status: 200, body: { exports: await listExports(ctx.db, session.tenantId, ctx.config.timeZone) } }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/import',
    access: 'member',
    rawBody: { contentType: 'text/csv', limit: IMPORT_BODY_LIMIT, refusal: 'orders_csv_required' },
    contract: {
      operationId: 'importOrders',
      summary: 'Resi and statuses from a CSV file: checked line by line, then applied only when no line is refused',
      description:
        `${SCOPE} The body is \`text/csv\` (415 \`orders_csv_required\` for another type): the export's own file (either header) or a minimal \`order;resi;status\` header (resi or status may be left out; the Indonesian \`Nomor pesanan;Resi;Status\` too), \`;\` or \`,\`; only those three columns are read and a blank cell changes nothing. A status is its code or the dashboard's label (\`Dikirim\`), in any case; a resi's spaces are taken out. ` +
        'Dikirim with a resi ships a paid order, or a COD order at closing, in one go. `ship_with_resi=1` ("tandai Dikirim bila resi diisi") reads a line with a resi and no status as Dikirim, unless the order is already shipped or completed (then the resi alone). ' +
        `At most ${IMPORT_BODY_LIMIT / 1024 / 1024} MiB (413 \`body_too_large\`) and ${MAX_IMPORT_LINES} order lines (422 \`import_too_many_lines\`); a first line without \`order\` and \`resi\` or \`status\`: 422 \`import_no_header\`. ` +
        "Each line is `changed`, `unchanged` (the order already so) or `refused` with a `code` and an Indonesian `message` (statuses named as the dashboard names them); `before` is the order's status and resi as read, `after` as the line leaves them: `invalid_order`, `order_not_found` (also outside the member's scope), `duplicate_order`, `invalid_status`, `resi_scientific` (Excel's 1.23E+11), `invalid_resi`, or the status moves table's `status_move_not_allowed`, `resi_required`, `reason_required` (a move that needs a reason is made on the order's page). " +
        "`dry_run=1` checks and changes nothing. Otherwise, when no line is refused, each changed order is changed in its own transaction (history and event with source `import`, the member as actor), and `applied` is true; an order changed by someone else meanwhile is then `refused` with `status_conflict` while the others apply. When a line is refused nothing changes and `applied` is false. The `'` the export put before a cell is taken off.",
      tags: TAGS,
      security: SESSION,
      querystring: ImportQuery,
      consumes: ['text/csv'],
      body: ImportBody,
      response: {
        200: jsonResponse('What happened to each line.', ImportReportBody),
        ...dashboardErrors([...READ, ...WRITE_CODES, 'orders_csv_required', 'invalid_request', 'import_no_header', 'import_too_many_lines']),
      },
    },
    handler: async ({ session, query, body }) => {
      const actor = await memberActor(ctx.db, session.userId, 'import');
      const who = { scope: orderScopeOf(session), mover: moverOf(session), actor };
      const report = await importOrders(ctx, session.tenantId, who, body, { dryRun: query.dry_run === '1', shipWithResi: query.ship_with_resi === '1' });
      return report.ok ? { status: 200, body: report.value } : dashboardFailure(report.code);
    },
  });
}
