// The follow-up steps of an order (issue 34 §2), one table: which order statuses each fits, and
// its default texts per payment method. A store's own texts (message_templates, 025) replace a
// default text by text; a store without them (new or existing) gets these. WhatsApp messages:
// line breaks, *bold* and emoji are kept (unlike the thank-you page's one-line message).

export const FOLLOW_UP_STEPS = ['fu1', 'fu2', 'fu3', 'fu4', 'closing', 'paid', 'shipped', 'cancelled'] as const;
export type FollowUpStep = (typeof FOLLOW_UP_STEPS)[number];

export const METHOD_KINDS = ['bank_transfer', 'cod', 'gateway'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];

export const isFollowUpStep = (value: string): value is FollowUpStep => (FOLLOW_UP_STEPS as readonly string[]).includes(value);

/**
 * The steps that fit an order in `status`: FU1-FU4 while pending, then the status's own message.
 * A completed order and one with an invalid phone have none (docs/decisions.md).
 */
export const STEPS_OF_STATUS: Readonly<Record<string, readonly FollowUpStep[]>> = {
  pending: ['fu1', 'fu2', 'fu3', 'fu4'],
  closing: ['closing'],
  paid: ['paid'],
  shipped: ['shipped'],
  cancelled: ['cancelled'],
  completed: [],
  invalid_no_hp: [],
};

export const stepsFor = (status: string): readonly FollowUpStep[] => (Object.hasOwn(STEPS_OF_STATUS, status) ? STEPS_OF_STATUS[status]! : []);

/** Which text of a step an order gets: COD; Midtrans or Xendit: gateway; bank transfer, no method or another: bank transfer. */
export function methodKindOf(paymentMethod: string | null): MethodKind {
  if (paymentMethod === 'cod') return 'cod';
  if (paymentMethod === 'midtrans' || paymentMethod === 'xendit' || paymentMethod === 'gateway') return 'gateway';
  return 'bank_transfer';
}

const SHIPPED = 'Halo Kak {nama} 📦\n\nPesanan #{pesanan} sudah dikirim lewat {kurir}.\nNomor resi: *{resi}*\nLacak paket: {link_lacak}\n\n';
const PAID = 'Terima kasih Kak {nama}! 🎉\n\nPembayaran *{total}* untuk pesanan #{pesanan} sudah kami terima. Pesanan segera kami kemas dan kirim lewat {kurir}; nomor resinya kami kabari di sini ya. 📦';

