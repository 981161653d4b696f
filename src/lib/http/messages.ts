// Every error text and code of SPEC, written once. Handlers and services refer to these.
import { hasLetters } from '../phone.js';

export const AUTH_TEXT = {
  keyRequired: 'API key required (X-API-Key header)',
  malformed: 'Malformed API key',
  invalid: 'Invalid API key',
  revoked: 'API key revoked',
  expired: 'API key expired',
  tenantInactive: 'Tenant inactive',
  missingScope: (scope: string) => `Missing scope: ${scope}`,
  tooManyRequests: 'Terlalu banyak permintaan. Coba lagi nanti.',
} as const;

export const PRODUCT_TEXT = {
  idRequired: 'id required',
  nameRequired: 'name required',
  cannotDeriveSlug: 'cannot derive slug from name',
  unknownAction: (action: string) => `Unknown action: ${action}`,
  variantPriceCell: 'variant_prices tiap kombinasi wajib diisi harga lebih dari 0 (ada sel kosong/0).',
  variantPriceShape: 'variant_prices bentuk matriks tidak sesuai jumlah opsi variasi.',
  // Not in SPEC's table: the same problems named for variant_compare_prices.
  variantCompareCell: 'variant_compare_prices tiap kombinasi wajib diisi angka 0 atau lebih (ada sel kosong).',
  variantCompareShape: 'variant_compare_prices bentuk matriks tidak sesuai jumlah opsi variasi.',
  productNotFound: 'Product not found',
  sourceNotFound: 'Source product not found',
  // Decisions where SPEC is silent (docs/decisions.md).
  nameTooLong: 'name too long (max 200 characters)',
  invalidJson: 'body must be a JSON object',
  loginRequired: 'Login required',
  // The dashboard's path of /api/products.php answers SPEC's texts above where SPEC has one for
  // the problem, and the dashboard's Indonesian texts (DASHBOARD_ERRORS, DASHBOARD_REFUSAL_TEXT)
  // for the rest (issue 30; docs/products.md).
} as const;

// Answers of the transport, in the {error} family, on any path: no route for the path, a
// method the action does not take, a body over BODY_LIMIT, a dependency that does not
// answer, a failure. Not in SPEC's tables (docs/decisions.md).
export const TRANSPORT_TEXT = {
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  bodyTooLarge: 'Request body too large',
  // A Content-Type that names no media type (empty, `;`), refused by the products path after the key.
  unsupportedMediaType: 'Content-Type must be application/json',
  serviceUnavailable: 'Service unavailable',
  internalError: 'Internal error',
} as const;

