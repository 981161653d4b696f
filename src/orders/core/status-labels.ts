// The seven statuses as the dashboard names them (issue 40 §3): what a seller writes in a
// spreadsheet. The web app's own table (web/src/text/orders.ts, `orderStatus`) is the same words;
// the web imports nothing from src/, so status-labels.test.ts holds the two equal. The import
// reads a status as its code or its label, in any case; the Indonesian export writes labels.
import { ORDER_STATUSES, type OrderStatus } from './statuses.js';

export const STATUS_LABELS = {
  pending: 'Menunggu',
  closing: 'Closing',
  invalid_no_hp: 'Nomor HP tidak valid',
  paid: 'Dibayar',
  cancelled: 'Dibatalkan',
  shipped: 'Dikirim',
  completed: 'Selesai',
} as const satisfies Record<OrderStatus, string>;

/** The status's label; any other text as it is. */
export const statusLabel = (status: string): string => (STATUS_LABELS as Record<string, string>)[status] ?? status;

/** Lower case, spaces, `_` and `-` as one space: `Nomor  HP tidak-valid`, `INVALID_NO_HP`. */
const key = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/gu, ' ');

const BY_KEY = new Map<string, OrderStatus>(ORDER_STATUSES.flatMap((status) => [[key(status), status], [key(STATUS_LABELS[status]), status]]));

/** A status written as its code or its label, in any case and spacing; null for any other text. */
export const readStatus = (text: string): OrderStatus | null => BY_KEY.get(key(text)) ?? null;

/** The labels, in the table's order, for a refusal that lists them. */
export const STATUS_LABEL_LIST = ORDER_STATUSES.map((status) => STATUS_LABELS[status]).join(', ');
