// Every text a buyer reads on the order form and the thank-you page, in one place.
import { AUTH_TEXT, DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import type { OrderPaymentMethod } from '../tenants/store-settings.js';

export const FIELD_ERRORS = {
  variant: 'Pilih varian yang tersedia.',
  quantity: 'Jumlah harus angka 1 sampai 99.',
  name: 'Nama wajib diisi (2 sampai 100 huruf).',
  phone: 'Nomor HP tidak valid. Tulis nomor HP/WhatsApp Indonesia, contoh 0812-3456-7890.',
  email: 'Format email tidak valid, contoh nama@email.com. Boleh dikosongkan.',
  address: 'Alamat wajib diisi: nama jalan, nomor rumah, RT/RW (5 sampai 300 huruf).',
  village: 'Kelurahan/desa wajib diisi.',
  district: 'Kecamatan wajib diisi.',
  city: 'Kota/kabupaten wajib diisi.',
  province: 'Pilih provinsi tujuan.',
  postal_code: 'Kode pos harus 5 angka.',
  courier: 'Pilih kurir yang melayani provinsi tujuan.',
  payment_method: 'Pilih metode pembayaran.',
} as const;

export type FormField = keyof typeof FIELD_ERRORS;

export const FORM_TEXT = {
  lang: 'id',
  /** The alt text of a product image: the product's name, then this and its number. */
  imageAlt: 'gambar',
  gallery: 'Gambar produk',
  errorSummary: 'Pesanan belum terkirim. Periksa kembali isian yang ditandai.',
  expired: 'Formulir kedaluwarsa atau tidak lengkap. Periksa isian lalu kirim ulang.',
  refused: 'Pesanan tidak dapat diproses.',
  tooMany: AUTH_TEXT.tooManyRequests,
  notFound: 'Produk tidak ditemukan atau toko sedang tidak aktif.',
  // A deleted product's form (410, docs/products.md).
  unavailable: 'Produk tidak tersedia',
  failed: 'Maaf, terjadi gangguan. Silakan coba lagi sebentar lagi.',
  tooLarge: 'Isian terlalu panjang.',
  // A POST whose Content-Type names no media type (empty, `;`): no browser sends one (415 page).
  unsupportedMediaType: 'Jenis isi permintaan tidak didukung. Kirim formulir dari halamannya.',
  quantity: 'Jumlah',
  buyer: 'Data pembeli',
  name: 'Nama lengkap',
  phone: 'Nomor HP / WhatsApp',
  // The phone field's message when it holds a letter ("0812 3456 789O"), from the submit and from
  // the live check as it is typed (form.js): the same text as the dashboard's.
  phoneLetters: DASHBOARD_FIELD_TEXT.phoneLetters,
  email: 'Email (boleh kosong)',
  address: 'Alamat lengkap',
  addressHint: 'Nama jalan, nomor rumah, RT/RW, patokan',
  village: 'Kelurahan / desa',
  district: 'Kecamatan',
  city: 'Kota / kabupaten',
  province: 'Provinsi',
  provincePlaceholder: 'Pilih provinsi',
  postalCode: 'Kode pos',
  courier: 'Kurir',
  courierNone: 'Toko belum mengatur ongkos kirim. Hubungi penjual.',
  courierNoRate: 'tidak melayani provinsi ini',
  chooseProvinceFirst: 'pilih provinsi dulu',
  payment: 'Metode pembayaran',
  subtotal: 'Subtotal',
  shipping: 'Ongkos kirim',
  total: 'Total',
  submit: 'Pesan Sekarang',
  honeypot: 'Jangan diisi',
  // Thank-you page
  thanksTitle: 'Terima kasih, pesanan diterima!',
  orderNumber: 'Nomor pesanan',
  howToPay: 'Cara pembayaran',
  transferTo: (total: string) => `Silakan transfer ${total} ke salah satu rekening berikut:`,
  transferNoAccount: (total: string) => `Silakan transfer ${total}. Nomor rekening akan dikirim penjual lewat WhatsApp.`,
  uniqueCode: 'Kode unik',
  uniqueCodeHint: 'Transfer tepat sampai tiga digit terakhir: kode unik membuat pembayaran Anda langsung dikenali.',
  transferConfirm: 'Setelah transfer, kirim bukti transfer ke penjual lewat WhatsApp.',
  cod: (total: string) => `Bayar tunai ${total} kepada kurir saat paket diterima.`,
  gatewayPay: (total: string) => `Bayar ${total} secara online (e-wallet, virtual account, kartu).`,
  gatewayButton: 'Bayar Sekarang',
  gatewayUnavailable: 'Halaman pembayaran online belum tersedia. Muat ulang halaman ini sebentar lagi, atau hubungi penjual lewat WhatsApp.',
  gatewayDone: 'Pembayaran sudah kami terima. Pesanan sedang diproses.',
  whatsapp: 'Konfirmasi lewat WhatsApp',
  whatsappHint: 'Kirim pesan ke penjual agar pesanan cepat diproses.',
  // The link to the buyer's own order page (/p/{token}, docs/buyer-page.md).
  orderPage: 'Lihat status pesanan',
  orderPageHint: 'Simpan halaman status pesanan untuk melihat pembayaran dan pengiriman kapan saja.',
} as const;

export const PAYMENT_LABELS: Record<OrderPaymentMethod, string> = {
  bank_transfer: 'Transfer bank',
  cod: 'Bayar di tempat (COD)',
  midtrans: 'Pembayaran online (e-wallet, virtual account, kartu)',
  xendit: 'Pembayaran online (e-wallet, virtual account, kartu)',
};
