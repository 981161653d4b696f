// The orders' CSV import (POST /dashboard/api/orders/import, issue 33 §4, issue 40 §3;
// docs/dashboard.md, "Orders"): resi and statuses from a spreadsheet, for the orders the member
// sees. The file is the export's own (export-orders.ts, either header; only the order, resi and
// status columns are read, every other column is left) or a minimal `order;resi;status` (either
// of resi and status may be left out), its header in codes or in the seller's words (`Nomor
// pesanan;Resi;Status`); `;` or `,` found by the shared reader (lib/csv/read-csv.ts). A status is
// its code or the dashboard's label (`Dikirim`), in any case (status-labels.ts).
//
// "Tandai Dikirim bila resi diisi" (`shipWithResi`): a line with a resi and no status is read as
// Dikirim, unless the order is already shipped or completed (then the resi alone): a courier's
// resi list, imported as it is. Dikirim with a resi moves a paid order, or a COD order at closing,
// to shipped in one go, the resi written with the move (the moves table needs it there).
//
// Every line is checked first, against the orders as they are: an order of the store within the
// member's scope, a status the moves table allows this member (status-moves.ts; a move that needs
// a reason is refused: the reason belongs on the order's page), a resi as the edit takes it
// (edit-order.ts) and not one Excel wrote in scientific notation (1.23E+11 lost its digits). A
// blank cell changes nothing. Then, only when no line is refused and it is not a dry run, each
// changed order is changed in its own transaction, through moveOrderStatus (with the resi) or the
// resi edit, with source `import` in its history and event. A line equal to the order is
// unchanged, so applying a file twice changes nothing the second time. An order changed by
// someone else between the check and its change is refused then (status_conflict) and the others
// still apply: the answer says which.
import type { Clock } from '../../../lib/clock.js';
import { readCsv } from '../../../lib/csv/read-csv.js';
import type { Db } from '../../../lib/db/db.js';
import type { WriteTransaction } from '../../../lib/db/write-transaction.js';
import { IMPORT_LINE_TEXT } from '../../../lib/http/messages.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { countOutcomes } from '../bulk/bulk-status.js';
import { checkResi, editOrder } from '../order/edit-order.js';
import type { MemberActor } from '../../core/member-actor.js';
import { moveOrderStatus } from '../order/move-order-status.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';
import type { ChangeSettings } from '../../core/record-status-change.js';
import { STATUS_LABEL_LIST, readStatus, statusLabel } from '../../core/status-labels.js';
import { checkMove, type MoveCode, type Mover } from '../../core/status-moves.js';
import { isOrderStatus, type OrderStatus } from '../../core/statuses.js';
import { EXPORT_HEADERS_ID } from './export-orders.js';

/** Order lines a file may hold (the header aside): each is a read, and when it changes, a transaction. */
export const MAX_IMPORT_LINES = 2_000;
/** The body's size on this route: the export's 32 columns of 2,000 orders fit. */
export const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

export type ImportLineCode =
  | 'invalid_order'
  | 'order_not_found'
  | 'duplicate_order'
  | 'invalid_status'
  | 'resi_scientific'
  | 'invalid_resi'
  | 'status_move_not_allowed'
  | 'resi_required'
  | 'reason_required'
  | 'status_conflict';

/** An order's status and resi, as the line found it or as it would leave it. */
export interface OrderState {
  status: OrderStatus;
  resi: string | null;
}

export interface ImportLine {
  /** The file's line (1 is the header). */
  line: number;
  /** The order number as read; null when the cell is not one. */
  order: number | null;
  outcome: 'changed' | 'unchanged' | 'refused';
  code?: ImportLineCode;
  message?: string;
  /** The order as the check read it; absent when no order of the member's was read for the line. */
  before?: OrderState;
  /** The order as the line leaves it (equal to `before` when unchanged); absent when refused. */
  after?: OrderState;
}

export interface ImportOptions {
  dryRun: boolean;
  /** "Tandai Dikirim bila resi diisi": a resi without a status ships the order. */
  shipWithResi: boolean;
}

export interface ImportReport {
  lines: ImportLine[];
  changed: number;
  unchanged: number;
  refused: number;
  /** True when the changes were made: not a dry run, and no line refused at the check. */
  applied: boolean;
}

export type ImportCode = 'import_no_header' | 'import_too_many_lines';

interface SentLine {
  line: number;
  order: string;
  /** null: no such column, or a blank cell: the order's stays. */
  resi: string | null;
  status: string | null;
}

/** A change to make: the status move (with the resi) or the resi alone. */
type Change = { kind: 'move'; from: OrderStatus; to: OrderStatus; resi: string | null } | { kind: 'resi'; resi: string };

interface Checked {
  line: ImportLine;
  change: Change | null;
}

