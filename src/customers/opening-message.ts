// The opening message a customer-service agent sends first when a customer gets in touch.
// A store may set its own template (tenants.opening_message_template); placeholders are
// written {name}. Unknown placeholders stay as written, so a typo shows up in the message
// instead of silently vanishing. Values are inserted in one pass: a customer name that
// itself looks like {toko} is not expanded again.
import { formatTimestamp } from '../lib/time.js';

export const DEFAULT_OPENING_TEMPLATE =
  'Halo Kak {nama}, terima kasih sudah berbelanja di {toko}. ' +
  'Pesanan terakhir Kakak #{pesanan} ({produk}) saat ini berstatus {status}.';

/** What the placeholders are filled from: the store and the customer's newest order. */
export interface OpeningMessageInput {
  storeName: string;
  customerName: string;
  orderCount: number;
  latestOrder: {
    id: number;
    status: string;
    product: string;
    variant: string;
    quantity: number;
    total: number;
    createdAt: number; // epoch ms
  };
  timeZone: string;
}

// How each order state reads to a customer. SPEC's states mix payment and handling;
// closing is a confirmed order the seller is now handling.
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  pending: 'menunggu pembayaran',
  closing: 'sudah dikonfirmasi dan sedang diproses',
  paid: 'sudah dibayar',
  shipped: 'sedang dikirim',
  completed: 'selesai',
  cancelled: 'dibatalkan',
  invalid_no_hp: 'tertunda karena nomor HP tidak valid',
};

const MONTHS = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
];

/** 150000 -> "Rp150.000" (Indonesian thousands separator). */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}Rp${String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** Epoch ms -> "15 Januari 2026", as the calendar date in the server's time zone. */
export function formatIndonesianDate(epochMs: number, timeZone: string): string {
  const [year, month, day] = formatTimestamp(epochMs, timeZone).slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** Every placeholder a template may use, with what it is filled with. */
export const PLACEHOLDERS: Readonly<Record<string, (input: OpeningMessageInput) => string>> = {
  nama: (i) => i.customerName,
  toko: (i) => i.storeName,
  pesanan: (i) => String(i.latestOrder.id),
  produk: (i) => i.latestOrder.product,
  varian: (i) => i.latestOrder.variant,
  jumlah: (i) => String(i.latestOrder.quantity),
  total: (i) => formatRupiah(i.latestOrder.total),
  status: (i) => STATUS_WORDS[i.latestOrder.status] ?? i.latestOrder.status,
  tanggal: (i) => formatIndonesianDate(i.latestOrder.createdAt, i.timeZone),
  jumlah_pesanan: (i) => String(i.orderCount),
};

/** The placeholders a template may use, in the order of PLACEHOLDERS. */
export const PLACEHOLDER_NAMES: readonly string[] = Object.keys(PLACEHOLDERS);

/** The {placeholders} of a template that render as written (unknown), each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = [...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).filter((name) => !Object.hasOwn(PLACEHOLDERS, name));
  return [...new Set(unknown)];
}

export function renderOpeningMessage(template: string | null, input: OpeningMessageInput): string {
  const source = template !== null && template.trim() !== '' ? template : DEFAULT_OPENING_TEMPLATE;
  return source.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const fill = Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name] : undefined;
    return fill ? fill(input) : whole;
  });
}
