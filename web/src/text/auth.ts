// The pages before the login: log in, sign up, an invitation, a password reset. Indonesian, written
// once; T (./id.ts) puts every area together.

export const auth = {
  loginTitle: 'Masuk ke Lapak',
  loginButton: 'Masuk',
  noAccount: 'Belum punya toko?',
  toSignup: 'Daftar gratis',
  signupTitle: 'Buka toko di Lapak',
  signupLead: 'Buat toko dan akun pemiliknya. Anda bisa mengundang tim setelahnya.',
  signupButton: 'Buat toko',
  haveAccount: 'Sudah punya akun?',
  toLogin: 'Masuk',
  forgotHint: 'Lupa kata sandi? Minta pemilik toko mengirimkan tautan atur ulang kata sandi kepada Anda. Bila Anda pemiliknya, hubungi pengelola server Lapak Anda.',
  inviteTitle: 'Terima undangan',
  inviteLead: 'Anda diundang bergabung ke sebuah toko di Lapak.',
  inviteStore: (store: string, role: string) => `Anda diundang ke toko “${store}” sebagai ${role}.`,
  inviteAsUser: (name: string) => `Anda masuk sebagai ${name}. Terima undangan dengan akun ini?`,
  inviteNewAccount: 'Buat akun Anda untuk bergabung.',
  inviteHaveAccount: 'Sudah punya akun Lapak? Masuk, lalu terima undangan ini dengan akun itu.',
  inviteAccept: 'Terima undangan',
  inviteMissingToken: 'Tautan undangan tidak lengkap. Minta pemilik toko mengirim ulang tautannya.',
  resetTitle: 'Atur kata sandi',
  resetLead: 'Buat kata sandi baru untuk akun Anda. Semua sesi lama akan keluar.',
  resetButton: 'Simpan kata sandi',
  resetDone: 'Kata sandi tersimpan. Silakan masuk dengan kata sandi baru.',
  resetMissingToken: 'Tautan atur ulang tidak lengkap. Minta tautan baru.',
} as const;
