// Risky orders (issue 43): the flags, "Perlu dicek", the spam mark, blocked phones and the burst
// rule's thresholds. A flag's reason is the server's own Indonesian text, shown as it is.
// Indonesian, written once; T (./id.ts) puts every area together.

export const risk = {
  /** The flags' names (the server's `flag`). */
  flags: {
    duplicate: 'Pesanan ganda',
    cod_risk: 'COD berisiko',
    burst: 'Pesanan beruntun',
    not_whatsapp: 'Bukan WhatsApp',
    blocked: 'Nomor diblokir',
  } as Record<string, string>,

  // The list: its two tabs, the rows' chips, the flag filter within "Perlu dicek".
  needsCheck: 'Perlu dicek',
  spamTab: 'Spam',
  spam: 'Spam',
  rowFlags: 'Tanda risiko',
  flagFilter: 'Jenis tanda',
  anyFlag: 'Semua tanda',
  chipFlag: 'Tanda',
  emptyNeedsCheck: 'Tidak ada pesanan yang perlu dicek.',
  emptySpam: 'Tidak ada pesanan yang ditandai spam.',

  // The order's page.
  title: 'Risiko pesanan',
  leadOpen: 'Periksa alasannya (misalnya chat pembeli dulu), lalu tekan “Sudah dicek”.',
  leadChecked: 'Semua tanda sudah dicek.',
  leadNone: 'Tidak ada tanda risiko pada pesanan ini.',
  dismiss: 'Sudah dicek',
  dismissName: (flag: string) => `Sudah dicek: ${flag}`,
  dismissedBy: (name: string, when: string) => `Sudah dicek oleh ${name}, ${when}`,
  dismissedAt: (when: string) => `Sudah dicek, ${when}`,
  raisedAt: (when: string) => `Ditandai ${when}`,
  related: (id: number) => `Buka pesanan #${id}`,
  isSpam: 'Ditandai spam: pesanan ini tidak masuk tab, hitungan, ekspor, maupun pesan otomatis, dan tidak ikut pencocokan transfer.',
  markSpam: 'Tandai spam',
  unmarkSpam: 'Bukan spam',
  markSpamTitle: (id: number) => `Tandai pesanan #${id} sebagai spam`,
  unmarkSpamTitle: (id: number) => `Hapus tanda spam pesanan #${id}`,
  markSpamLead: 'Status pesanan tidak berubah. Tanda ini bisa dihapus lagi kapan saja.',
  unmarkSpamLead: 'Pesanan kembali ke tab dan hitungannya.',
  reason: 'Alasan (boleh kosong)',
  reasonHint: 'Dicatat di riwayat pesanan.',
  markedSpam: 'Pesanan ditandai spam.',
  unmarkedSpam: 'Tanda spam dihapus.',
  block: 'Blokir nomor',
  blockName: (phone: string) => `Blokir nomor ${phone}`,
  blockNote: (id: number) => `Dari pesanan #${id}`,
  phoneBlocked: 'Nomor diblokir',
  phoneBlockedLead: 'Pesanan dari formulir dengan nomor ini ditolak.',
  manageBlocked: 'Atur daftar blokir',

  // The history entries (web/src/features/orders/order-history.tsx).
  history: {
    flag: (flag: string) => `Tanda risiko: ${flag}`,
    flagDismissed: (flag: string) => `${flag} ditandai sudah dicek`,
    spam: 'Ditandai spam',
    spamRemoved: 'Tanda spam dihapus',
    why: (what: string, reason: string) => `${what}: ${reason}`,
  },

  // The bulk bar.
  bulkSpamTitle: 'Tandai spam',
  bulkUnspamTitle: 'Hapus tanda spam',
  bulkSpamLead: 'Pesanan yang dipilih keluar dari tab dan hitungannya; statusnya tetap. Bisa dibatalkan dari tab Spam.',
  bulkUnspamLead: 'Pesanan yang dipilih kembali ke tab dan hitungannya.',

  // The settings page.
  blockedTitle: 'Nomor diblokir',
  blockedLead:
    'Pesanan dari formulir dengan nomor ini ditolak dengan halaman yang memberi nomor WhatsApp toko; tidak ada yang disimpan selain jumlahnya. Pesanan yang dicatat manual tetap masuk, dengan tanda “Nomor diblokir”.',
  refusedToday: (n: number) => (n === 0 ? 'Hari ini belum ada pesanan formulir yang ditolak.' : `Hari ini ${n.toLocaleString('id-ID')} pesanan formulir ditolak.`),
  phone: 'Nomor HP',
  phoneHint: 'Contoh: 0812-3456-7890.',
  note: 'Catatan (boleh kosong)',
  noteHint: 'Untuk tim, misalnya alasan memblokir. Tampil sebagai alasan tanda pada pesanan manual dari nomor ini.',
  add: 'Blokir',
  added: (phone: string) => `Nomor ${phone} diblokir.`,
  none: 'Belum ada nomor yang diblokir.',
  list: 'Daftar nomor diblokir',
  since: (when: string) => `Sejak ${when}`,
  unblock: 'Buka blokir',
  unblockName: (phone: string) => `Buka blokir ${phone}`,
  unblocked: (phone: string) => `Blokir nomor ${phone} dibuka.`,
  burstTitle: 'Pesanan beruntun',
  burstLead: 'Pesanan yang melewati batas ini dalam satu jam ditandai “Pesanan beruntun” untuk dicek CS; pesanan tetap masuk.',
  burstPhone: 'Pesanan per nomor HP dalam 1 jam',
  burstPhoneHint: 'Pesanan berikutnya dari nomor yang sama ditandai. Bawaan: 3.',
  burstIp: 'Pesanan formulir per alamat IP dalam 1 jam',
  burstIpHint: 'Bawaan: 10. Operator seluler memakai satu alamat IP untuk banyak pembeli: jangan terlalu kecil.',
} as const;
