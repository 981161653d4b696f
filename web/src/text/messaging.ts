// The "Pesan otomatis" page (issue 41 §3) and the order's automated messages. Indonesian,
// written once; T (./id.ts) puts every area together.

export const messaging = {
  title: 'Pesan otomatis',
  lead: 'Follow-up dan pemberitahuan status terkirim sendiri ke WhatsApp pembeli pada waktunya, paling banyak sekali per langkah untuk tiap pesanan.',

  providerTitle: 'Penyedia pesan',
  provider: 'Penyedia',
  providers: { sandbox: 'Sandbox (uji coba)', off: 'Mati' } as Record<string, string>,
  providerHint: 'Sandbox tidak mengirim pesan ke pembeli: pesan yang akan terkirim masuk ke Kotak keluar uji di bawah, dengan tautan wa.me untuk mengirimnya sendiri.',
  providerOff: 'Pesan otomatis mati: tidak ada pesan yang direncanakan atau dikirim sampai penyedia dipilih.',
  test: 'Kirim pesan uji',
  testLead: 'Mengirim "Pesan uji dari Lapak" ke nomor WhatsApp Anda (atau nomor toko) lewat penyedia yang tersimpan.',
  testSent: (id: string) => `Pesan uji terkirim (ID ${id}).`,
  testFailed: (error: string) => `Pesan uji tidak terkirim: ${error}`,

  stepsTitle: 'Langkah',
  stepsLead: 'Follow-up hanya untuk pesanan yang masih menunggu pembayaran. Menyalakan langkah hanya merencanakan pesan yang jatuh tempo sejak sekarang, tidak untuk pesanan lama.',
  sends: (step: string) => `Kirim ${step} otomatis`,
  fu1Minutes: 'Menit setelah pesanan dibuat',
  hoursAfter: 'Jam setelah pesanan dibuat',
  fu3When: 'Pukul 09:00 pagi berikutnya (zona waktu pembeli), paling cepat 12 jam setelah FU2.',
  fu4Hint: 'Paling cepat 12 jam setelah waktu FU2, tidak pernah sebelum FU3.',
  noticeWhen: '2 menit setelah status pesanan berubah.',
  noticeFor: {
    closing: 'Untuk transfer bank dan COD (pesanan payment gateway sampai di Closing karena sudah dibayar).',
    paid: 'Untuk transfer bank dan payment gateway (pesanan COD dibayar saat diterima).',
    shipped: 'Untuk semua pesanan.',
    cancelled: 'Untuk semua pesanan.',
  } as Record<string, string>,
  followUps: 'Follow-up',
  notices: 'Pemberitahuan status',
  editText: 'Ubah teks',
  editTextOf: (step: string) => `Ubah teks ${step} di Pengaturan`,

  quietTitle: 'Jam tenang',
  quietOn: 'Tahan pesan di jam tenang',
  quietHint: 'Menurut zona waktu pembeli (WIB, WITA, atau WIT dari provinsinya). Pesan yang jatuh tempo di jam tenang menunggu sampai jam tenang selesai.',
  quietStart: 'Mulai',
  quietEnd: 'Selesai',

  pause: 'Jeda semua pesan otomatis',
  pauseHint: 'Selama dijeda tidak ada pesan yang terkirim. Pesan yang jatuh tempo menunggu, dan kedaluwarsa bila tidak terkirim dalam 6 jam.',

  saved: 'Pengaturan pesan otomatis tersimpan.',

  lastDayTitle: '24 jam terakhir',
  lastDayLead: 'Pesan toko ini yang berubah keadaan dalam 24 jam terakhir.',

  outboxTitle: 'Kotak keluar uji',
  outboxLead: 'Pesan yang diterima sandbox, terbaru di atas (paling banyak 100). Tidak ada yang terkirim ke pembeli; kirim sendiri lewat wa.me bila perlu.',
  outboxEmpty: 'Belum ada pesan di kotak keluar uji.',
  testMessage: 'Pesan uji',
  orderLink: (id: number) => `Pesanan #${id}`,
  to: (phone: string) => `ke ${phone}`,
  openWa: 'Buka di WhatsApp',
  openWaFor: (what: string) => `Buka ${what} di WhatsApp (tab baru)`,

  /** The message states, as the order's page and this page say them. */
  states: {
    planned: 'Terjadwal',
    waiting_quiet_hours: 'Menunggu jam tenang',
    sent: 'Terkirim',
    delivered: 'Diterima',
    read: 'Dibaca',
    failed: 'Gagal',
    skipped: 'Dilewati',
    cancelled: 'Dibatalkan',
    expired: 'Kedaluwarsa',
  } as Record<string, string>,

  // The order's timeline and the list's row.
  orderMessage: (step: string) => `Pesan otomatis ${step}`,
  dueAt: (when: string) => `dijadwalkan ${when}`,
  sentAt: (when: string) => `terkirim ${when}`,
  showText: 'Lihat teks pesan',
  nextMessage: (when: string) => `Pesan otomatis berikutnya: ${when}`,
  automatic: 'otomatis',
} as const;
