// The buyer's own order page (issue 44 §2) as the dashboard's order page shows it: the card, the
// confirmation of a new link, and the history entry.
export const buyerPage = {
  title: 'Halaman status pesanan',
  lead: 'Pembeli melihat status, cara bayar, dan resi pesanan ini di halaman miliknya. Link-nya ada di halaman terima kasih dan di pesan yang memakai {link_pesanan}.',
  regenerate: 'Buat link baru',
  confirmTitle: (id: number) => `Buat link baru untuk pesanan #${id}?`,
  confirmLead: 'Link lama langsung tidak berlaku. Kirim link yang baru ke pembeli, misalnya lewat follow-up yang memakai {link_pesanan}.',
  made: 'Link baru dibuat. Link lama sudah tidak berlaku.',
  newLink: 'Link halaman pembeli',
  open: 'Buka halaman pembeli',
  /** The order's history: a member made a new link. */
  history: 'Link halaman pembeli dibuat ulang',
} as const;