// Order status and customer lookup endpoints: {error, code, request_id}.
export const API_ERRORS = {
  invalid_json: { status: 400, error: 'Request body must be a JSON object.' },
  invalid_request: { status: 400, error: 'id and status are required; id must be a positive number.' },
  order_not_found: { status: 404, error: 'Order not found.' },
  method_not_allowed: { status: 405, error: 'Method not allowed.' },
  status_conflict: { status: 409, error: 'The order is not in the expected previous status.' },
  order_terminal: { status: 409, error: 'The order is in a final status and cannot be changed through the API.' },
  request_in_progress: { status: 409, error: 'A request with this Idempotency-Key is still being processed. Retry in about 5 seconds.' },
  update_conflict: { status: 409, error: 'The order status changed while the request was processed. Retry.' },
  status_not_allowed: { status: 422, error: 'status must be pending or closing.' },
  expected_status_not_allowed: { status: 422, error: 'expected_previous_status must be pending or closing.' },
  external_reference_too_long: { status: 422, error: 'external_reference must be at most 120 characters.' },
  closing_incomplete: { status: 422, error: 'The order data is incomplete for closing.' },
  idempotency_key_invalid: { status: 422, error: 'Idempotency-Key must be 8 to 120 characters from A-Z a-z 0-9 . _ : -' },
  idempotency_key_reused: { status: 422, error: 'This Idempotency-Key was used with a different request.' },
  internal_error: { status: 500, error: 'Internal service error. Retry the request (a PATCH with the same Idempotency-Key).' },
  // Customer lookup (shapes SPEC leaves open; see docs/customer-lookup.md).
  invalid_phone: { status: 400, error: 'phone must be an Indonesian phone number.' },
  customer_not_found: { status: 404, error: 'No customer with this phone number.' },
  phone_required: { status: 400, error: 'phone is required: send {"phone": "..."} with an Indonesian phone number.' },
  // Shared transport errors (not in SPEC's table).
  body_too_large: { status: 413, error: 'Request body too large.' },
  // PostgreSQL or Redis does not answer: nothing was changed; retry (with the same Idempotency-Key).
  service_unavailable: { status: 503, error: 'Service temporarily unavailable. Retry shortly (a PATCH with the same Idempotency-Key).' },
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

// The dashboard's interface (/dashboard/api/, docs/dashboard.md): {error, code, request_id},
// `error` in Indonesian for the person at the screen, `code` for the program. A 422
// invalid_request adds `fields` ({field: text}). Codes are stable; texts may be reworded here only.
export const DASHBOARD_ERRORS = {
  invalid_request: { status: 422, error: 'Data yang dikirim tidak valid. Periksa kembali isian Anda.' },
  login_required: { status: 401, error: 'Silakan masuk terlebih dahulu.' },
  invalid_credentials: { status: 401, error: 'Email atau kata sandi salah.' },
  forbidden: { status: 403, error: 'Anda tidak memiliki izin untuk tindakan ini.' },
  cross_site_request: { status: 403, error: 'Permintaan dari situs lain ditolak.' },
  signup_disabled: { status: 403, error: 'Pendaftaran dinonaktifkan di server ini.' },
  no_store: { status: 403, error: 'Akun Anda tidak tergabung di toko mana pun. Minta undangan dari pemilik toko.' },
  member_in_other_store: { status: 403, error: 'Anggota ini juga tergabung di toko lain; tautan reset kata sandi tidak dapat dibuat.' },
  not_found: { status: 404, error: 'Tidak ditemukan.' },
  invitation_invalid: { status: 404, error: 'Undangan tidak berlaku: sudah dipakai, dibatalkan, atau kedaluwarsa.' },
  reset_invalid: { status: 404, error: 'Tautan reset kata sandi tidak berlaku: sudah dipakai atau kedaluwarsa.' },
  store_changed: { status: 409, error: 'Toko aktif telah berganti di tab lain. Muat ulang halaman.' },
  email_taken: { status: 409, error: 'Email ini sudah terdaftar.' },
  email_registered: { status: 409, error: 'Email ini sudah memiliki akun. Masuk terlebih dahulu, lalu terima undangan.' },
  already_member: { status: 409, error: 'Anda sudah menjadi anggota toko ini.' },
  last_owner: { status: 409, error: 'Toko harus tetap memiliki pemilik. Pemilik tidak dapat mengubah perannya sendiri atau keluar dari toko.' },
  key_name_taken: { status: 409, error: 'Nama konektor sudah dipakai kunci aktif lain di toko ini. Pilih nama lain atau cabut kunci itu.' },
  endpoint_disabled: { status: 409, error: 'Endpoint webhook ini nonaktif. Aktifkan terlebih dahulu.' },
  endpoint_removed: { status: 409, error: 'Endpoint webhook ini sudah dihapus.' },
  delivery_in_flight: { status: 409, error: 'Pengiriman ini sedang berlangsung. Coba lagi sebentar lagi.' },
  // The orders workspace (issue 32): one order, its status moves (src/orders/core/status-moves.ts).
  order_not_found: { status: 404, error: 'Pesanan tidak ditemukan.' },
  status_move_not_allowed: { status: 409, error: 'Status pesanan tidak dapat dipindah ke status itu. Pilih salah satu status yang tersedia.' },
  status_conflict: { status: 409, error: 'Status pesanan sudah diubah orang lain. Muat ulang pesanan, lalu coba lagi.' },
  resi_required: { status: 422, error: 'Nomor resi wajib diisi untuk mengirim pesanan.' },
  reason_required: { status: 422, error: 'Alasan wajib diisi untuk perpindahan status ini.' },
  // Follow-ups (issue 34 §2, src/orders/workspace/order/follow-up-order.ts): a step that does not fit the order's status, a buyer without a WhatsApp number.
  follow_up_step_not_available: { status: 409, error: 'Pesan follow-up ini tidak sesuai dengan status pesanan. Pilih salah satu pesan yang tersedia.' },
  buyer_phone_invalid: { status: 422, error: 'Nomor HP pembeli tidak valid, jadi WhatsApp tidak dapat dibuka. Perbaiki nomor HP pembeli terlebih dahulu.' },
  // "Tambah pesanan" saved once per page (issue 40 §1; src/form/enter-order.ts): the page's key.
  idempotency_key_invalid: { status: 422, error: 'Kunci halaman (Idempotency-Key) harus 8 sampai 120 karakter dari A-Z a-z 0-9 . _ : -' },
  idempotency_key_reused: { status: 422, error: 'Kunci halaman ini sudah dipakai untuk pesanan dengan isi lain. Muat ulang halaman, lalu isi lagi.' },
  // The orders list (src/orders/workspace/list/order-search.ts): a search that could only be a name, too short for one.
  query_too_short: { status: 422, error: 'Ketik minimal 3 huruf untuk mencari nama pembeli, atau cari dengan nomor pesanan, nomor HP, atau resi.' },
  // The orders' CSV import (src/orders/workspace/files/import-orders.ts; docs/dashboard.md, "Orders").
  orders_csv_required: { status: 415, error: 'File impor pesanan harus dikirim sebagai CSV (text/csv).' },
  import_no_header: { status: 422, error: 'Baris judul kolom tidak ditemukan. Baris pertama file harus memuat kolom order, serta resi dan/atau status.' },
  import_too_many_lines: { status: 422, error: 'File impor paling banyak 2.000 baris pesanan. Bagi file menjadi beberapa bagian.' },
  // Orders in bulk (src/orders/workspace/bulk/view-order-ids.ts): "all in this view" matches more orders than one action may change.
  too_many_orders: { status: 422, error: 'Tampilan ini memuat lebih dari 10.000 pesanan. Persempit dengan filter atau tab, lalu coba lagi.' },
  // Bulk jobs (src/orders/workspace/bulk/bulk-jobs.ts): a job of another store, or one a CS did not start; a cancel of a job that has ended.
  job_not_found: { status: 404, error: 'Proses massal tidak ditemukan.' },
  job_finished: { status: 409, error: 'Proses massal ini sudah selesai dan tidak dapat dibatalkan.' },
  // Risky orders (issue 43, src/orders/risk/): a flag the order does not have; the blocked phones.
  flag_not_found: { status: 404, error: 'Pesanan ini tidak memiliki tanda itu.' },
  blocked_phone_not_found: { status: 404, error: 'Nomor ini tidak ada di daftar blokir.' },
  too_many_blocked: { status: 409, error: 'Daftar blokir toko sudah penuh (5.000 nomor). Hapus nomor yang tidak diperlukan lagi.' },
  // Auto-cancel (issue 44 §3, src/orders/auto-cancel/): including the older pending orders while it is off, or with a count that is no longer true.
  auto_cancel_off: { status: 409, error: 'Pembatalan otomatis belum aktif. Aktifkan dulu, lalu sertakan pesanan lama.' },
  older_count_changed: { status: 409, error: 'Jumlah pesanan lama berubah sejak ditampilkan. Periksa jumlah terbaru, lalu konfirmasi lagi.' },
  // The CS rotation (src/rotation/): a member's own duty, when they are not in the rotation.
  not_in_rotation: { status: 409, error: 'Anda belum termasuk rotasi CS toko ini. Minta pemilik atau admin menambahkan Anda.' },
  // Messaging (issue 42 §1, src/messaging/): a Cloud API number another store already uses; a conversation's answer outside the 24-hour window.
  phone_number_id_taken: { status: 409, error: 'phone_number_id ini sudah dipakai toko lain di server ini.' },
  window_closed: { status: 409, error: 'Pembeli belum membalas dalam 24 jam terakhir: di luar jendela itu WhatsApp hanya menerima template, bukan pesan bebas.' },
  no_provider: { status: 409, error: 'Pesan otomatis tidak aktif: pilih penyedia pesan dulu di Pesan otomatis.' },
  expires_at_required: { status: 422, error: 'Tanggal kedaluwarsa wajib diisi.' },
  expires_at_past: { status: 422, error: 'Tanggal kedaluwarsa sudah lewat.' },
  unknown_placeholder: { status: 422, error: 'Template memuat placeholder yang tidak dikenal. Gunakan hanya placeholder yang tersedia.' },
  password_required: { status: 403, error: 'Masukkan kata sandi Anda lagi untuk mengubah pengaturan ini.' },
  wrong_password: { status: 403, error: 'Kata sandi salah. Pengaturan tidak diubah.' },
  image_type_unsupported: { status: 415, error: 'Gambar harus berupa file JPEG, PNG, atau WebP.' },
  image_unreadable: { status: 422, error: 'File gambar rusak atau tidak dapat dibaca.' },
  image_too_many_pixels: { status: 422, error: 'Ukuran gambar terlalu besar: maksimal 40 megapiksel.' },
  image_limit_reached: { status: 409, error: 'Produk ini sudah memiliki 10 gambar. Hapus salah satu terlebih dahulu.' },
  body_too_large: { status: 413, error: 'Data yang dikirim terlalu besar.' },
  unsupported_media_type: { status: 415, error: 'Data harus dikirim sebagai application/json.' },
  csv_required: { status: 415, error: 'Mutasi rekening harus dikirim sebagai text/csv.' },
  too_many_requests: { status: 429, error: 'Terlalu banyak percobaan. Coba lagi nanti.' },
  internal_error: { status: 500, error: 'Terjadi kesalahan pada server. Coba lagi.' },
  busy: { status: 503, error: 'Server sedang sibuk. Coba lagi sebentar lagi.' },
  service_unavailable: { status: 503, error: 'Layanan sedang tidak tersedia. Coba lagi sebentar lagi.' },
} as const;

export type DashboardErrorCode = keyof typeof DASHBOARD_ERRORS;

/** The `fields` texts of a 422 invalid_request. */
export const DASHBOARD_FIELD_TEXT = {
  invalid: 'Isian tidak valid.',
  required: 'Wajib diisi.',
  notJson: 'Body harus berupa objek JSON.',
  // MAX_JSON_DEPTH (src/lib/http/request.ts), said to the person at the screen.
  tooDeep: 'Data JSON bertingkat terlalu dalam (maksimal 64 tingkat).',
  // A JSON string holding U+0000 (request.ts jsonHazard): PostgreSQL cannot store it.
  nul: 'Teks tidak boleh memuat karakter NUL (\\u0000).',
  unknownField: 'Isian tidak dikenal.',
  passwordTooShort: 'Kata sandi minimal 10 karakter.',
  passwordIsEmail: 'Kata sandi tidak boleh sama dengan email.',
  email: 'Alamat email tidak valid.',
  wrongPassword: 'Kata sandi saat ini salah.',
  whatsappNumber: 'Nomor WhatsApp Indonesia tidak valid, contoh 0812-3456-7890.',
  timeZone: 'Zona waktu tidak dikenal. Pilih nama zona IANA, contoh Asia/Jakarta.',
  gatewayMissing: 'Pilih gateway (Midtrans atau Xendit) untuk metode pembayaran gateway.',
  nothingToChange: 'Tidak ada pengaturan yang diubah.',
  imageOrder: 'Urutan harus menyebut setiap gambar produk ini tepat satu kali.',
  notMember: 'Pilih anggota toko ini.',
  // An order's edit (src/orders/workspace/order/edit-order.ts): the order form's rules, in the seller's words.
  buyerName: 'Nama wajib diisi (2 sampai 100 huruf).',
  buyerPhone: 'Nomor HP tidak valid. Tulis nomor HP/WhatsApp Indonesia, contoh 0812-3456-7890.',
  // A phone written with a letter (issue 40 §1; lib/phone.ts hasLetters): on every path that takes
  // one (the order form, an order entered by hand, the buyer's edit, the store's and a member's
  // WhatsApp number, the CLI), apart from the other refusals, because "0812 3456 789O" looks right.
  phoneLetters: 'Nomor HP tidak boleh berisi huruf. Periksa huruf O atau l yang mungkin maksudnya angka 0 atau 1, contoh 0812-3456-7890.',
  buyerEmail: 'Format email tidak valid, contoh nama@email.com. Boleh dikosongkan.',
  buyerAddress: 'Alamat wajib diisi: nama jalan, nomor rumah, RT/RW (5 sampai 300 huruf).',
  buyerVillage: 'Kelurahan/desa wajib diisi (2 sampai 100 huruf).',
  buyerDistrict: 'Kecamatan wajib diisi (2 sampai 100 huruf).',
  buyerCity: 'Kota/kabupaten wajib diisi (2 sampai 100 huruf).',
  buyerProvince: 'Pilih provinsi dari daftar 38 provinsi.',
  buyerPostalCode: 'Kode pos harus 5 angka.',
  courier: 'Nama kurir wajib diisi, paling banyak 40 karakter.',
  resi: 'Nomor resi paling banyak 60 karakter, tanpa baris baru.',
  // The orders list's query (src/orders/workspace/list/order-filters.ts, lib/db/keyset.ts).
  day: 'Tanggal tidak valid. Tulis YYYY-MM-DD, contoh 2026-01-31.',
  dayRange: 'Tanggal awal harus sama dengan atau sebelum tanggal akhir.',
  cursor: 'Penanda halaman tidak valid. Muat ulang daftar dari awal.',
  // Orders in bulk and entered by hand (src/orders/workspace/bulk/bulk-status.ts, enter-order.ts).
  idsOrQuery: 'Kirim daftar pesanan (ids) atau tampilan (query), salah satu saja.',
  product: 'Pilih produk yang aktif di toko ini.',
  variant: 'Pilih varian yang tersedia.',
  quantity: 'Jumlah harus angka 1 sampai 99.',
  orderCourier: 'Pilih kurir yang melayani provinsi tujuan.',
  paymentMethod: 'Pilih metode pembayaran yang ditawarkan toko.',
  // `lapak order create`'s rule (create-order.ts isShippingFee), said to the person at the screen.
  shippingFee: 'Ongkos kirim harus bilangan bulat rupiah, 0 atau lebih.',
  // The CS rotation's settings (src/rotation/rotation-settings.ts).
  rotationMember: 'Pilih anggota toko ini untuk rotasi.',
  rotationDuplicate: 'Anggota ini sudah tercantum di rotasi.',
  rotationWeight: 'Bobot harus angka bulat 1 sampai 10.',
  rotationMode: 'Pilih mode rotasi: off, round_robin, atau weighted.',
  // Follow-up texts (src/templates/dashboard-routes.ts) and the templates' preview (settings/).
  followUpText: 'Teks pesan paling banyak 1000 karakter.',
  templateStep: 'Pilih pesan follow-up: fu1, fu2, fu3, fu4, closing, paid, shipped atau cancelled.',
  templateMethod: 'Pilih metode pembayaran: bank_transfer, cod atau gateway.',
} as const;

/** The buyer's fields of an order, as a refusal names them (`fields`), with their texts: the edit of an order and an order entered by hand. */
export const BUYER_FIELD_TEXT = {
  'customer.name': DASHBOARD_FIELD_TEXT.buyerName,
  'customer.phone': DASHBOARD_FIELD_TEXT.buyerPhone,
  'customer.email': DASHBOARD_FIELD_TEXT.buyerEmail,
  'customer.address': DASHBOARD_FIELD_TEXT.buyerAddress,
  'customer.village': DASHBOARD_FIELD_TEXT.buyerVillage,
  'customer.district': DASHBOARD_FIELD_TEXT.buyerDistrict,
  'customer.city': DASHBOARD_FIELD_TEXT.buyerCity,
  'customer.province': DASHBOARD_FIELD_TEXT.buyerProvince,
  'customer.postal_code': DASHBOARD_FIELD_TEXT.buyerPostalCode,
} as const;

/** An operation's message for a phone written with a letter (the CLI prints it): the seller's text, as the pages show it. */
export const PHONE_LETTERS_PROBLEM = (field: string) => `${field}: ${DASHBOARD_FIELD_TEXT.phoneLetters}`;

/** The text of a refused phone field: one holding a letter says so, else `otherwise` (issue 40 §1). */
export const phoneFieldText = (sent: unknown, otherwise: string): string =>
  typeof sent === 'string' && hasLetters(sent) ? DASHBOARD_FIELD_TEXT.phoneLetters : otherwise;

// Why an operation refused a field, keyed by the operation's refusal code (src/lib/outcome.ts),
// as the dashboard shows it beside the field: `fields` of a 422 invalid_request
// (dashboard/route.ts, fromRefusal), and the products path's answers on its dashboard path. The
// operations' own messages are for operators (the CLI) and stay out of pages. Codes are the
// operations'; a code means one thing in every operation that uses it.
export const DASHBOARD_REFUSAL_TEXT = {
  // Webhook endpoints (webhooks/add-endpoint.ts, url-safety.ts).
  invalid_description: 'Keterangan paling banyak 200 karakter.',
  url_too_long: 'Alamat URL terlalu panjang (paling banyak 2048 karakter).',
  invalid_url: 'Alamat URL tidak valid. Tulis alamat lengkap, contoh https://crm.toko-anda.com/webhook.',
  url_not_https: 'Alamat URL harus memakai https://.',
  url_has_credentials: 'Alamat URL tidak boleh memuat nama pengguna atau kata sandi.',
  host_unresolved: 'Nama host pada alamat URL tidak ditemukan. Periksa ejaannya.',
  host_not_public: 'Alamat URL mengarah ke jaringan lokal atau pribadi. Gunakan alamat yang dapat dijangkau dari internet.',
  // API keys (api-keys/issue-key.ts, issue-key-for-purpose.ts).
  invalid_name: 'Nama wajib diisi.',
  invalid_scope: 'Hak akses kunci tidak dikenal.',
  invalid_purpose: 'Pilih salah satu tujuan kunci yang tersedia.',
  invalid_expires_at: 'Tanggal kedaluwarsa tidak valid. Pilih sebuah tanggal.',
  // Store settings and shipping rates (tenants/update-store-settings.ts, settings/save-settings.ts, shipping/set-rates.ts).
  unknown_setting: 'Pengaturan tidak dikenal.',
  invalid_payment_methods: 'Pilih minimal satu metode pembayaran: transfer bank, COD, atau gateway.',
  invalid_gateway: 'Gateway harus Midtrans atau Xendit.',
  invalid_bank_accounts: 'Rekening bank tidak valid: paling banyak 10, masing-masing dengan nama bank, nomor rekening (angka) dan nama pemilik.',
  invalid_whatsapp_number: DASHBOARD_FIELD_TEXT.whatsappNumber,
  phone_letters: DASHBOARD_FIELD_TEXT.phoneLetters,
  invalid_thank_you_template: 'Pesan terima kasih wajib diisi, paling banyak 1000 karakter.',
  invalid_unique_code: 'Kode unik harus dinyalakan atau dimatikan.',
  invalid_midtrans_server_key: 'Server key Midtrans wajib diisi, paling banyak 200 karakter.',
  invalid_xendit_secret_key: 'Secret key Xendit wajib diisi, paling banyak 200 karakter.',
  invalid_xendit_callback_token: 'Token callback Xendit wajib diisi, paling banyak 200 karakter.',
  invalid_whatsapp_access_token: 'Token akses WhatsApp Cloud API wajib diisi, paling banyak 1000 karakter.',
  invalid_fonnte_token: 'Token perangkat Fonnte wajib diisi, paling banyak 200 karakter.',
  invalid_store_name: 'Nama toko wajib diisi, paling banyak 200 karakter.',
  invalid_opening_message_template: 'Pesan pembuka paling banyak 1000 karakter.',
  invalid_time_zone: DASHBOARD_FIELD_TEXT.timeZone,
  invalid_sender_address: 'Alamat pengirim tidak lengkap: isi nama, nomor WhatsApp Indonesia, alamat, kecamatan, kota, provinsi (dari daftar) dan kode pos 5 angka.',
  invalid_rates: 'Daftar ongkos kirim tidak valid (paling banyak 2000 baris).',
  invalid_courier: 'Nama kurir wajib diisi, paling banyak 40 karakter.',
  invalid_province: 'Pilih provinsi dari daftar 38 provinsi, atau semua provinsi.',
  invalid_fee: 'Ongkos kirim harus bilangan bulat rupiah, 0 atau lebih.',
  duplicate_rate: 'Kurir dan provinsi yang sama tercantum dua kali.',
  // Products (products/product-fields.ts, variant-prices.ts; the dashboard's path of /api/products.php).
  body_not_object: DASHBOARD_FIELD_TEXT.notJson,
  name_required: 'Nama produk wajib diisi.',
  name_too_long: 'Nama produk paling banyak 200 karakter.',
  cannot_derive_slug: 'Slug tidak dapat dibuat dari nama ini. Isi slug dengan huruf atau angka.',
  invalid_price: 'Harga harus bilangan bulat rupiah, 0 atau lebih.',
  invalid_sale_price: 'Harga coret harus bilangan bulat rupiah, atau dikosongkan.',
  invalid_product_description: 'Deskripsi paling banyak 5000 karakter.',
  invalid_weight: 'Berat harus bilangan bulat gram, dari 0 sampai 1.000.000.',
  invalid_variants: 'Variasi paling banyak 3, masing-masing dengan nama dan opsi yang terisi.',
  variants_without_options: 'Setiap variasi wajib punya minimal satu opsi.',
  variant_prices_cell: 'Setiap kombinasi varian wajib diisi harga lebih dari 0.',
  variant_prices_shape: 'Harga per varian tidak sesuai dengan jumlah opsi variasi.',
  variant_compare_prices_cell: 'Setiap harga coret per varian wajib diisi angka 0 atau lebih.',
  variant_compare_prices_shape: 'Harga coret per varian tidak sesuai dengan jumlah opsi variasi.',
  invalid_variant_display: 'Pilih tampilan varian: tombol atau pilihan ringkas.',
  payment_methods_not_offered: 'Pilih metode pembayaran dari yang ditawarkan toko.',
  couriers_not_offered: 'Pilih kurir dari ongkos kirim toko.',
  invalid_meta_pixel_id: 'ID Meta Pixel berupa 15 atau 16 angka.',
  invalid_tiktok_pixel_id: 'ID TikTok Pixel berupa 20 huruf besar dan angka.',
  invalid_gtm_id: 'ID Google Tag Manager berbentuk GTM- diikuti 4 sampai 12 huruf besar dan angka.',
  invalid_page: 'Nomor halaman harus bilangan bulat positif.',
  invalid_per_page: 'Jumlah per halaman harus 1 sampai 100.',
  // Auto-cancel's days (src/orders/auto-cancel/).
  invalid_auto_cancel_days: 'Isi jumlah hari dari 1 sampai 30 (bilangan bulat), atau matikan pembatalan otomatis.',
} as const;

export type RefusalTextCode = keyof typeof DASHBOARD_REFUSAL_TEXT;

export const hasRefusalText = (code: string): code is RefusalTextCode => Object.hasOwn(DASHBOARD_REFUSAL_TEXT, code);

// The products path's answer to a cross-site session write, in its {error} family. No page
// gets it (the dashboard's own requests are same-site); openapi/lapak.json lists it for the
// API-key operations too (a cookie sent along), so it stays as the API documents it.
export const CROSS_SITE_TEXT = 'Cross-site request refused';

// Why a line of an uploaded bank statement could not be read (POST
// /dashboard/api/transfers/statements, `errors[].message`; docs/transfers.md).
export const STATEMENT_LINE_TEXT = {
  empty: 'File mutasi kosong.',
  noHeader: (columns: string) => `Baris judul kolom tidak ditemukan (dicari: ${columns}).`,
  missingCell: (column: string) => `Kolom "${column}" kosong atau tidak ada di baris ini.`,
  badDate: (value: string) => `Tanggal tidak terbaca: "${value}".`,
  noYear: 'Tanggal tanpa tahun, dan periode mutasi tidak ditemukan di awal file.',
  badAmount: (value: string) => `Nominal tidak terbaca: "${value}".`,
  badDirection: (value: string) => `Jenis mutasi tidak terbaca (harus kredit atau debit): "${value}".`,
  badBalance: (value: string) => `Saldo tidak terbaca: "${value}".`,
} as const;

// Why a line of an orders import was refused (POST /dashboard/api/orders/import,
// `lines[].message`; src/orders/workspace/files/import-orders.ts, docs/dashboard.md "Orders").
export const IMPORT_LINE_TEXT = {
  invalid_order: 'Nomor pesanan tidak valid: tulis angkanya saja, contoh 1024.',
  order_not_found: 'Pesanan tidak ditemukan.',
  duplicate_order: (line: number) => `Pesanan ini sudah ada di baris ${line}.`,
  /** `labels`: the dashboard's status names, listed (orders/core/status-labels.ts). */
  invalid_status: (labels: string) => `Status tidak dikenal. Tulis salah satu: ${labels} (huruf besar atau kecil sama saja).`,
  resi_scientific: 'Nomor resi tertulis sebagai angka ilmiah (contoh 1,23E+11) karena diubah Excel. Format kolom resi sebagai Teks, lalu tulis ulang nomornya.',
  invalid_resi: 'Nomor resi paling banyak 60 karakter, tanpa baris baru.',
  /** `from`, `to`: the statuses as the dashboard names them (Dibayar, Dikirim). */
  status_move_not_allowed: (from: string, to: string) => `Status pesanan tidak dapat dipindah dari ${from} ke ${to}.`,
  resi_required: 'Nomor resi wajib diisi untuk mengirim pesanan.',
  reason_required: 'Perpindahan status ini memerlukan alasan: lakukan dari halaman pesanan.',
  status_conflict: 'Pesanan sudah diubah orang lain setelah file diperiksa. Periksa lagi file ini.',
} as const;
