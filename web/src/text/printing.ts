// Labels and invoices (issue 44 §1): the print page, the list's "Cetak" actions, the `printed`
// filter, the history entries of a print and the sender address in the settings.
// Indonesian, written once; T (./id.ts) puts every area together.

export const printing = {
  // The list.
  printLabels: 'Cetak label',
  printInvoices: 'Cetak invoice',
  filter: 'Label',
  filterAny: 'Semua',
  filterNotPrinted: 'Belum dicetak',
  filterPrinted: 'Sudah dicetak',
  chipNotPrinted: 'Label belum dicetak',
  chipPrinted: 'Label sudah dicetak',
  // The order's history.
  history: { label: 'Label dicetak', invoice: 'Invoice dicetak' } as Record<string, string>,

  // The print page.
  titleLabels: (n: number) => `Label pengiriman (${n})`,
  titleInvoices: (n: number) => `Invoice (${n})`,
  print: 'Cetak',
  printHint: 'Ukuran kertas sudah diatur: label 100×150 mm, invoice A4. Pilih printer, atau “Simpan sebagai PDF”.',
  back: 'Kembali ke pesanan',
  loading: 'Menyiapkan halaman cetak…',
  noOrders: 'Tidak ada pesanan untuk dicetak. Pilih pesanan di daftar pesanan dulu.',
  viewCapped: (max: number) => `Hanya ${max} pesanan pertama dari tampilan ini yang dicetak sekaligus.`,
  recorded: 'Tercatat di riwayat pesanan.',
  recordFailed: 'Cetakan belum tercatat di riwayat pesanan. Coba cetak lagi.',
  noSender: 'Alamat pengirim belum diisi: label memakai nama toko dan nomor WhatsApp-nya. Isi di Pengaturan.',
  openSettings: 'Buka Pengaturan',

  // A label.
  sender: 'Pengirim',
  recipient: 'Penerima',
  courier: 'Kurir',
  resi: 'Resi',
  noResi: 'RESI BELUM ADA',
  orderNumber: (id: number) => `Pesanan #${id}`,
  cod: 'COD',
  codCollect: 'Tagih ke penerima',
  notCod: 'NON-COD',
  items: 'Isi paket',
  quantity: (n: number) => `${n} pcs`,
  barcodeOf: (value: string) => `Barcode ${value}`,

  // An invoice.
  invoice: 'INVOICE',
  invoiceNumber: (id: number) => `No. INV-${id}`,
  date: 'Tanggal',
  billTo: 'Ditagihkan kepada',
  product: 'Produk',
  qty: 'Jumlah',
  price: 'Harga',
  subtotal: 'Subtotal',
  shipping: (courier: string) => `Ongkos kirim (${courier})`,
  uniqueCode: 'Kode unik',
  total: 'Total',
  paidVia: 'Pembayaran',
  paid: 'LUNAS',
  unpaid: 'BELUM LUNAS',
  methods: { bank_transfer: 'Transfer bank', cod: 'COD (bayar di tempat)', midtrans: 'Midtrans', xendit: 'Xendit' } as Record<string, string>,
  thanks: 'Terima kasih telah berbelanja.',

  // The settings: the sender address.
  senderTitle: 'Alamat pengirim',
  senderLead: 'Dicetak di label paket sebagai pengirim.',
  senderName: 'Nama pengirim',
  senderPhone: 'Nomor WhatsApp/HP',
  senderAddress: 'Alamat (jalan, nomor, RT/RW, kelurahan)',
  senderDistrict: 'Kecamatan',
  senderCity: 'Kota/kabupaten',
  senderProvince: 'Provinsi',
  senderPostal: 'Kode pos',
  chooseProvince: 'Pilih provinsi',
  senderClear: 'Hapus alamat pengirim',
};