// What csv-stringify's escape_formulas puts before a cell (export-orders.ts), taken off again:
// a `'` before =, +, -, @, a tab, a CR, or their full-width forms.
const ESCAPED = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;
const cell = (raw: string | undefined): string => (raw ?? '').replace(ESCAPED, '').trim();
const optional = (raw: string | undefined): string | null => {
  const value = cell(raw);
  return value === '' ? null : value;
};

/** Digits with a decimal point or comma and an exponent: how Excel shows a long number it took for one. */
const SCIENTIFIC = /^\d+([.,]\d+)?e[+-]?\d+$/i;

/** A header cell as compared: lower case, `.` `_` `-` and runs of spaces as one space. */
const headerKey = (name: string) => name.trim().toLowerCase().replace(/[\s._-]+/gu, ' ').trim();

/**
 * The names a header may give the three columns read: the codes, the Indonesian export's
 * (EXPORT_HEADERS_ID), and how sellers and couriers' lists commonly write them.
 */
const HEADER_NAMES = {
  order: ['order', EXPORT_HEADERS_ID.order, 'no pesanan', 'no. pesanan', 'order id', 'order_id', 'id pesanan'],
  resi: ['resi', EXPORT_HEADERS_ID.resi, 'nomor resi', 'no resi', 'no. resi', 'awb', 'no awb'],
  status: ['status', EXPORT_HEADERS_ID.status, 'status pesanan'],
} as const;

/** The file's order lines, or why the file cannot be read as an import. */
export function readImport(text: string): Outcome<SentLine[], ImportCode> {
  const [header, ...records] = readCsv(text);
  const names = (header?.cells ?? []).map((name) => headerKey(cell(name)));
  const [orderAt, resiAt, statusAt] = (['order', 'resi', 'status'] as const).map((column) => names.findIndex((name) => HEADER_NAMES[column].some((known) => headerKey(known) === name)));
  if (orderAt === -1 || (resiAt === -1 && statusAt === -1)) return refuse('import_no_header', 'the first line names no order column, or neither resi nor status');
  if (records.length > MAX_IMPORT_LINES) return refuse('import_too_many_lines', `at most ${MAX_IMPORT_LINES} lines`);
  return succeed(
    records.map((record) => ({
      line: record.line,
      order: cell(record.cells[orderAt!]),
      resi: resiAt === -1 ? null : optional(record.cells[resiAt!]),
      status: statusAt === -1 ? null : optional(record.cells[statusAt!]),
    })),
  );
}

const refusedLine = (line: number, order: number | null, code: ImportLineCode, message: string, before?: OrderState): Checked => ({
  line: { line, order, outcome: 'refused', code, message, ...(before ? { before } : {}) },
  change: null,
});

/** The refusal's text for a move the table refuses, the statuses in the dashboard's words. */
const moveRefusal = (code: MoveCode, from: string, to: string): string =>
  code === 'status_move_not_allowed' ? IMPORT_LINE_TEXT.status_move_not_allowed(statusLabel(from), statusLabel(to)) : IMPORT_LINE_TEXT[code];

const READ_CHUNK = 500;

/** The orders the file names, in the member's scope: status and resi. */
async function readOrders(db: Db, tenantId: number, scope: OrderScope, ids: number[]) {
  const found = new Map<number, { status: string; resi: string | null; paymentMethod: string }>();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const rows = await inScope(
      db
        .selectFrom('orders')
        .select(['orders.id', 'orders.status', 'orders.resi', 'orders.payment_method'])
        .where('orders.tenant_id', '=', tenantId)
        .where('orders.id', 'in', ids.slice(i, i + READ_CHUNK)),
      scope,
    ).execute();
    for (const row of rows) found.set(Number(row.id), { status: row.status, resi: row.resi, paymentMethod: row.payment_method });
  }
  return found;
}

/** Where a resi without a status leaves the order under shipWithResi: these keep their status. */
const PAST_SHIPPING: readonly string[] = ['shipped', 'completed'];

