// The home page: the getting-started checklist and the CS rotation summary. Indonesian, written
// once; T (./id.ts) puts every area together.

export const home = {
  title: (name: string) => `Selamat datang, ${name}`,
  checklistTitle: 'Langkah memulai',
  checklistLead: 'Dari toko kosong sampai pesanan pertama.',
  done: 'Selesai',
  todo: 'Belum',
  progress: (done: number, total: number) => `${done} dari ${total} langkah selesai`,
  steps: {
    product: { title: 'Tambah produk', body: 'Nama, harga, dan variasinya.' },
    shipping: { title: 'Atur ongkos kirim', body: 'Tarif kurir per provinsi.' },
    payment: { title: 'Atur pembayaran', body: 'Transfer bank, COD, atau payment gateway.' },
    snippet: { title: 'Salin snippet formulir', body: 'Tempel di halaman jualan Anda.' },
    first_order: { title: 'Terima pesanan pertama', body: 'Pesanan dari formulir masuk ke sini.' },
    integration: { title: 'Hubungkan integrasi', body: 'Kunci API atau webhook untuk CRM dan sistem lain.' },
  } as Record<string, { title: string; body: string }>,
  open: 'Buka',
  myOrdersTitle: 'Pesanan Anda',
  myOrdersLead: 'Pesanan yang ditugaskan kepada Anda ada di daftar pesanan: follow-up, ubah status, dan isi resi dari sana.',
  myOrdersOpen: 'Buka daftar pesanan',
  rotationTitle: 'Rotasi CS',
  dutyOn: 'Saya sedang bertugas',
  dutyHint: 'Selama bertugas, Anda menerima pesanan baru dari rotasi. Matikan saat istirahat atau selesai kerja.',
  dutyOnNow: 'Anda bertugas: pesanan baru dibagikan juga kepada Anda.',
  dutyOffNow: 'Anda tidak bertugas: Anda tidak menerima pesanan baru.',
  rotationSummary: (mode: string, onDuty: number, members: number) => `Mode ${mode}: ${onDuty} dari ${members} anggota bertugas.`,
  nobodyOnDuty: 'Rotasi CS menyala, tetapi tidak ada anggota yang bertugas: pesanan baru tidak ditugaskan kepada siapa pun.',
  unassignedPending: (n: number) => `${n} pesanan pending belum ditugaskan.`,
  fixRotation: 'Atur rotasi CS',
} as const;
