// Every error text and code of SPEC, written once. Handlers and services refer to these.

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
  // The dashboard's path of /api/products.php (issue 11; docs/products.md).
  missingPermission: (permission: string) => `Missing permission: ${permission}`,
  storeChanged: 'Store changed: reload the dashboard',
  pageInvalid: 'page must be a positive integer',
  perPageInvalid: 'per_page must be a whole number from 1 to 100',
  priceInvalid: 'price must be a whole number of rupiah, 0 or more',
  salePriceInvalid: 'sale_price must be a whole number of rupiah or null',
  variantDisplayInvalid: (allowed: readonly string[]) => `variant_display must be one of: ${allowed.join(', ')}`,
  descriptionInvalid: 'description must be text of at most 5000 characters',
  weightInvalid: 'weight_grams must be a whole number of grams from 0 to 1000000',
  paymentMethodsInvalid: "payment_methods must be null or a list of the store's payment methods",
  couriersInvalid: "couriers must be null or a list of the store's couriers",
  metaPixelInvalid: 'meta_pixel_id must be 15 or 16 digits',
  tiktokPixelInvalid: 'tiktok_pixel_id must be 20 upper-case letters and digits',
  gtmInvalid: 'gtm_id must look like GTM-XXXXXXX (4 to 12 upper-case letters and digits)',
} as const;

// Answers of the transport, in the {error} family, on any path: no route for the path, a
// method the action does not take, a body over BODY_LIMIT, a dependency that does not
// answer, a failure. Not in SPEC's tables (docs/decisions.md).
export const TRANSPORT_TEXT = {
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  bodyTooLarge: 'Request body too large',
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
  // The orders workspace (issue 32): one order, its status moves (src/orders/status-moves.ts).
  order_not_found: { status: 404, error: 'Pesanan tidak ditemukan.' },
  status_move_not_allowed: { status: 409, error: 'Status pesanan tidak dapat dipindah ke status itu. Pilih salah satu status yang tersedia.' },
  status_conflict: { status: 409, error: 'Status pesanan sudah diubah orang lain. Muat ulang pesanan, lalu coba lagi.' },
  resi_required: { status: 422, error: 'Nomor resi wajib diisi untuk mengirim pesanan.' },
  reason_required: { status: 422, error: 'Alasan wajib diisi untuk perpindahan status ini.' },
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
  // An order's edit (src/orders/edit-order.ts): the order form's rules, in the seller's words.
  buyerName: 'Nama wajib diisi (2 sampai 100 huruf).',
  buyerPhone: 'Nomor HP tidak valid. Tulis nomor HP/WhatsApp Indonesia, contoh 0812-3456-7890.',
  buyerEmail: 'Format email tidak valid, contoh nama@email.com. Boleh dikosongkan.',
  buyerAddress: 'Alamat wajib diisi: nama jalan, nomor rumah, RT/RW (5 sampai 300 huruf).',
  buyerVillage: 'Kelurahan/desa wajib diisi (2 sampai 100 huruf).',
  buyerDistrict: 'Kecamatan wajib diisi (2 sampai 100 huruf).',
  buyerCity: 'Kota/kabupaten wajib diisi (2 sampai 100 huruf).',
  buyerProvince: 'Pilih provinsi dari daftar 38 provinsi.',
  buyerPostalCode: 'Kode pos harus 5 angka.',
  courier: 'Nama kurir wajib diisi, paling banyak 40 karakter.',
  resi: 'Nomor resi paling banyak 60 karakter, tanpa baris baru.',
} as const;

// The products path's answer to a cross-site session write, in its {error} family.
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
