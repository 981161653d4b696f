// The made-up orders of `lapak demo orders` (seed-orders.ts writes them): who buys, what,
// where it ships, which ad brought them and how far each order got, drawn from one seeded
// random stream so the same seed gives the same store. Pure: no database, no clock.
import { PROVINCES } from '../shipping/provinces.js';
import type { OrderStatus } from '../orders/core/statuses.js';
import { MILESTONE_COLUMNS, milestonesOf, type Milestones } from '../orders/core/milestones.js';
import type { Flag } from '../orders/risk/flags.js';
import { RISK_TEXT } from '../orders/risk/risk-text.js';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32: small, fast, good enough for data). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DemoVariant {
  label: string;
  unitPrice: number;
}

export interface DemoProduct {
  id: number;
  name: string;
  variants: DemoVariant[];
}

export interface DemoMember {
  userId: number;
  /** As the order's page names them (shownName: the name, or the email when it is blank). */
  name: string;
}

export interface DemoCourier {
  name: string;
  /** The store's own rates for it (province or '*' -> fee), or null: a fee by region. */
  fees: Record<string, number> | null;
}

/** What the orders are drawn from: the store's products, CS members and couriers. */
export interface DemoStore {
  products: DemoProduct[];
  cs: DemoMember[];
  couriers: DemoCourier[];
}

export interface DemoHistoryEntry {
  field: string;
  old_value: string | null;
  new_value: string | null;
  created_at: number;
  /** Who made it, when not Lapak itself (source `system`): the form for `created`, a CS's press. */
  by?: { source: string; actor: string; actorUserId: number | null };
}

/** One order as the seeder writes it: the row's columns (those it sets) and its history. */
export interface DemoOrder {
  product_id: number;
  product_name: string;
  variant: string;
  quantity: number;
  unit_price: number;
  total: number;
  shipping_fee: number;
  courier: string;
  payment_method: string;
  resi: string | null;
  status: OrderStatus;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string;
  customer_village: string;
  customer_district: string;
  customer_city: string;
  customer_province: string;
  customer_postal_code: string;
  ad_params: string;
  utm_source: string | null;
  utm_campaign: string | null;
  assigned_user_id: number | null;
  created_at: number;
  updated_at: number;
  history: DemoHistoryEntry[];
  /** Where the order was placed: the form. */
  source: 'form';
  /** The follow-ups of its history (a CS's press, an automated message), as the order's columns (orders/core/record-follow-up.ts). */
  follow_up_count: number;
  follow_up_last_step: string | null;
  follow_up_last_at: number | null;
  follow_up_last_automatic: number;
  first_manual_follow_up_at: number | null;
  first_auto_follow_up_at: number | null;
  /** Its milestones, from its history (orders/core/milestones.ts). */
  first_closed_at: number | null;
  first_paid_at: number | null;
  first_shipped_at: number | null;
  first_completed_at: number | null;
  /** Risky orders (issue 43): the flags with their reasons (a dismissed one is kept, not in orders.flags). */
  flags: Array<{ flag: Flag; reason: string; dismissed: boolean }>;
  /** Views of the form in the order's hour with its UTM values (issue 45 §3): its buyer's and the visitors' who left without ordering. */
  views: number;
}

