// TypeBox contracts of the orders' CSV export, its audit and the import (openapi/dashboard.json;
// issue 33 §3, §4).
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../../lib/http/schema-parts.js';
import { EXPORTS_LIST_LIMIT } from './export-audit.js';
import { IMPORT_BODY_LIMIT, MAX_IMPORT_LINES } from './import-orders.js';
import { ListQuery } from '../list/list-schemas.js';
import { Status } from '../order/dashboard-schemas.js';

/** The list's parameters without its page (cursor, limit): the export is the whole view. */
const { cursor: _cursor, limit: _limit, ...viewProperties } = ListQuery.properties;
export const ExportQuery = Type.Object(
  {
    ...viewProperties,
    header: Type.Optional(
      Type.Union([Type.Literal('code'), Type.Literal('id')], {
        description:
          "`code` (the default, for machines): the header row names the columns by code (`order`, `resi`, `status`) and statuses are codes (`paid`). `id`: the header row in Indonesian (`Nomor pesanan`, `Resi`, `Status`, ...) and statuses as the dashboard names them (`Dibayar`). The import reads either.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ExportsBody = Type.Object(
  {
    exports: Type.Array(
      Type.Object(
        {
          id: Id,
          user: Type.Object({ id: Id, name: Type.String({ description: 'The name shown (the email when the name is blank).' }) }, { additionalProperties: false }),
          created_at: Timestamp,
          query: Type.Record(Type.String(), Type.String(), { description: "The list's parameters the export was asked with (status, q, from, to, product_id, cs, ...); empty: every order the member saw." }),
          rows: Type.Integer({ minimum: 0, description: 'Orders written to the file.' }),
          finished: Type.Boolean({ description: 'False while the export runs, or when it stopped before the end of the view (the download was cut).' }),
        },
        { additionalProperties: false },
      ),
      { description: `Newest first, at most ${EXPORTS_LIST_LIMIT}.` },
    ),
  },
  { additionalProperties: false },
);

export const ImportQuery = Type.Object(
  {
    dry_run: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')], { description: '`1`: check and report, change nothing.' })),
    ship_with_resi: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('0')], {
        description: '`1` ("tandai Dikirim bila resi diisi"): a line with a resi and a blank or absent status is read as Dikirim (`shipped`), unless the order is already shipped or completed, when the resi alone changes. For a courier\'s resi list.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ImportBody = Type.String({
  description: `The file as text/csv (UTF-8, a BOM or not; \`;\` or \`,\`), up to ${IMPORT_BODY_LIMIT / 1024 / 1024} MiB and ${MAX_IMPORT_LINES} order lines after the header.`,
});

const LINE_CODES = ['invalid_order', 'order_not_found', 'duplicate_order', 'invalid_status', 'resi_scientific', 'invalid_resi', 'status_move_not_allowed', 'resi_required', 'reason_required', 'status_conflict'] as const;

export const ImportReportBody = Type.Object(
  {
    lines: Type.Array(
      Type.Object(
        {
          line: Type.Integer({ minimum: 1, description: "The file's line where the record starts (1 is the header)." }),
          order: Nullable(Id),
          outcome: Type.Union([Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('refused')]),
          code: Type.Optional(Type.Union(LINE_CODES.map((code) => Type.Literal(code)))),
          message: Type.Optional(Type.String({ description: 'Why it was refused, for the seller (Indonesian).' })),
          before: Type.Optional(Type.Object({ status: Status, resi: Nullable(Type.String()) }, { additionalProperties: false, description: "The order's status and resi as the check read them; absent when no order of the member's was read for the line." })),
          after: Type.Optional(Type.Object({ status: Status, resi: Nullable(Type.String()) }, { additionalProperties: false, description: 'The status and resi the line leaves the order with (equal to `before` when unchanged); absent when refused.' })),
        },
        { additionalProperties: false },
      ),
      { description: "One per order line of the file, in the file's order." },
    ),
    changed: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0 }),
    refused: Type.Integer({ minimum: 0 }),
    applied: Type.Boolean({ description: 'True when the changes were made: not a dry run and no line refused at the check. False: nothing changed, and `changed` counts the lines that would change.' }),
  },
  { additionalProperties: false },
);
