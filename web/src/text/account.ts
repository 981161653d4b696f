// The account page. Indonesian, written once; T (./id.ts) puts every area together.

export const account = {
  title: 'Akun',
  profile: 'Profil',
  changePassword: 'Ganti kata sandi',
  changePasswordLead: 'Semua sesi Anda, termasuk yang ini, akan keluar: masuk lagi dengan kata sandi baru.',
  passwordChanged: 'Kata sandi diganti. Silakan masuk lagi.',
  stores: 'Toko',
  whatsapp: 'Nomor WhatsApp Anda',
  whatsappHint: 'Contoh: 0812-3456-7001. Pembeli pesanan yang ditugaskan kepada Anda menghubungi nomor ini; kosongkan untuk memakai nomor toko.',
  whatsappTitle: 'WhatsApp di toko ini',
  whatsappSaved: 'Nomor WhatsApp tersimpan.',
} as const;
