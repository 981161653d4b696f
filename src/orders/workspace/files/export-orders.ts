// The orders' CSV export (GET /dashboard/api/orders/export.csv, issue 33 §3; docs/dashboard.md,
// "Orders"): the list's current view (a tab and the list's filters, order-filters.ts, within the
// member's scope), newest first, as a file Excel opens in an Indonesian locale: UTF-8 with a BOM,
// `;` between cells (Excel in id-ID, whose decimal separator is the comma), one header row, a
// phone as 0812-3456-7890 (text to Excel, not a number), and every cell that a spreadsheet would
// run as a formula (=, +, -, @, tab, CR) prefixed with `'` (csv-stringify's escape_formulas).
// `header=id` writes the header row and the statuses in the seller's words (issue 40 §3).
//
// Streamed: the orders are read by keyset (lib/db/keyset.ts) EXPORT_CHUNK at a time, each chunk
// one short query of its own, and the next chunk is read only when csv-stringify and the socket
// ask for more (Readable.from pulls the generator). No SQLite snapshot or PostgreSQL connection is
// held while a slow client downloads, and memory stays at a chunk whatever the view's size. An
// order changed meanwhile is written as the chunk that reaches it reads it; an order placed after
// the export began is not in the file (it sorts before the first chunk's position).
import { flagsOf } from '../../risk/flags.js';
import { RISK_TEXT } from '../../risk/risk-text.js';
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../../lib/db/db.js';
import { keysetPage, type Position } from '../../../lib/db/keyset.js';
import { parseStringRecord } from '../../../lib/json.js';
import { formatIndonesianPhone } from '../../../lib/phone.js';
import { formatTimestamp } from '../../../lib/time.js';
import { memberNames } from '../../core/member-actor.js';
import { filteredOrders, searchPlanFor, type OrderFilters } from '../list/order-filters.js';
import type { OrderScope } from '../../core/order-scope.js';
import { statusLabel } from '../../core/status-labels.js';
import type { OrderStatus } from '../../core/statuses.js';
import { trackingUrl } from '../../core/tracking-links.js';

/** Orders read by one query: small enough to hold, large enough that 100,000 orders are 200 queries. */
export const EXPORT_CHUNK = 500;

/**
 * The file's columns, in order: every field of the order's page (GET /dashboard/api/orders/{id})
 * but its lists (moves, history, notes), the buyer's fields flattened, the CS by name. The import
 * (import-orders.ts) reads `order`, `resi` and `status` back by these names.
 */