/** The demo's reasons: as the rules word them, without the numbers of real orders. */
const DEMO_REASONS: Record<Flag, string> = {
  duplicate: RISK_TEXT.reasons.duplicate(null),
  cod_risk: `${RISK_TEXT.reasons.codRisk}: ${RISK_TEXT.reasons.returned(1)}`,
  burst: RISK_TEXT.reasons.burstPhone(4),
  not_whatsapp: RISK_TEXT.reasons.notWhatsapp,
  blocked: RISK_TEXT.reasons.blocked(''),
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Names as Indonesian buyers write them, the most common first: `pick` favours the head of a
// list, so "Siti" or "Nur" match many orders (the name search's hard case) and the tail few.
const FIRST_NAMES = [
  'Siti', 'Nur', 'Sri', 'Dewi', 'Muhammad', 'Ahmad', 'Putri', 'Ayu', 'Rina', 'Agus', 'Budi', 'Indah', 'Fitri', 'Dian', 'Rizky', 'Eko',
  'Wahyu', 'Andi', 'Yuni', 'Ratna', 'Lestari', 'Hendra', 'Fajar', 'Bayu', 'Nurul', 'Eka', 'Rudi', 'Dedi', 'Wulan', 'Ani', 'Yusuf',
  'Joko', 'Bambang', 'Slamet', 'Rahmat', 'Intan', 'Mega', 'Novi', 'Tri', 'Dwi', 'Irma', 'Rini', 'Maya', 'Ika', 'Fitriani', 'Arif',
  'Hadi', 'Yoga', 'Galih', 'Kurnia', 'Sinta', 'Desi', 'Vina', 'Lina', 'Tuti', 'Endang', 'Umi', 'Hana', 'Aisyah', 'Zahra', 'Ilham',
];
const LAST_NAMES = [
  'Wati', 'Sari', 'Lestari', 'Rahayu', 'Handayani', 'Susanti', 'Pratama', 'Saputra', 'Hidayat', 'Nugroho', 'Santoso', 'Setiawan',
  'Kurniawan', 'Wijaya', 'Rahmawati', 'Aminah', 'Purnamasari', 'Maulana', 'Ramadhan', 'Firmansyah', 'Siregar', 'Nasution', 'Harahap',
  'Lubis', 'Simanjuntak', 'Sihombing', 'Hutapea', 'Situmorang', 'Pangaribuan', 'Wibowo', 'Permana', 'Gunawan', 'Syahputra', 'Fauzi',
  'Anggraini', 'Safitri', 'Utami', 'Kusuma', 'Hakim', 'Putra',
];
const STREETS = [
  'Jl. Merdeka', 'Jl. Sudirman', 'Jl. Diponegoro', 'Jl. Ahmad Yani', 'Jl. Gatot Subroto', 'Jl. Pahlawan', 'Jl. Melati', 'Jl. Kenanga',
  'Gg. Mawar', 'Gg. Masjid', 'Jl. Raya Bogor', 'Jl. Pemuda', 'Jl. Imam Bonjol', 'Jl. Kartini', 'Perum Griya Asri Blok C', 'Perum Bumi Indah Blok F',
];
const DISTRICT_WORDS = ['Sukamaju', 'Sukajadi', 'Mekarsari', 'Sumbersari', 'Karanganyar', 'Tanjungsari', 'Margahayu', 'Cempaka', 'Harapan Jaya', 'Sidomulyo'];
// Telkomsel, Indosat, XL, Tri and Smartfren prefixes (after the 0 or 62).
const MOBILE_PREFIXES = ['812', '813', '821', '822', '852', '853', '811', '857', '858', '856', '817', '818', '819', '877', '878', '859', '895', '896', '897', '898', '881', '882', '888'];

// A capital city and its postal prefix per province; Java and Sumatra, where most buyers live,
// come first and with more weight (REGION_WEIGHT).
const CITIES: Record<string, { cities: string[]; postal: string }> = {
  'Jawa Barat': { cities: ['Kota Bandung', 'Kabupaten Bogor', 'Kota Bekasi', 'Kota Depok', 'Kabupaten Garut', 'Kota Cirebon'], postal: '4' },
  'Jawa Timur': { cities: ['Kota Surabaya', 'Kota Malang', 'Kabupaten Sidoarjo', 'Kabupaten Jember', 'Kota Kediri'], postal: '6' },
  'Jawa Tengah': { cities: ['Kota Semarang', 'Kota Surakarta', 'Kabupaten Banyumas', 'Kabupaten Klaten', 'Kota Tegal'], postal: '5' },
  'DKI Jakarta': { cities: ['Kota Jakarta Selatan', 'Kota Jakarta Timur', 'Kota Jakarta Barat', 'Kota Jakarta Utara', 'Kota Jakarta Pusat'], postal: '1' },
  Banten: { cities: ['Kota Tangerang', 'Kota Tangerang Selatan', 'Kabupaten Serang'], postal: '15' },
  'Sumatera Utara': { cities: ['Kota Medan', 'Kabupaten Deli Serdang', 'Kota Pematangsiantar'], postal: '20' },
  'DI Yogyakarta': { cities: ['Kabupaten Sleman', 'Kota Yogyakarta', 'Kabupaten Bantul'], postal: '55' },
  'Sulawesi Selatan': { cities: ['Kota Makassar', 'Kabupaten Gowa', 'Kota Parepare'], postal: '90' },
  'Sumatera Selatan': { cities: ['Kota Palembang', 'Kabupaten Ogan Ilir'], postal: '30' },
  Lampung: { cities: ['Kota Bandar Lampung', 'Kabupaten Lampung Selatan'], postal: '35' },
  Riau: { cities: ['Kota Pekanbaru', 'Kota Dumai'], postal: '28' },
  Bali: { cities: ['Kota Denpasar', 'Kabupaten Badung', 'Kabupaten Gianyar'], postal: '80' },
  'Sumatera Barat': { cities: ['Kota Padang', 'Kota Bukittinggi'], postal: '25' },
  'Kalimantan Timur': { cities: ['Kota Samarinda', 'Kota Balikpapan'], postal: '75' },
  'Kalimantan Barat': { cities: ['Kota Pontianak'], postal: '78' },
  'Kalimantan Selatan': { cities: ['Kota Banjarmasin', 'Kota Banjarbaru'], postal: '70' },
  'Nusa Tenggara Barat': { cities: ['Kota Mataram', 'Kabupaten Lombok Timur'], postal: '83' },
};
// Provinces with their weight: the ones above by population, every other one a little.
const PROVINCE_WEIGHTS: Array<[string, number]> = PROVINCES.map((p): [string, number] => {
  const heavy = ['Jawa Barat', 'Jawa Timur', 'Jawa Tengah', 'DKI Jakarta', 'Banten'];
  const middle = ['Sumatera Utara', 'DI Yogyakarta', 'Sulawesi Selatan', 'Sumatera Selatan', 'Lampung', 'Riau', 'Bali'];
  return [p, heavy.includes(p) ? 12 : middle.includes(p) ? 4 : 1];
});
const JAVA_BALI = new Set(['Jawa Barat', 'Jawa Timur', 'Jawa Tengah', 'DKI Jakarta', 'Banten', 'DI Yogyakarta', 'Bali']);
const FAR_EAST = new Set(['Maluku', 'Maluku Utara', 'Papua', 'Papua Barat', 'Papua Barat Daya', 'Papua Tengah', 'Papua Pegunungan', 'Papua Selatan', 'Nusa Tenggara Timur']);

/** The couriers of a store without shipping rates: the ones the resi links know, busiest first. */
export const DEFAULT_COURIERS = ['J&T EZ', 'JNE REG', 'SiCepat REG', 'AnterAja Reguler', 'ID Express', 'Ninja Xpress', 'POS Indonesia', 'SAP Express', 'Lion Parcel', 'Wahana'];

// Waybill shapes as the couriers print them (the first matching word of the courier's name).
const RESI_SHAPES: Array<[RegExp, string, number]> = [
  [/j&t|jnt/i, 'JP', 10],
  [/jne/i, '01', 14],
  [/sicepat/i, '00', 10],
  [/anteraja/i, '1000', 11],
  [/ninja/i, 'NLIDAP', 8],
  [/id ?express/i, 'IDE', 12],
  [/pos/i, 'P', 12],
  [/sap/i, 'SAP', 10],
  [/lion/i, '99', 11],
  [/wahana/i, 'AGJ', 8],
];

const PAYMENT_WEIGHTS: Array<[string, number]> = [['cod', 45], ['bank_transfer', 40], ['midtrans', 15]];

const UTM_SOURCES: Array<[string, number]> = [['facebook', 40], ['tiktok', 25], ['instagram', 20], ['google', 10], ['whatsapp', 5]];
const CAMPAIGNS = ['promo-gajian', 'flash-sale', 'retarget-7d', 'lookalike-1', 'video-testimoni', 'bundling-hemat', 'ramadan-sale', 'harbolnas-1212', 'gratis-ongkir', 'new-arrival'];
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

// Orders by hour of the day in the store's usual zone (WIB): quiet nights, a lunch peak and
// the evening's, after work. Index = hour.
const HOURLY = [0.2, 0.1, 0.05, 0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0, 1.1, 1.3, 1.4, 1.3, 1.1, 1.0, 1.0, 1.1, 1.3, 1.6, 1.8, 1.7, 1.2, 0.6];
const WIB_OFFSET = 7 * HOUR;

// What becomes of an order, as shares of all orders: most go the whole way to completed; some
// are cancelled, have an unreachable phone, or are left waiting by the seller for good. Recent
// orders have not got that far yet (their moves lie in the future), so the newest days hold
// the pending, closing, paid and shipped ones.
const FATES: Array<[Fate, number]> = [
  ['completed', 66],
  ['cancelled_pending', 7],
  ['cancelled_closing', 6],
  ['invalid_no_hp', 8],
  ['stays_pending', 5],
  ['stays_closing', 3],
  ['returned', 2],
  ['stays_paid', 1],
  ['stays_shipped', 2],
];
type Fate = 'completed' | 'cancelled_pending' | 'cancelled_closing' | 'invalid_no_hp' | 'stays_pending' | 'stays_closing' | 'returned' | 'stays_paid' | 'stays_shipped';

// The path of each fate: the statuses after pending, each with how long after the previous
// move it comes (hours, at least and at most).
const PATHS: Record<Fate, Array<[OrderStatus, number, number]>> = {
  completed: [['closing', 0.2, 8], ['paid', 0.5, 36], ['shipped', 4, 48], ['completed', 48, 168]],
  cancelled_pending: [['cancelled', 12, 96]],
  cancelled_closing: [['closing', 0.2, 8], ['cancelled', 12, 96]],
  invalid_no_hp: [['invalid_no_hp', 0.5, 24]],
  stays_pending: [],
  stays_closing: [['closing', 0.2, 8]],
  returned: [['closing', 0.2, 8], ['paid', 0.5, 36], ['shipped', 4, 48], ['cancelled', 72, 240]],
  stays_paid: [['closing', 0.2, 8], ['paid', 0.5, 36]],
  stays_shipped: [['closing', 0.2, 8], ['paid', 0.5, 36], ['shipped', 4, 48]],
};

// The history's fields as the workspace writes them: `created` (new value: the first status,
// orders/core/insert-order.ts), `assigned_to` (the member's shown name, orders/core/assign-orders.ts),
// `status`, and the `resi` and `reason` a move carries (orders/workspace/order/move-order-status.ts).
export const CREATED_FIELD = 'created';
export const ASSIGNED_FIELD = 'assigned_to';
export const FOLLOW_UP_FIELD = 'follow_up';
const FROM_FORM = { source: 'form', actor: 'form', actorUserId: null };
const BY_SYSTEM = { source: 'system', actor: 'system', actorUserId: null };
// Of the orders still pending then: those sent an automated message, and those a CS pressed a follow-up on.
const AUTO_FOLLOW_UP_SHARE = 0.5;
const PRESSED_SHARE = 0.7;
const RETURN_REASONS = ['Paket diretur, pembeli tidak di tempat', 'Pembeli menolak paket', 'Alamat tidak ditemukan kurir'];

interface Buyer {
  name: string;
  phone: string;
  email: string | null;
  address: string;
  village: string;
  district: string;
  city: string;
  province: string;
  postalCode: string;
}

// Returning buyers are drawn from the last this many buyers seen: enough for a buyer to come
// back after weeks, small enough to hold in memory at any count.
const BUYERS_KEPT = 20_000;
const RETURNING_SHARE = 0.3;
// Risky orders as a store running ads sees them (issue 43), drawn from a stream of their own so
// that every other value of a seed stays as it was: a share of the orders flagged per flag, a
// third of the flags dismissed. No spam: a spam mark is a member's decision, and a seeded store
// shows every order it was seeded with.
const FLAG_SHARES: ReadonlyArray<readonly [Flag, number]> = [['duplicate', 0.04], ['cod_risk', 0.03], ['burst', 0.01], ['not_whatsapp', 0.01]];
const DISMISSED_SHARE = 1 / 3;
const ASSIGNED_SHARE = 0.85;
const UTM_SHARE = 0.65;
// The form's conversion behind each order, from views to orders: 2 to 8 % as ad traffic
// converts, drawn from a stream of its own (every other value of a seed stays as it was).
const CONVERSION = { min: 0.02, max: 0.08 } as const;

/**
 * Draws `count` orders created between `now - days` and `now`, in time order (each call of
 * next() gives the next one, later than or as late as the last).
 */
export function demoOrders(store: DemoStore, options: { count: number; days: number; seed: number; now: number }) {
  if (store.products.length === 0 || store.products.some((p) => p.variants.length === 0)) throw new Error('demoOrders: every product needs a variant');
  if (store.couriers.length === 0) throw new Error('demoOrders: no courier');
  const random = seededRandom(options.seed);
  const risky = seededRandom(options.seed + 7_919);
  const visits = seededRandom(options.seed + 104_729);
  const between = (min: number, max: number) => min + random() * (max - min);
  const whole = (min: number, max: number) => Math.floor(between(min, max + 1));
  // The head of a list more often than its tail (the square of a uniform leans to 0).
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * random() * list.length)]!;
  const uniform = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weighted = <T>(list: ReadonlyArray<readonly [T, number]>): T => {
    const total = list.reduce((sum, [, w]) => sum + w, 0);
    let r = random() * total;
    for (const [value, w] of list) if ((r -= w) < 0) return value;
    return list[list.length - 1]![0];
  };
  const digits = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += String(Math.floor(random() * 10));
    return out;
  };
  const token = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += TOKEN_CHARS[Math.floor(random() * TOKEN_CHARS.length)];
    return out;
  };

  const clock = creationTimes(options.count, options.days, options.now, random);
  const buyers: Buyer[] = [];
  // Each new buyer's number is the next of a sequence, spread over the digits by a multiplier
  // prime to 10: no two buyers share a phone (the customer lookup takes one phone for one buyer).
  let buyerNumber = Math.floor(random() * 1_000_000);
  const phoneDigits = (length: number) => String((buyerNumber++ * 7_919_933) % 10 ** length).padStart(length, '0');

  function newBuyer(): Buyer {
    const first = pick(FIRST_NAMES);
    const name = random() < 0.25 ? first : `${first} ${pick(LAST_NAMES)}`;
    const province = weighted(PROVINCE_WEIGHTS);
    const place = CITIES[province];
    const city = place ? pick(place.cities) : `Kota ${province}`;
    const postal = (place?.postal ?? String(whole(2, 9))).padEnd(5, '0').slice(0, 2) + digits(3);
    const village = uniform(DISTRICT_WORDS);
    return {
      name,
      phone: `62${pick(MOBILE_PREFIXES)}${phoneDigits(random() < 0.8 ? 8 : 7)}`,
      email: random() < 0.25 ? `${name.toLowerCase().replace(/ /g, '.')}${whole(1, 999)}@example.com` : null,
      address: `${uniform(STREETS)} No. ${whole(1, 150)}, RT ${String(whole(1, 12)).padStart(2, '0')}/RW ${String(whole(1, 9)).padStart(2, '0')}`,
      village,
      district: uniform(DISTRICT_WORDS.filter((d) => d !== village)),
      city,
      province,
      postalCode: postal,
    };
  }

  function buyer(): Buyer {
    if (buyers.length > 0 && random() < RETURNING_SHARE) return uniform(buyers);
    const fresh = newBuyer();
    if (buyers.length < BUYERS_KEPT) buyers.push(fresh);
    else buyers[Math.floor(random() * BUYERS_KEPT)] = fresh;
    return fresh;
  }

  function shippingFee(courier: DemoCourier, province: string): number {
    const own = courier.fees ? (courier.fees[province] ?? courier.fees['*']) : undefined;
    if (own !== undefined) return own;
    const [min, max] = JAVA_BALI.has(province) ? [9, 18] : FAR_EAST.has(province) ? [38, 75] : [18, 36];
    return whole(min, max) * 1000;
  }

  function resi(courier: string): string {
    const [, prefix, length] = RESI_SHAPES.find(([pattern]) => pattern.test(courier)) ?? [null, 'LPK', 10];
    return `${prefix}${digits(length)}`;
  }

  function adParams(): { params: Record<string, string>; source: string | null; campaign: string | null } {
    if (random() >= UTM_SHARE) return { params: {}, source: null, campaign: null };
    const source = weighted(UTM_SOURCES);
    const campaign = pick(CAMPAIGNS);
    const params: Record<string, string> = { utm_source: source, utm_medium: source === 'google' ? 'cpc' : 'paid_social', utm_campaign: campaign };
    if (random() < 0.3) params.utm_content = `iklan-${whole(1, 12)}`;
    if (source === 'facebook' || source === 'instagram') params.fbclid = `IwAR${token(40)}`;
    if (source === 'google') params.gclid = `Cj0KCQ${token(30)}`;
    return { params, source, campaign };
  }

  function next(): DemoOrder {
    const createdAt = clock();
    const product = pick(store.products);
    const variant = pick(product.variants);
    const quantity = weighted([[1, 75], [2, 15], [3, 6], [4, 2], [5, 2]] as const);
    const who = buyer();
    const courier = pick(store.couriers);
    const fee = shippingFee(courier, who.province);
    const ad = adParams();
    const cs = store.cs.length > 0 && random() < ASSIGNED_SHARE ? uniform(store.cs) : null;

    const history: DemoHistoryEntry[] = [{ field: CREATED_FIELD, old_value: null, new_value: 'pending', created_at: createdAt, by: FROM_FORM }];
    let at = createdAt;
    let assigned: number | null = null;
    if (cs) {
      at += Math.floor(between(1, 30) * MINUTE);
      if (at <= options.now) {
        history.push({ field: ASSIGNED_FIELD, old_value: null, new_value: cs.name, created_at: at });
        assigned = cs.userId;
      }
    }
    const path = PATHS[weighted(FATES)];
    // While pending, before its first move: an automated message and a CS's press, each on some orders.
    const firstMove = path.length > 0 ? at + Math.floor(between(path[0]![1], path[0]![2]) * HOUR) : Number.POSITIVE_INFINITY;
    const followUps: DemoHistoryEntry[] = [];
    const autoAt = createdAt + Math.floor(between(0.5, 2) * HOUR);
    if (random() < AUTO_FOLLOW_UP_SHARE) followUps.push({ field: FOLLOW_UP_FIELD, old_value: null, new_value: 'fu1', created_at: autoAt, by: BY_SYSTEM });
    const pressAt = at + Math.floor((2 + random() ** 2 * 12 * 60) * MINUTE);
    if (cs && assigned !== null && random() < PRESSED_SHARE) followUps.push({ field: FOLLOW_UP_FIELD, old_value: null, new_value: 'fu1', created_at: pressAt, by: { source: 'dashboard', actor: cs.name, actorUserId: cs.userId } });
    const done = followUps.filter((f) => f.created_at < firstMove && f.created_at <= options.now).sort((a, b) => a.created_at - b.created_at);
    history.push(...done);
    let status: OrderStatus = 'pending';
    let waybill: string | null = null;
    let first = true;
    for (const [to, min, max] of path) {
      const when = first ? firstMove : at + Math.floor(between(min, max) * HOUR);
      first = false;
      if (when > options.now) break;
      history.push({ field: 'status', old_value: status, new_value: to, created_at: when });
      // The move to shipped carries its resi, a return (shipped -> cancelled) its reason.
      if (to === 'shipped') {
        waybill = resi(courier.name);
        history.push({ field: 'resi', old_value: null, new_value: waybill, created_at: when });
      }
      if (status === 'shipped' && to === 'cancelled') history.push({ field: 'reason', old_value: null, new_value: uniform(RETURN_REASONS), created_at: when });
      status = to;
      at = when;
    }
    history.sort((a, b) => a.created_at - b.created_at);
    const unitPrice = variant.unitPrice;
    const lastFollowUp = done[done.length - 1];
    return {
      product_id: product.id,
      product_name: product.name,
      variant: variant.label,
      quantity,
      unit_price: unitPrice,
      total: unitPrice * quantity + fee,
      shipping_fee: fee,
      courier: courier.name,
      payment_method: weighted(PAYMENT_WEIGHTS),
      resi: waybill,
      status,
      customer_name: who.name,
      customer_phone: who.phone,
      customer_email: who.email,
      customer_address: who.address,
      customer_village: who.village,
      customer_district: who.district,
      customer_city: who.city,
      customer_province: who.province,
      customer_postal_code: who.postalCode,
      ad_params: JSON.stringify(ad.params),
      utm_source: ad.source,
      utm_campaign: ad.campaign,
      assigned_user_id: assigned,
      created_at: createdAt,
      updated_at: history[history.length - 1]!.created_at,
      history,
      source: 'form',
      follow_up_count: done.length,
      follow_up_last_step: lastFollowUp?.new_value ?? null,
      follow_up_last_at: lastFollowUp?.created_at ?? null,
      follow_up_last_automatic: lastFollowUp?.by === BY_SYSTEM ? 1 : 0,
      first_manual_follow_up_at: done.find((f) => f.by !== BY_SYSTEM)?.created_at ?? null,
      first_auto_follow_up_at: done.find((f) => f.by === BY_SYSTEM)?.created_at ?? null,
      ...milestonesFrom(history),
      flags: FLAG_SHARES.filter(([, share]) => risky() < share).map(([flag]) => ({ flag, reason: DEMO_REASONS[flag], dismissed: risky() < DISMISSED_SHARE })),
      views: Math.round(1 / (CONVERSION.min + visits() * (CONVERSION.max - CONVERSION.min))),
    };
  }

  return { next };
}

