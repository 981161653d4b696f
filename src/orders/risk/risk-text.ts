// The Indonesian texts of risky orders that the server writes (a flag's reason is stored with
// the flag and shown as it is; the refusal page of a blocked phone), written once.

export const RISK_TEXT = {
  /** The flags in the seller's words (the export under header=id). */
  flagNames: { duplicate: 'Pesanan ganda', cod_risk: 'COD berisiko', burst: 'Pesanan beruntun', not_whatsapp: 'Bukan WhatsApp', blocked: 'Nomor diblokir' },
  reasons: {
    /** `otherId`: the earlier order; null where there is none to name (the demo's seeded orders). */
    duplicate: (otherId: number | null) => `Pesanan ganda: nomor ini memesan produk yang sama dalam 24 jam terakhir${otherId === null ? '' : ` (pesanan #${otherId})`}.`,
    codRisk: 'COD berisiko',
    returned: (n: number) => `${n} paket COD ke nomor ini pernah dikirim lalu dibatalkan (retur)`,
    shortAddress: (length: number) => `alamat terlalu pendek (${length} karakter)`,
    burstPhone: (nth: number) => `Pesanan ke-${nth} dari nomor ini dalam satu jam.`,
    burstIp: (nth: number) => `Pesanan ke-${nth} dari alamat IP yang sama dalam satu jam.`,
    blocked: (note: string) => (note.trim() === '' ? 'Nomor ini ada di daftar blokir toko.' : `Nomor ini ada di daftar blokir toko: ${note.trim()}`),
    notWhatsapp: 'Nomor ini tidak terdaftar di WhatsApp (jawaban penyedia pesan).',
  },
  blockedPage: {
    title: 'Pesanan tidak dapat diterima',
    body: 'Maaf, pesanan dari nomor ini tidak dapat kami terima lewat formulir.',
    contact: (whatsapp: string) => `Silakan hubungi toko lewat WhatsApp: +${whatsapp}`,
    noContact: 'Silakan hubungi toko secara langsung.',
  },
} as const;