export const EXPORT_COLUMNS = [
  'order',
  'created_at',
  'updated_at',
  'status',
  'source',
  'product_id',
  'product',
  'variant',
  'quantity',
  'unit_price',
  'shipping_fee',
  'unique_code',
  'total',
  'payment_method',
  'payment_gateway',
  'payment_reference',
  'courier',
  'resi',
  'tracking_url',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'customer_village',
  'customer_district',
  'customer_city',
  'customer_province',
  'customer_postal_code',
  'cs',
  'utm_source',
  'utm_campaign',
  'ad_params',
  'flags',
  'spam',
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/**
 * The header row in the seller's words (`?header=id`, issue 40 §3), column by column; the codes
 * above stay the default, for machines. The import reads either (import-orders.ts).
 */
export const EXPORT_HEADERS_ID = {
  order: 'Nomor pesanan',
  created_at: 'Dibuat',
  updated_at: 'Diubah',
  status: 'Status',
  source: 'Sumber',
  product_id: 'ID produk',
  product: 'Produk',
  variant: 'Varian',
  quantity: 'Jumlah',
  unit_price: 'Harga satuan',
  shipping_fee: 'Ongkir',
  unique_code: 'Kode unik',
  total: 'Total',
  payment_method: 'Metode bayar',
  payment_gateway: 'Gateway pembayaran',
  payment_reference: 'Referensi pembayaran',
  courier: 'Kurir',
  resi: 'Resi',
  tracking_url: 'Link lacak',
  customer_name: 'Nama pembeli',
  customer_phone: 'HP pembeli',
  customer_email: 'Email pembeli',
  customer_address: 'Alamat',
  customer_village: 'Kelurahan/desa',
  customer_district: 'Kecamatan',
  customer_city: 'Kota/kabupaten',
  customer_province: 'Provinsi',
  customer_postal_code: 'Kode pos',
  cs: 'CS',
  utm_source: 'utm_source',
  utm_campaign: 'utm_campaign',
  ad_params: 'Parameter iklan',
  flags: 'Tanda',
  spam: 'Spam',
} as const satisfies Record<ExportColumn, string>;

/** `code`: the column codes and status codes (the default); `id`: the seller's words for both. */
export type ExportHeader = 'code' | 'id';
type ExportRecord = Record<ExportColumn, string | number | null>;

export interface ExportInput {
  status: OrderStatus | null;
  filters: OrderFilters;
  /** The header row's words, and the status cells': codes (default) or the dashboard's labels. */
  header: ExportHeader;
}

/** A wall time of the store's zone as a spreadsheet reads a date and time: 2026-07-15 10:30:00. */
const wallTime = (ms: number, timeZone: string) => formatTimestamp(ms, timeZone).slice(0, 19).replace('T', ' ');

/** The ad parameters as the form received them (fbclid=...&utm_source=...); '' for none or unreadable. */
const adParamsText = (raw: string): string => new URLSearchParams(parseStringRecord(raw)).toString();

const COLUMNS = [
  'orders.id',
  'orders.created_at',
  'orders.updated_at',
  'orders.status',
  'orders.source',
  'orders.product_id',
  'orders.product_name',
  'orders.variant',
  'orders.quantity',
  'orders.unit_price',
  'orders.shipping_fee',
  'orders.unique_code',
  'orders.total',
  'orders.payment_method',
  'orders.courier',
  'orders.resi',
  'orders.customer_name',
  'orders.customer_phone',
  'orders.customer_email',
  'orders.customer_address',
  'orders.customer_village',
  'orders.customer_district',
  'orders.customer_city',
  'orders.customer_province',
  'orders.customer_postal_code',
  'orders.assigned_user_id',
  'orders.utm_source',
  'orders.utm_campaign',
  'orders.ad_params',
  'orders.flags',
  'orders.spam',
] as const;

/** The view's orders as the file's records, a chunk per query, newest first. */
async function* exportRecords(db: Db, tenantId: number, scope: OrderScope, input: ExportInput, timeZone: string): AsyncGenerator<ExportRecord> {
  const plan = await searchPlanFor(db, input.filters);
  const readChunk = (after: Position | null) => {
    const filtered = filteredOrders(db, tenantId, scope, input.filters, plan);
    const query = input.status === null ? filtered : filtered.where('orders.status', '=', input.status);
    return keysetPage(query, { key: 'orders.created_at', id: 'orders.id' }, after, EXPORT_CHUNK).select(COLUMNS).execute();
  };
  let after: Position | null = null;
  for (;;) {
    const rows = await readChunk(after);
    const chunk = rows.slice(0, EXPORT_CHUNK);
    if (chunk.length === 0) return;
    // The CS names and the gateway charges apart, by key: the orders' query stays the list's.
    const ids = chunk.map((row) => Number(row.id));
    const [names, charges] = await Promise.all([
      memberNames(db, chunk.flatMap((row) => (row.assigned_user_id === null ? [] : [Number(row.assigned_user_id)]))),
      db.selectFrom('payment_charges').select(['order_id', 'gateway', 'reference']).where('tenant_id', '=', tenantId).where('order_id', 'in', ids).execute(),
    ]);
    const chargeOf = new Map(charges.map((charge) => [Number(charge.order_id), charge]));
    for (const row of chunk) {
      const charge = chargeOf.get(Number(row.id));
      yield {
        order: Number(row.id),
        created_at: wallTime(Number(row.created_at), timeZone),
        updated_at: wallTime(Number(row.updated_at), timeZone),
        status: input.header === 'id' ? statusLabel(row.status) : row.status,
        source: row.source,
        product_id: Number(row.product_id),
        product: row.product_name,
        variant: row.variant,
        quantity: Number(row.quantity),
        unit_price: Number(row.unit_price),
        shipping_fee: Number(row.shipping_fee),
        unique_code: row.unique_code === null ? null : Number(row.unique_code),
        total: Number(row.total),
        payment_method: row.payment_method,
        payment_gateway: charge?.gateway ?? null,
        payment_reference: charge?.reference ?? null,
        courier: row.courier,
        resi: row.resi,
        tracking_url: trackingUrl(row.courier, row.resi),
        customer_name: row.customer_name,
        customer_phone: formatIndonesianPhone(row.customer_phone),
        customer_email: row.customer_email,
        customer_address: row.customer_address,
        customer_village: row.customer_village,
        customer_district: row.customer_district,
        customer_city: row.customer_city,
        customer_province: row.customer_province,
        customer_postal_code: row.customer_postal_code,
        cs: row.assigned_user_id === null ? null : (names.get(Number(row.assigned_user_id)) ?? ''),
        utm_source: row.utm_source,
        utm_campaign: row.utm_campaign,
        ad_params: adParamsText(row.ad_params),
        // The flags not dismissed (issue 43): codes, or the seller's words under header=id.
        flags: input.header === 'id' ? flagsOf(row.flags).map((f) => RISK_TEXT.flagNames[f]).join(', ') : row.flags,
        spam: input.header === 'id' ? (Number(row.spam) === 1 ? 'Ya' : 'Tidak') : Number(row.spam),
      };
    }
    if (rows.length <= EXPORT_CHUNK) return;
    const last = chunk[chunk.length - 1]!;
    after = { key: Number(last.created_at), id: Number(last.id) };
  }
}

/** How an export ended: the rows written, and whether it reached the view's end (false: the client left, or a read failed). */
export interface ExportEnd {
  rows: number;
  finished: boolean;
}

/**
 * The view as a CSV byte stream, read as it is consumed. `onEnd` is called once when the stream
 * stops, however it stops (it must not throw).
 */
export function exportCsv(db: Db, tenantId: number, scope: OrderScope, input: ExportInput, timeZone: string, onEnd: (end: ExportEnd) => void): Readable {
  let rows = 0;
  let finished = false;
  async function* records(): AsyncGenerator<ExportRecord> {
    yield* exportRecords(db, tenantId, scope, input, timeZone);
    finished = true;
  }
  const columns = EXPORT_COLUMNS.map((key) => ({ key, header: input.header === 'id' ? EXPORT_HEADERS_ID[key] : key }));
  const csv = stringify({ bom: true, delimiter: ';', header: true, columns, escape_formulas: true, record_delimiter: 'windows' });
  csv.on('record', () => {
    rows += 1;
  });
  // pipeline destroys both sides when either fails or the reply destroys the CSV side (the client left).
  pipeline(Readable.from(records()), csv, () => onEnd({ rows, finished }));
  return csv;
}
