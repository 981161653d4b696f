// Messaging's texts in one place (issue 41): why a message did not go, or not yet (every reason a
// message carries, in the Indonesian the order's page and the page "Pesan otomatis" show), the
// test message, and the settings' refusals.
import type { FollowUpStep } from '../templates/follow-up-steps.js';

export const MESSAGE_REASON = {
  leftPending: 'Pesanan tidak lagi menunggu pembayaran.',
  leftStatus: 'Status pesanan sudah berubah sebelum pesan dikirim.',
  invalidPhone: 'Nomor HP pesanan ditandai tidak valid.',
  spam: 'Pesanan ditandai spam: tidak ada pesan otomatis.',
  orderGone: 'Pesanan sudah tidak ada.',
  stepOff: 'Langkah ini dimatikan di pengaturan pesan otomatis.',
  noProvider: 'Pesan otomatis tidak aktif: belum ada penyedia pesan.',
  pressed: (step: FollowUpStep) => `CS sudah mengirim ${step.toUpperCase()} sendiri.`,
  paused: 'Pesan otomatis sedang dijeda.',
  quietHours: (until: string) => `Menunggu jam tenang selesai (${until}).`,
  expired: 'Tidak terkirim dalam 6 jam sejak boleh dikirim.',
  notIndonesian: 'Nomor HP pembeli bukan nomor Indonesia yang bisa menerima WhatsApp.',
  providerRetry: (detail: string) => `Penyedia pesan menolak untuk sementara (${detail}); dicoba lagi nanti.`,
  providerFailed: (detail: string) => `Penyedia pesan menolak pesan ini (${detail}).`,
  optedOut: 'Pembeli meminta berhenti menerima pesan otomatis dari toko ini.',
  optedOutAtProvider: 'Pembeli berhenti berlangganan pesan dari toko ini di WhatsApp (131050); nomornya masuk daftar berhenti.',
  notOnWhatsApp: 'Nomor ini tidak terdaftar di WhatsApp (131026). Periksa nomornya, atau tandai pesanan sebagai nomor tidak valid (invalid_no_hp).',
  windowClosed: 'Di luar jendela 24 jam sejak pesan terakhir pembeli, dan tidak ada template WhatsApp untuk langkah ini.',
  buyerReplied: 'Pembeli membalas: follow-up otomatis berhenti supaya CS yang menjawab.',
  fonnteSpacing: 'Menunggu giliran: lewat Fonnte, toko mengirim paling banyak satu pesan tiap 10 detik.',
  fonnteDailyCap: (cap: number) =>
    `Batas harian Fonnte sudah tercapai (${cap} pesan per hari, dihitung menurut jam toko). Pesan ini menunggu hari berikutnya dan kedaluwarsa bila lewat 6 jam sejak boleh dikirim.`,
  halted: {
    token: 'Pengiriman berhenti: token akses WhatsApp kedaluwarsa atau dicabut. Simpan token baru di Pesan otomatis.',
    device: 'Pengiriman berhenti: perangkat Fonnte terputus. Sambungkan lagi di Fonnte.',
  },
} as const;

/** Lapak's one answer to a buyer's STOP (issue 42 §4). */
export const STOP_CONFIRMATION = 'Baik, Kak. Kami tidak akan mengirim pesan otomatis lagi.';

/** Who an automated follow-up is by, in the order's history (source `system`). */
export const AUTOMATED_ACTOR = 'Pesan otomatis';

/** What the test message says (POST /dashboard/api/messaging/test). */
export const TEST_MESSAGE_TEXT = 'Pesan uji dari Lapak';

/** Why the test message did not go. */
export const TEST_MESSAGE_ERROR = {
  noProvider: 'Pilih penyedia pesan dulu.',
  noNumber: 'Isi nomor WhatsApp Anda (Tim) atau nomor WhatsApp toko (Pengaturan) dulu.',
} as const;

/** PATCH /dashboard/api/messaging's refusals, by field. */
export const AUTOMATION_FIELD_TEXT = {
  clock: 'Isi jam dengan format JJ:MM, misalnya 20:00.',
  sameClock: 'Jam mulai dan jam selesai tidak boleh sama.',
  fu2AfterFu1: 'FU2 harus dikirim setelah FU1.',
  fu4AfterFu3: 'FU4 harus paling cepat 12 jam setelah waktu FU2 (setelah FU3).',
  cloudApiNotConfigured: 'WhatsApp Cloud API belum disiapkan di server ini (WHATSAPP_APP_SECRET dan WHATSAPP_VERIFY_TOKEN). Hubungi pengelola server.',
  phoneNumberIdRequired: 'Isi phone_number_id nomor WhatsApp Cloud API toko.',
  whatsappTokenRequired: 'Simpan token akses WhatsApp Cloud API dulu (dengan kata sandi Anda).',
  cloudPhone: 'Isi nomor WhatsApp Cloud API toko, misalnya 0812 3456 7890.',
  templateParams: (unknown: readonly string[]) => `Placeholder tidak dikenal: ${unknown.join(', ')}.`,
  fonnteRisk: 'Centang dulu bahwa Anda memahami risiko Fonnte (tidak resmi, nomor bisa diblokir WhatsApp).',
  fonnteTokenRequired: 'Simpan token perangkat Fonnte dulu (dengan kata sandi Anda).',
} as const;

/** A timing outside its range (the schema's refusal), by field: what the field takes. */
export const AUTOMATION_RANGE_TEXT: Record<string, string> = {
  'steps.fu1.minutes': 'Isi jumlah menit dari 1 sampai 1440.',
  'steps.fu2.hours': 'Isi jumlah jam dari 1 sampai 168.',
  'steps.fu4.hours': 'Isi jumlah jam dari 1 sampai 720.',
  'quiet_hours.start': AUTOMATION_FIELD_TEXT.clock,
  'quiet_hours.end': AUTOMATION_FIELD_TEXT.clock,
};
