// The one table of placeholders of every message template (the thank-you message, the opening
// message, the CS follow-ups of issue 34): a store writes {name} in a template, and each row says
// what fills it. A new message adds its rows here, and its input fields to TemplateInput, so that
// every template accepts the same names. A value the order does not have (no resi yet, no unique
// code, no payment link) renders as empty text, never as the placeholder (docs/decisions.md).
import { formatIndonesianDate, formatIndonesianDateTime, formatRupiah } from './format.js';
import { buyerOffsetMinutes, zoneNameOf } from '../shipping/province-zones.js';

export interface BankAccountLine {
  bank: string;
  number: string;
  holder: string;
}

/** What the placeholders are filled from: the store, the customer's order (the newest, for the opening message) and its CS. */
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
    shippingFee: number;
    /** As the order holds it: bank_transfer, cod, midtrans, xendit (an order entered by hand may hold another text). */
    paymentMethod: string;
    uniqueCode: number | null;
    courier: string;
    resi: string | null;
  };
  /** The store's bank accounts, as the thank-you page shows them. */
  bankAccounts: readonly BankAccountLine[];
  /** The gateway's payment page of the order; null for bank transfer, COD, or a gateway order without a charge yet. */
  paymentLink: string | null;
  /** The courier's tracking page of the resi (orders/core/tracking-links.ts); null without one. */
  trackingLink: string | null;
  /** The buyer's own order page (/p/{token}, orders/buyer-page/): made when a template names it; an example in previews; null when not asked for. */
  orderLink: string | null;
  /** Who the buyer talks to: the assigned CS's name and number, each falling back to the store's (name; WhatsApp number, or null). */
  contact: { name: string; whatsapp: string | null };
  /** The store's zone, for the dates in the message. */
  timeZone: string;
  /** When auto-cancel will cancel the order (epoch ms; orders/auto-cancel/); null or absent: the setting is off or the order is not subject to it. */
  cancelAt?: number | null;
  /** The buyer's province, for a time in the buyer's zone ({batas_bayar}); null or absent: the store's zone. */
  buyerProvince?: string | null;
}

/** {batas_bayar}: when the order will be cancelled, in the buyer's zone (the province's WIB/WITA/WIT, else the store's), "8 Desember 2026 14.30 WIB"; empty when it will not be. */
function paymentDeadline(i: TemplateInput): string {
  if (i.cancelAt === undefined || i.cancelAt === null) return '';
  const province = i.buyerProvince ?? null;
  const offset = buyerOffsetMinutes(province, i.timeZone, i.cancelAt);
  return formatIndonesianDateTime(i.cancelAt, offset, zoneNameOf(province, offset));
}

/** How a payment method reads to a buyer ({metode_bayar}); another text as it is. */
export const PAYMENT_METHOD_WORDS: Readonly<Record<string, string>> = {
  bank_transfer: 'Transfer bank',
  cod: 'COD (bayar di tempat)',
  midtrans: 'Pembayaran online',
  xendit: 'Pembayaran online',
  gateway: 'Pembayaran online',
};

/** {rekening}: one line per account, "BCA 1234567890 a.n. Toko Berkah" (a one-line message folds them with spaces). */
const bankLines = (accounts: readonly BankAccountLine[]) => accounts.map((a) => `${a.bank} ${a.number} a.n. ${a.holder}`).join('\n');

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
  ongkir: (i) => formatRupiah(i.latestOrder.shippingFee),
  metode_bayar: (i) => (Object.hasOwn(PAYMENT_METHOD_WORDS, i.latestOrder.paymentMethod) ? PAYMENT_METHOD_WORDS[i.latestOrder.paymentMethod]! : i.latestOrder.paymentMethod),
  rekening: (i) => bankLines(i.bankAccounts),
  kode_unik: (i) => (i.latestOrder.uniqueCode === null ? '' : String(i.latestOrder.uniqueCode)),
  link_bayar: (i) => i.paymentLink ?? '',
  kurir: (i) => i.latestOrder.courier,
  resi: (i) => i.latestOrder.resi ?? '',
  link_lacak: (i) => i.trackingLink ?? '',
  link_pesanan: (i) => i.orderLink ?? '',
  nama_cs: (i) => i.contact.name,
  wa_cs: (i) => i.contact.whatsapp ?? '',
  batas_bayar: paymentDeadline,
};

/** The placeholders a template may use, in the order of PLACEHOLDERS. */
export const PLACEHOLDER_NAMES: readonly string[] = Object.keys(PLACEHOLDERS);

/** A placeholder as written in a template: {name}, lower case and underscores. */
export const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** The fill of a known placeholder, or undefined (an own property only: {constructor} is unknown). */
export const placeholderFill = (name: string): ((input: TemplateInput) => string) | undefined => (Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name] : undefined);

/** The placeholder names a template writes, known or not. */
export const placeholdersIn = (template: string): ReadonlySet<string> => new Set([...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!));

/** The {placeholders} of a template that render as written (unknown), each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = [...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!).filter((name) => placeholderFill(name) === undefined);
  return [...new Set(unknown)];
}

/**
 * Who the buyer talks to ({nama_cs}, {wa_cs}, and the thank-you page's WhatsApp button): the
 * assigned CS's name and own number, each falling back to the store's.
 */
export function contactOf(store: { storeName: string; whatsappNumber: string | null }, cs: { name: string; whatsapp: string | null } | null): TemplateInput['contact'] {
  return { name: cs?.name || store.storeName, whatsapp: cs?.whatsapp ?? store.whatsappNumber };
}
