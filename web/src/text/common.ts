// Texts every page shares: buttons, errors, the form fields, the menu and the role names.
// Indonesian, written once; T (./id.ts) puts every area together.
export const common = {
  appName: 'Lapak',
  loading: 'Memuat…',
  save: 'Simpan',
  cancel: 'Batal',
  close: 'Tutup',
  copy: 'Salin',
  copied: 'Tersalin',
  copyFailed: 'Tidak bisa menyalin otomatis: pilih teks lalu salin manual.',
  sendViaWhatsApp: 'Kirim via WhatsApp',
  retry: 'Coba lagi',
  never: 'Belum pernah',
  none: '—',
  yes: 'Ya',
  no: 'Tidak',
  networkError: 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.',
  unexpectedError: 'Terjadi kesalahan. Coba lagi sebentar lagi.',
  storeChanged: 'Toko aktif berubah di tab lain. Halaman ini sekarang menampilkan toko yang aktif.',
  requestId: 'ID permintaan',
  // A 429 with Retry-After (seconds): how long, as a person says it (minutes rounded up; seconds under a minute).
  tooManyWait: (wait: string) => `Terlalu banyak percobaan. Coba lagi dalam ${wait}.`,
  waitSeconds: (n: number) => `${n} detik`,
  waitMinutes: (n: number) => `${n} menit`,
  waitHours: (n: number) => `${n} jam`,
  showOnce: 'Simpan sekarang: ini hanya ditampilkan sekali.',
  notFoundTitle: 'Halaman tidak ditemukan',
  notFoundBody: 'Alamat ini tidak ada di dashboard.',
  backHome: 'Kembali ke beranda',
  forbiddenTitle: 'Tidak ada akses',
  forbiddenBody: 'Peran Anda di toko ini tidak membuka halaman ini. Minta pemilik toko bila Anda memerlukannya.',
} as const;

export const field = {
  storeName: 'Nama toko',
  name: 'Nama Anda',
  email: 'Email',
  password: 'Kata sandi',
  newPassword: 'Kata sandi baru',
  currentPassword: 'Kata sandi saat ini',
  passwordHint: 'Minimal 10 karakter, tidak sama dengan email.',
} as const;

export const nav = {
  home: 'Beranda',
  orders: 'Pesanan',
  insights: 'Laporan',
  products: 'Produk',
  team: 'Tim',
  rotation: 'Rotasi CS',
  keys: 'Kunci API',
  webhooks: 'Webhook',
  transfers: 'Transfer',
  messaging: 'Pesan otomatis',
  settings: 'Pengaturan',
  account: 'Akun',
  menu: 'Menu utama',
  logout: 'Keluar',
  switchStore: 'Ganti toko',
  storesLabel: 'Toko Anda',
  newStore: 'Buat toko baru',
  newStoreLead: 'Toko kedua juga berguna sebagai toko uji coba: Lapak tidak punya sandbox.',
  createStore: 'Buat toko',
  currentStore: 'Toko aktif',
} as const;

export const roles = { owner: 'Pemilik', admin: 'Admin', cs: 'CS' } as Record<string, string>;
