// The team page: members, roles, invitations, password reset links. Indonesian, written once; T
// (./id.ts) puts every area together.

export const team = {
  title: 'Tim',
  lead: 'Anggota toko dan peran mereka. Hanya pemilik yang mengelola tim.',
  members: 'Anggota',
  you: '(Anda)',
  joined: 'Bergabung',
  integrations: 'Akses integrasi (kunci API & webhook)',
  integrationsShort: 'Integrasi',
  invite: 'Undang anggota',
  inviteLead: 'Tautan undangan berlaku 7 hari dan hanya bisa dipakai sekali.',
  role: 'Peran',
  roleHelp: {
    owner: 'Semua akses, termasuk tim.',
    admin: 'Produk, pengaturan, dan semua pesanan.',
    cs: 'Hanya pesanan yang ditugaskan kepadanya.',
  } as Record<string, string>,
  createInvite: 'Buat tautan undangan',
  inviteReady: 'Tautan undangan siap',
  inviteMessage: (store: string, role: string, url: string) =>
    `Halo! Anda diundang bergabung ke toko “${store}” di Lapak sebagai ${role}. Buka tautan ini untuk bergabung (berlaku 7 hari, sekali pakai): ${url}`,
  expires: 'Berlaku sampai',
  invitations: 'Undangan terbuka',
  noInvitations: 'Tidak ada undangan terbuka.',
  revokeInvite: 'Batalkan',
  revokeInviteConfirm: 'Batalkan undangan ini? Tautannya tidak bisa dipakai lagi.',
  changeRole: 'Ubah peran',
  changeRoleLead: (name: string) => `Peran baru untuk ${name}. Semua sesi anggota ini akan keluar.`,
  remove: 'Keluarkan',
  removeConfirm: (name: string) => `Keluarkan ${name} dari toko? Semua sesinya akan berakhir.`,
  resetLink: 'Tautan atur sandi',
  resetReady: 'Tautan atur ulang kata sandi',
  resetLead: 'Berlaku 24 jam, sekali pakai. Semua sesi anggota ini akan keluar saat dipakai.',
  resetMessage: (url: string) => `Buka tautan ini untuk mengatur ulang kata sandi Lapak Anda: ${url}`,
  created: 'Dibuat',
} as const;
