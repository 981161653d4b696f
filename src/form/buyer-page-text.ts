// Every text a buyer reads on their own order page (/p/{token}, docs/buyer-page.md), in one place.
import type { TimelineStep } from '../orders/buyer-page/timeline.js';

export const BUYER_PAGE_TEXT = {
  title: (orderId: number) => `Status pesanan #${orderId}`,
  heading: (orderId: number) => `Pesanan #${orderId}`,
  greeting: (firstName: string, city: string) => (city ? `Halo Kak ${firstName}, pesanan untuk ${city}.` : `Halo Kak ${firstName}.`),
  timelineLabel: 'Perjalanan pesanan',
  steps: { ordered: 'Dipesan', confirmed: 'Dikonfirmasi', paid: 'Dibayar', shipped: 'Dikirim', completed: 'Selesai' } satisfies Record<TimelineStep, string>,
  /** A COD order's third step: it is paid to the courier. */
  codReady: 'Siap dikirim',
  /** For screen readers: which step the order is at, and which are done. */
  stepDone: 'selesai',
  stepNow: 'saat ini',
  cancelled: 'Dibatalkan',
  cancelledBody: 'Pesanan ini dibatalkan. Jika ada pertanyaan, hubungi toko lewat WhatsApp.',
  summary: 'Ringkasan',
  payTitle: 'Yang harus dibayar',
  shippingTitle: 'Pengiriman',
  courier: 'Kurir',
  resi: 'Nomor resi',
  noResi: 'Resi belum ada: akan muncul di sini setelah paket dikirim.',
  track: 'Lacak paket',
  askCs: 'Tanya CS lewat WhatsApp',
  askStore: 'Hubungi toko lewat WhatsApp',
  csMessage: (orderId: number) => `Halo, saya mau tanya tentang pesanan #${orderId}.`,
  storeMessage: (orderId: number) => `Halo, saya mau tanya tentang pesanan #${orderId} yang dibatalkan.`,
  /** An unknown token, one regenerated since, or one whose 90 days after closing are over. */
  notFound: 'Halaman pesanan tidak ditemukan',
  notFoundBody: 'Link ini tidak berlaku lagi atau salah ketik. Minta link terbaru ke penjual lewat WhatsApp.',
} as const;
