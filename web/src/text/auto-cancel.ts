// Unpaid orders that close themselves (issue 44 §3): the settings page's section.
export const autoCancel = {
  title: 'Batalkan otomatis pesanan yang tidak dibayar',
  lead: 'Pesanan yang masih menunggu pembayaran (COD: belum dikonfirmasi) dibatalkan otomatis setelah jumlah hari ini sejak dipesan. Pembeli dikabari lewat pesan otomatis bila pesan "Dibatalkan" aktif.',
  on: 'Aktifkan pembatalan otomatis',
  days: 'Batalkan setelah (hari)',
  daysHint: '1 sampai 30 hari sejak pesanan dibuat. Pesanan yang sudah dikonfirmasi (closing), dibayar, atau dikirim tidak pernah dibatalkan.',
  since: (when: string) => `Aktif sejak ${when}. Berlaku untuk pesanan yang dibuat sejak saat itu.`,
  allIncluded: 'Semua pesanan yang menunggu pembayaran ikut dibatalkan otomatis, termasuk yang dibuat sebelum fitur ini aktif.',
  olderTitle: 'Pesanan lama',
  older: (count: number) =>
    count === 0
      ? 'Tidak ada pesanan lama yang masih menunggu pembayaran.'
      : `${count.toLocaleString('id-ID')} pesanan yang dibuat sebelum fitur ini aktif masih menunggu pembayaran. Pesanan itu tidak dibatalkan kecuali Anda menyertakannya.`,
  include: (count: number) => `Sertakan ${count.toLocaleString('id-ID')} pesanan lama`,
  confirmTitle: (count: number) => `Sertakan ${count.toLocaleString('id-ID')} pesanan lama?`,
  confirmText: (count: number, days: number) =>
    `${count.toLocaleString('id-ID')} pesanan lama akan ikut dibatalkan otomatis ${days} hari setelah dibuat. Yang sudah lebih dari ${days} hari langsung dibatalkan dalam beberapa menit. Tindakan ini tidak dapat dibatalkan.`,
  confirm: (count: number) => `Ya, sertakan ${count.toLocaleString('id-ID')} pesanan`,
  included: (count: number) => `${count.toLocaleString('id-ID')} pesanan lama disertakan.`,
  changed: 'Jumlah pesanan lama berubah. Periksa jumlah terbaru, lalu konfirmasi lagi.',
  saved: 'Pembatalan otomatis tersimpan.',
};
