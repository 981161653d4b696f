// The insights page "Laporan" (issue 45 §2): presets, the funnel, rates, charts and tables. The
// figures' definitions say in Indonesian what docs/insights.md says in English, each shown
// beside its number. Indonesian, written once; T (./id.ts) puts every area together.

/** A figure of the API's answer the page names (the funnel's steps, the rates, revenue). */
export type InsightFigure =
  | 'views'
  | 'orders'
  | 'form_orders'
  | 'closed'
  | 'paid'
  | 'shipped'
  | 'completed'
  | 'cancelled'
  | 'returned'
  | 'invalid'
  | 'revenue'
  | 'conversion'
  | 'closing_rate'
  | 'paid_rate'
  | 'return_rate';

export const insights = {
  title: 'Laporan',
  lead: 'Dari kunjungan form sampai pesanan selesai: berapa yang closing, dibayar, dan kembali.',
  leadCs: 'Angka dari pesanan yang ditugaskan kepada Anda.',
  ranges: 'Rentang tanggal',
  presets: { '7': '7 hari', '30': '30 hari', '90': '90 hari', month: 'Bulan ini', last_month: 'Bulan lalu', custom: 'Tanggal lain' } as const,
  rangeText: (from: string, to: string) => `${from} – ${to}`,
  compared: (range: string) => `dibanding ${range}`,
  from: 'Dari tanggal',
  to: 'Sampai tanggal',
  show: 'Tampilkan',
  badRange: 'Tanggal awal harus sebelum tanggal akhir, paling panjang 366 hari.',
  empty: 'Belum ada pesanan di rentang ini',
  emptyLead: 'Angka muncul di sini begitu pesanan masuk. Coba rentang yang lebih panjang.',
  loading: 'Memuat laporan…',
  names: {
    views: 'Kunjungan form',
    orders: 'Pesanan',
    form_orders: 'Dari form',
    closed: 'Closing',
    paid: 'Dibayar',
    shipped: 'Dikirim',
    completed: 'Selesai',
    cancelled: 'Dibatalkan',
    returned: 'Retur',
    invalid: 'No HP tidak valid',
    revenue: 'Omzet',
    conversion: 'Konversi',
    closing_rate: 'Closing rate',
    paid_rate: 'Paid rate',
    return_rate: 'Return rate',
  } satisfies Record<InsightFigure, string>,
  definitions: {
    views: 'Tampilan form yang dihitung skrip form saat berjalan di browser.',
    orders: 'Pesanan yang dibuat di rentang ini, tanpa spam.',
    form_orders: 'Dari pesanan itu, yang masuk lewat form pemesanan.',
    closed: 'Pernah closing, dibayar, dikirim, atau selesai (termasuk status awalnya).',
    paid: 'Transfer/gateway: pernah dibayar, dikirim, atau selesai, atau closing lewat pembayaran gateway. COD: sudah selesai.',
    shipped: 'Pernah dikirim atau selesai.',
    completed: 'Berstatus selesai sekarang.',
    cancelled: 'Batal sekarang dan tidak pernah dikirim.',
    returned: 'Pernah dikirim dan sekarang batal.',
    invalid: 'Berstatus no HP tidak valid sekarang.',
    revenue: 'Jumlah total pesanan dibayar yang tidak batal sekarang.',
    conversion: 'Pesanan dari form ÷ kunjungan form.',
    closing_rate: 'Closing ÷ pesanan.',
    paid_rate: 'Dibayar ÷ pesanan.',
    return_rate: 'Retur ÷ dikirim.',
  } satisfies Record<InsightFigure, string>,
  funnel: 'Alur pesanan',
  funnelLead: 'Setiap langkah dihitung dari pesanan yang dibuat di rentang ini.',
  beside: 'Di luar alur',
  rates: 'Rasio dan omzet',
  up: 'naik',
  down: 'turun',
  same: 'sama',
  points: (n: string) => `${n} poin`,
  noPrevious: 'baru',
  changeLabel: (direction: string, amount: string) => `${direction} ${amount} dibanding periode sebelumnya`,
  csv: 'Unduh CSV',
  csvOf: (what: string) => `Unduh CSV: ${what}`,
  table: 'Lihat tabel',
  tableOf: (what: string) => `Tabel: ${what}`,
  trend: 'Tren per hari',
  trendLead: 'Pesanan, closing, dan dibayar per hari pembuatan pesanan.',
  trendChart: (from: string, to: string) => `Grafik garis pesanan, closing, dan dibayar per hari, ${from} – ${to}. Angkanya ada di tabel di bawah.`,
  weekly: 'Di layar sesempit ini satu titik grafik = 7 hari (dinamai hari pertamanya); tabel tetap per hari.',
  day: 'Tanggal',
  cs: 'CS',
  leaderboard: 'Closing rate per CS',
  leaderboardLead: 'CS yang menangani pesanan sekarang, urut dari closing rate tertinggi.',
  leaderboardChart: 'Grafik batang closing rate per CS. Angkanya ada di tabel di bawah.',
  followUp: 'Waktu follow-up pertama',
  followUpLead: 'Dari pesanan masuk sampai follow-up pertama: manual (tombol CS) dan otomatis (pesan terkirim). Median: separuh pesanan lebih cepat; p90: 9 dari 10 pesanan lebih cepat.',
  followedUp: 'Di-follow-up',
  manualMedian: 'Manual, median',
  manualP90: 'Manual, p90',
  autoMedian: 'Otomatis, median',
  autoP90: 'Otomatis, p90',
  noFollowUps: 'Belum ada follow-up di rentang ini.',
  minutes: (n: string) => `${n} mnt`,
  hours: (n: string) => `${n} jam`,
  days: (n: string) => `${n} hari`,
  breakdowns: {
    product: { title: 'Per produk', name: 'Produk' },
    utm_source: { title: 'Per sumber iklan (UTM source)', name: 'UTM source' },
    utm_campaign: { title: 'Per kampanye (UTM campaign)', name: 'UTM campaign' },
    payment_method: { title: 'Per metode pembayaran', name: 'Metode' },
    courier: { title: 'Retur dan batal per kurir', name: 'Kurir' },
    province: { title: 'Retur dan batal per provinsi', name: 'Provinsi' },
  },
  salesLead: 'Batang gelap: closing; batang terang: semua pesanan.',
  salesChart: (what: string) => `Grafik batang pesanan dan closing ${what}. Angkanya ada di tabel di bawah.`,
  closedOf: (closed: string, orders: string, rate: string) => `${closed} closing dari ${orders} (${rate})`,
  cancelRate: 'Cancel rate',
  cancelRateDefinition: 'Dibatalkan ÷ pesanan.',
  returnsLead: 'Batang gelap: return rate (retur ÷ dikirim); batang bergaris: cancel rate (dibatalkan ÷ pesanan).',
  returnsChart: (what: string) => `Grafik batang return rate dan cancel rate ${what}. Angkanya ada di tabel di bawah.`,
  returnsLabel: (returnRate: string, cancelRate: string) => `retur ${returnRate} · batal ${cancelRate}`,
  topOnly: (shown: number, all: number) => `Grafik menampilkan ${shown} teratas dari ${all}; tabel memuat semuanya.`,
  noRows: 'Belum ada data di rentang ini.',
} as const;