/** The first time the history's status (its `created` entry's, then each move's) reached each milestone. */
function milestonesFrom(history: readonly DemoHistoryEntry[]): Milestones {
  const reached: Milestones = { first_closed_at: null, first_paid_at: null, first_shipped_at: null, first_completed_at: null };
  for (const entry of history) {
    if ((entry.field !== CREATED_FIELD && entry.field !== 'status') || entry.new_value === null) continue;
    const m = milestonesOf(entry.new_value, entry.by?.source ?? 'system', entry.created_at);
    for (const column of MILESTONE_COLUMNS) reached[column] ??= m[column];
  }
  return reached;
}

/**
 * The creation times of `count` orders over the `days` days before `now`, ascending: the i-th
 * order falls at the i-th of `count` equal shares of the period's orders, the period weighted
 * by the hour of the day (HOURLY) and growing over time (a store that sells more each month).
 */
function creationTimes(count: number, days: number, now: number, random: () => number): () => number {
  const start = now - days * DAY;
  const hours = days * 24;
  const weights = new Float64Array(hours);
  let total = 0;
  for (let h = 0; h < hours; h++) {
    const hourOfDay = Math.floor(((start + h * HOUR + WIB_OFFSET) % DAY) / HOUR);
    weights[h] = HOURLY[hourOfDay]! * (1 + h / hours);
    total += weights[h]!;
  }
  let hour = 0;
  let before = 0; // the weight of the hours before `hour`
  let i = 0;
  let last = start;
  return () => {
    // Where the i-th order falls in the total weight, jittered within its share.
    const target = ((i + random()) / count) * total;
    i += 1;
    while (hour < hours - 1 && before + weights[hour]! <= target) {
      before += weights[hour]!;
      hour += 1;
    }
    const within = Math.min(1, Math.max(0, (target - before) / weights[hour]!));
    const at = Math.min(now, Math.max(last, Math.floor(start + (hour + within) * HOUR)));
    last = at;
    return at;
  };
}