async function checkLines(db: Db, tenantId: number, who: { scope: OrderScope; mover: Mover }, sent: SentLine[], options: ImportOptions): Promise<Checked[]> {
  const numbers = sent.map((s) => (/^\d{1,15}$/.test(s.order) && Number(s.order) > 0 ? Number(s.order) : null));
  const orders = await readOrders(db, tenantId, who.scope, [...new Set(numbers.filter((n): n is number => n !== null))]);
  const seen = new Map<number, number>();
  return sent.map((s, i): Checked => {
    const id = numbers[i]!;
    if (id === null) return refusedLine(s.line, null, 'invalid_order', IMPORT_LINE_TEXT.invalid_order);
    const first = seen.get(id);
    if (first !== undefined) return refusedLine(s.line, id, 'duplicate_order', IMPORT_LINE_TEXT.duplicate_order(first));
    seen.set(id, s.line);
    const order = orders.get(id);
    if (!order) return refusedLine(s.line, id, 'order_not_found', IMPORT_LINE_TEXT.order_not_found);
    // A status outside the seven (none is written so) is read as it is, and refused below.
    if (!isOrderStatus(order.status)) return refusedLine(s.line, id, 'invalid_status', IMPORT_LINE_TEXT.invalid_status(STATUS_LABEL_LIST));
    const before: OrderState = { status: order.status, resi: order.resi };
    const refused = (code: ImportLineCode, message: string) => refusedLine(s.line, id, code, message, before);
    const sentStatus = s.status === null ? null : readStatus(s.status);
    if (s.status !== null && sentStatus === null) return refused('invalid_status', IMPORT_LINE_TEXT.invalid_status(STATUS_LABEL_LIST));
    if (s.resi !== null && SCIENTIFIC.test(s.resi)) return refused('resi_scientific', IMPORT_LINE_TEXT.resi_scientific);
    const checkedResi = checkResi(s.resi);
    if (!checkedResi.ok) return refused('invalid_resi', IMPORT_LINE_TEXT.invalid_resi);
    const shipsWithResi = options.shipWithResi && sentStatus === null && checkedResi.value !== null && !PAST_SHIPPING.includes(order.status);
    const status: OrderStatus = sentStatus ?? (shipsWithResi ? 'shipped' : order.status);
    const resi = checkedResi.value !== null && checkedResi.value !== order.resi ? checkedResi.value : null;
    let change: Change | null = null;
    if (status !== order.status) {
      const move = checkMove(order.status, status, who.mover, { resi: resi ?? order.resi, reason: null, paymentMethod: order.paymentMethod });
      if (!move.ok) return refused(move.code, moveRefusal(move.code, order.status, status));
      change = { kind: 'move', from: order.status, to: status, resi };
    } else if (resi !== null) change = { kind: 'resi', resi };
    const after: OrderState = { status, resi: resi ?? order.resi };
    return { line: { line: s.line, order: id, outcome: change ? 'changed' : 'unchanged', before, after }, change };
  });
}

export interface ImportDeps {
  db: Db;
  writeTransaction: WriteTransaction;
  clock: Clock;
  config: ChangeSettings;
}

/** One checked change made in its own transaction; the line as it ended. */
async function applyChange(deps: ImportDeps, tenantId: number, who: { scope: OrderScope; mover: Mover; actor: MemberActor }, line: ImportLine, change: Change): Promise<ImportLine> {
  const orderId = line.order!;
  if (change.kind === 'move') {
    const input = { status: change.to, expected_status: change.from, ...(change.resi === null ? {} : { resi: change.resi }) };
    const moved = await deps.writeTransaction((tx) => moveOrderStatus(tx, deps, tenantId, orderId, who, input));
    // Moved there meanwhile (by someone else, or a double apply): nothing written, so unchanged.
    if (moved.ok) return moved.value.changed ? line : { ...line, outcome: 'unchanged' };
    const { code } = moved;
    const message = code === 'status_move_not_allowed' || code === 'resi_required' || code === 'reason_required' ? moveRefusal(code, change.from, change.to) : IMPORT_LINE_TEXT[code];
    return { ...withoutAfter(line), outcome: 'refused', code, message };
  }
  const edited = await deps.writeTransaction((tx) => editOrder(tx, deps.clock, tenantId, orderId, who, { resi: change.resi }));
  if (!edited.ok) {
    const code: ImportLineCode = edited.code === 'order_not_found' ? 'order_not_found' : 'invalid_resi';
    return { ...withoutAfter(line), outcome: 'refused', code, message: IMPORT_LINE_TEXT[code] };
  }
  return edited.value.changed.length === 0 ? { ...line, outcome: 'unchanged' } : line;
}

/** A line refused at its change: it leaves the order as it was, so it has no `after`. */
const withoutAfter = ({ after: _after, ...line }: ImportLine): ImportLine => line;

const reportOf = (lines: ImportLine[], applied: boolean): ImportReport => ({ lines, ...countOutcomes(lines), applied });

/**
 * The file checked line by line; applied unless `dryRun` or a line is refused (then nothing
 * changes, and `changed` counts the lines that would change).
 */
export async function importOrders(
  deps: ImportDeps,
  tenantId: number,
  who: { scope: OrderScope; mover: Mover; actor: MemberActor },
  text: string,
  options: ImportOptions,
): Promise<Outcome<ImportReport, ImportCode>> {
  const sent = readImport(text);
  if (!sent.ok) return sent;
  const checked = await checkLines(deps.db, tenantId, who, sent.value, options);
  if (options.dryRun || checked.some((c) => c.line.outcome === 'refused')) return succeed(reportOf(checked.map((c) => c.line), false));
  const lines: ImportLine[] = [];
  for (const { line, change } of checked) lines.push(change ? await applyChange(deps, tenantId, who, line, change) : line);
  return succeed(reportOf(lines, true));
}