export const DEFAULT_FOLLOW_UPS: Readonly<Record<FollowUpStep, Readonly<Record<MethodKind, string>>>> = {
  fu1: {
    bank_transfer:
      'Halo Kak {nama} 😊\n\nTerima kasih sudah memesan {produk} {varian} di {toko}. Pesanan #{pesanan} sebesar *{total}* masih menunggu pembayaran.\n\nSilakan transfer ke:\n{rekening}\n\nSetelah transfer, kabari kami di sini ya, Kak. 🙏',
    cod: 'Halo Kak {nama} 😊\n\nTerima kasih sudah memesan {produk} {varian} di {toko}. Pesanan #{pesanan} dengan total *{total}* dibayar di tempat (COD).\n\nMohon balas *YA* untuk konfirmasi pesanan dan alamat pengirimannya ya, Kak. 🙏',
    gateway:
      'Halo Kak {nama} 😊\n\nTerima kasih sudah memesan {produk} {varian} di {toko}. Pesanan #{pesanan} sebesar *{total}* masih menunggu pembayaran.\n\nBayar dengan mudah lewat tautan ini:\n{link_bayar}\n\nKalau ada kendala, balas pesan ini ya, Kak. 🙏',
  },
  fu2: {
    bank_transfer:
      'Halo Kak {nama}, kami dari {toko} 👋\n\nSekadar mengingatkan, pembayaran pesanan #{pesanan} ({produk}) sebesar *{total}* belum kami terima.\n\nRekening kami:\n{rekening}\n\nPesanan Kakak masih kami simpan. Ada yang bisa kami bantu? 😊',
    cod: 'Halo Kak {nama}, kami dari {toko} 👋\n\nPesanan COD #{pesanan} ({produk}) sebesar *{total}* belum terkonfirmasi. Boleh balas *YA* agar segera kami kirim, Kak? 🙏',
    gateway:
      'Halo Kak {nama}, kami dari {toko} 👋\n\nPesanan #{pesanan} ({produk}) sebesar *{total}* belum terbayar. Tautan pembayarannya masih bisa dipakai:\n{link_bayar}\n\nAda yang bisa kami bantu? 😊',
  },
  fu3: {
    bank_transfer:
      'Selamat pagi Kak {nama} 🌤️\n\nPesanan #{pesanan} di {toko} masih menunggu transfer *{total}*. Kalau sudah transfer, mohon kirim bukti transfernya di sini ya, Kak.\n\n{rekening}',
    cod: 'Halo Kak {nama} 🙏\n\nPesanan COD #{pesanan} ({produk}) belum bisa kami kirim sebelum Kakak konfirmasi. Balas *YA* untuk kirim, atau *BATAL* kalau tidak jadi ya, Kak.',
    gateway: 'Selamat pagi Kak {nama} 🌤️\n\nPesanan #{pesanan} di {toko} masih menunggu pembayaran *{total}*:\n{link_bayar}\n\nKalau ada kendala pembayaran, kabari kami ya, Kak.',
  },
  fu4: {
    bank_transfer:
      'Halo Kak {nama},\n\nPesanan #{pesanan} ({produk}) akan kami batalkan bila hari ini belum ada pembayaran. 😢\n\nMasih ingin melanjutkan? Transfer *{total}* ke:\n{rekening}\n\nTerima kasih, Kak.',
    cod: 'Halo Kak {nama},\n\nKarena belum ada konfirmasi, pesanan COD #{pesanan} ({produk}) akan kami batalkan hari ini. 😢 Kalau masih ingin melanjutkan, balas *YA* ya, Kak.',
    gateway: 'Halo Kak {nama},\n\nPesanan #{pesanan} ({produk}) akan kami batalkan bila hari ini belum dibayar. 😢 Masih bisa dibayar di sini:\n{link_bayar}\n\nTerima kasih, Kak.',
  },
  closing: {
    bank_transfer:
      'Halo Kak {nama} 😊\n\nPesanan #{pesanan} sudah kami konfirmasi:\n🛍️ {produk} {varian} x{jumlah}\n🚚 Ongkir ({kurir}): {ongkir}\n💰 Total: *{total}*\n\nMohon transfer tepat *{total}* ke:\n{rekening}\n\nlalu kirim bukti transfernya di sini ya, Kak. Terima kasih! 🙏',
    cod: 'Halo Kak {nama} 😊\n\nPesanan COD #{pesanan} sudah kami konfirmasi dan segera kami kirim:\n🛍️ {produk} {varian} x{jumlah}\n🚚 Kurir: {kurir}\n💰 Siapkan *{total}* untuk dibayar ke kurir saat paket tiba ya, Kak. 🙏',
    gateway:
      'Halo Kak {nama} 😊\n\nPesanan #{pesanan} sudah kami konfirmasi:\n🛍️ {produk} {varian} x{jumlah}\n💰 Total: *{total}*\n\nSelesaikan pembayarannya lewat tautan ini:\n{link_bayar}\n\nTerima kasih! 🙏',
  },
  paid: {
    bank_transfer: PAID,
    cod: 'Terima kasih Kak {nama}! 🎉\n\nPembayaran COD pesanan #{pesanan} sudah kami terima. Semoga {produk} bermanfaat ya, Kak. Ditunggu pesanan berikutnya di {toko}! 😊',
    gateway: PAID,
  },
  shipped: {
    bank_transfer: `${SHIPPED}Terima kasih sudah berbelanja di {toko}! 😊`,
    cod: `${SHIPPED}Siapkan *{total}* untuk dibayar ke kurir saat paket tiba ya, Kak. 🙏`,
    gateway: `${SHIPPED}Terima kasih sudah berbelanja di {toko}! 😊`,
  },
  cancelled: {
    bank_transfer: 'Halo Kak {nama},\n\nPesanan #{pesanan} ({produk}) di {toko} sudah kami batalkan. Kalau Kakak sudah terlanjur transfer atau ingin memesan lagi, balas pesan ini ya, kami bantu. 🙏',
    cod: 'Halo Kak {nama},\n\nPesanan COD #{pesanan} ({produk}) di {toko} sudah kami batalkan. Kalau ingin memesan lagi, balas pesan ini ya, Kak. 🙏',
    gateway: 'Halo Kak {nama},\n\nPesanan #{pesanan} ({produk}) di {toko} sudah kami batalkan. Kalau pembayaran Kakak sudah terpotong atau ingin memesan lagi, balas pesan ini ya, kami bantu. 🙏',
  },
};
