// The one table of placeholders of every message template (the thank-you message, the opening
// message; the CS follow-ups and WhatsApp messages extend it): a store writes {name} in a
// template, and each row says what fills it. A new message adds its rows here, and its input
// fields to TemplateInput, so that every template accepts the same names.
import { formatIndonesianDate, formatRupiah } from './format.js';

/** What the placeholders are filled from: the store and the customer's newest order. */
export interface TemplateInput {
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
  /** The store's zone, for the dates in the message. */
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

/** Every placeholder a template may use, with what it is filled with. */
export const PLACEHOLDERS: Readonly<Record<string, (input: TemplateInput) => string>> = {
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

/** A placeholder as written in a template: {name}, lower case and underscores. */
export const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** The fill of a known placeholder, or undefined (an own property only: {constructor} is unknown). */
export const placeholderFill = (name: string): ((input: TemplateInput) => string) | undefined => (Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name] : undefined);

/** The {placeholders} of a template that render as written (unknown), each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = [...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!).filter((name) => placeholderFill(name) === undefined);
  return [...new Set(unknown)];
}
