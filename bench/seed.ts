// Seeds a migrated database for the benchmark: stores, products and keys through the
// services, and the orders with batched multi-row inserts (the services insert one row
// per statement, far too slow for 100,000 orders). Works on any backend Kysely drives.
import type { Insertable } from 'kysely';
import { issueKey } from '../src/api-keys/issue-key.js';
import type { Clock } from '../src/lib/clock.js';
import type { Db } from '../src/lib/db/db.js';
import { valueOf } from '../src/lib/outcome.js';
import type { OrderTable } from '../src/lib/db/schema.js';
import { ORDER_STATUSES, type OrderStatus } from '../src/orders/core/statuses.js';
import { milestonesOf } from '../src/orders/core/milestones.js';
import { createProduct } from '../src/products/create-product.js';
import type { Product } from '../src/products/product-record.js';
import { parseVariant, unitPrice } from '../src/products/variant-prices.js';
import { createTenant } from '../src/tenants/create-tenant.js';
import { seededRandom } from '../src/demo/demo-orders.js';

export interface Seeded {
  tenantId: number;
  /** Key of the benchmarked store holding orders:read. */
  readKey: string;
  /** Key of the benchmarked store holding orders.status:write. */
  writeKey: string;
  /** Key of the benchmarked store holding customers:read (the customer lookup). */
  lookupKey: string;
  /** Key of the benchmarked store holding products:read (the product embed). */
  embedKey: string;
  /** Customer phones of the benchmarked store's orders (a sample, each with at least one order). */
  phones: string[];
  /** The benchmarked store's product ids. */
  productIds: number[];
  /** Every order id of the benchmarked store. */
  orderIds: number[];
  /** The benchmarked store's orders in pending or closing, with that status. */
  toggleable: Array<{ id: number; status: 'pending' | 'closing' }>;
  counts: Record<OrderStatus, number>;
  totalOrders: number;
  seconds: number;
}

// 24 columns a row; 1,000 rows is 24,000 variables, under SQLite's 32,766 (and
// PostgreSQL's 65,535).
const ROWS_PER_STATEMENT = 1_000;
const STATEMENTS_PER_TRANSACTION = 10;
const DAY_MS = 86_400_000;
// Phones kept for the customer lookup scenario: the first orders' buyers.
const PHONES_KEPT = 4_096;


const FIRST = ['Siti', 'Budi', 'Rina', 'Agus', 'Dewi', 'Ahmad', 'Nur', 'Eko', 'Sri', 'Putri', 'Rizky', 'Fajar', 'Indah', 'Yusuf', 'Lestari', 'Hendra', 'Wahyu', 'Ayu', 'Dian', 'Bayu'];
const LAST = ['Aminah', 'Santoso', 'Wulandari', 'Saputra', 'Lestari', 'Hidayat', 'Rahmawati', 'Prasetyo', 'Handayani', 'Kurniawan', 'Susanti', 'Nugroho', 'Siregar', 'Nasution', 'Pratama', 'Harahap'];
const STREETS = ['Jl. Merdeka', 'Jl. Melati', 'Jl. Sudirman', 'Jl. Diponegoro', 'Jl. Kenanga', 'Gg. Mawar', 'Jl. Ahmad Yani', 'Jl. Pahlawan', 'Perum Griya Asri Blok C', 'Jl. Raya Bogor'];
const PLACES = [
  { village: 'Sukamaju', district: 'Cibeunying Kidul', city: 'Kota Bandung', province: 'Jawa Barat', postal: '40121' },
  { village: 'Gubeng', district: 'Gubeng', city: 'Kota Surabaya', province: 'Jawa Timur', postal: '60281' },
  { village: 'Panakkukang', district: 'Panakkukang', city: 'Kota Makassar', province: 'Sulawesi Selatan', postal: '90231' },
  { village: 'Kebon Jeruk', district: 'Kebon Jeruk', city: 'Kota Jakarta Barat', province: 'DKI Jakarta', postal: '11530' },
  { village: 'Caturtunggal', district: 'Depok', city: 'Kabupaten Sleman', province: 'DI Yogyakarta', postal: '55281' },
  { village: 'Petisah Tengah', district: 'Medan Petisah', city: 'Kota Medan', province: 'Sumatera Utara', postal: '20112' },
  { village: 'Tembalang', district: 'Tembalang', city: 'Kota Semarang', province: 'Jawa Tengah', postal: '50275' },
  { village: 'Dauh Puri', district: 'Denpasar Barat', city: 'Kota Denpasar', province: 'Bali', postal: '80113' },
];
const MOBILE_PREFIXES = ['811', '812', '813', '821', '822', '852', '853', '857', '858', '877', '878', '881', '895', '896'];
const COURIERS = ['JNE REG', 'J&T EZ', 'SiCepat REG', 'AnterAja', 'Ninja Xpress', 'POS Kilat'];
const PAYMENTS = ['bank_transfer', 'cod', 'qris', 'ewallet'];
const UTM_SOURCES = ['facebook', 'instagram', 'tiktok', 'google'];

const PRODUCTS = [
  { name: 'Madu Hutan 500 ml', price: 85000, sale_price: 120000 },
  {
    name: 'Hijab Voal Premium',
    price: 65000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Navy', 'Mocca'] }],
    variant_prices: [65000, 65000, 70000],
  },
  {
    name: 'Kaos Polos Cotton Combed',
    price: 75000,
    variants: [
      { dimension: 'Warna', options: ['Hitam', 'Putih'] },
      { dimension: 'Ukuran', options: ['M', 'L', 'XL'] },
    ],
    variant_prices: [[75000, 75000, 80000], [75000, 75000, 80000]],
  },
];
// Which variants of each product above get ordered (checked against its options when seeding).
const VARIANTS = [[''], ['Hitam', 'Navy', 'Mocca'], ['Hitam / M', 'Putih / L', 'Hitam / XL', 'Putih / M']];

interface SeedProduct {
  id: number;
  name: string;
  /** Variant label and its charged unit price, as createOrder computes it. */
  variants: Array<[string, number]>;
}

function seedProduct(product: Product, labels: string[]): SeedProduct {
  const variants = labels.map((label): [string, number] => {
    const indexes = parseVariant(label, product.variants);
    if (indexes === null) throw new Error(`seeding: "${label}" is no variant of ${product.name}`);
    return [label, unitPrice(product, indexes)];
  });
  return { id: product.id, name: product.name, variants };
}

/** Mostly pending and closing (the states the PATCH toggles), some of each other state. */
function pickStatus(r: number): OrderStatus {
  if (r < 0.48) return 'pending';
  if (r < 0.95) return 'closing';
  const others = ORDER_STATUSES.filter((s) => s !== 'pending' && s !== 'closing');
  return others[Math.floor(((r - 0.95) / 0.05) * others.length)] ?? 'completed';
}

function orderRow(random: () => number, tenantId: number, products: SeedProduct[], now: number): Insertable<OrderTable> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const product = pick(products);
  const [variant, price] = pick(product.variants);
  const quantity = random() < 0.8 ? 1 : 2 + Math.floor(random() * 3);
  const shippingFee = 9000 + 1000 * Math.floor(random() * 20);
  const status = pickStatus(random());
  const first = pick(FIRST);
  const last = pick(LAST);
  const place = pick(PLACES);
  const createdAt = now - Math.floor(random() * 90 * DAY_MS);
  const phoneDigits = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
  const courier = pick(COURIERS);
  return {
    tenant_id: tenantId,
    product_id: product.id,
    product_name: product.name,
    variant,
    quantity,
    unit_price: price,
    total: price * quantity + shippingFee,
    shipping_fee: shippingFee,
    courier,
    payment_method: pick(PAYMENTS),
    resi: status === 'shipped' || status === 'completed' ? `${courier.slice(0, 3).toUpperCase()}${Math.floor(random() * 1e12)}` : null,
    status,
    customer_name: `${first} ${last}`,
    customer_phone: `62${pick(MOBILE_PREFIXES)}${phoneDigits}`,
    customer_email: random() < 0.4 ? `${first}.${last}${Math.floor(random() * 100)}@example.com`.toLowerCase() : null,
    customer_address: `${pick(STREETS)} No. ${1 + Math.floor(random() * 150)}, RT ${String(1 + Math.floor(random() * 9)).padStart(2, '0')}/RW ${String(1 + Math.floor(random() * 12)).padStart(2, '0')}`,
    customer_village: place.village,
    customer_district: place.district,
    customer_city: place.city,
    customer_province: place.province,
    customer_postal_code: place.postal,
    ad_params: JSON.stringify(random() < 0.6 ? { utm_source: pick(UTM_SOURCES), utm_medium: 'cpc', utm_campaign: 'promo-gajian' } : {}),
    created_at: createdAt,
    updated_at: createdAt,
    // The milestones an order created in its status carries (as insertOrder sets them).
    ...milestonesOf(status, null, createdAt),
  };
}

// The store works with a fulfilment integration, so every move to closing also runs the
// completeness check (the seeded orders are complete).
async function seedStore(db: Db, clock: Clock, name: string): Promise<{ tenantId: number; products: SeedProduct[] }> {
  const { id: tenantId } = valueOf(await createTenant(db, clock, { name, shippingIntegration: 'bench-fulfilment' }));
  const products: SeedProduct[] = [];
  for (const [i, input] of PRODUCTS.entries()) {
    const created = await createProduct(db, clock, tenantId, input);
    if (!created.ok) throw new Error(`seeding product: ${created.failure.error}`);
    products.push(seedProduct(created.value, VARIANTS[i]!));
  }
  return { tenantId, products };
}

async function issue(db: Db, clock: Clock, tenantId: number, name: string, scopes: string[]): Promise<string> {
  const issued = await issueKey(db, clock, tenantId, { name, scopes, expiresAt: null });
  if (!issued.ok) throw new Error(`seeding key: ${issued.message}`);
  return issued.value.key;
}

/**
 * Two stores (the benchmarked one holds 90 % of the orders; the other one makes the
 * tenant filter do real work), three products each, `totalOrders` orders in all.
 */
export async function seed(db: Db, clock: Clock, totalOrders: number): Promise<Seeded> {
  const started = process.hrtime.bigint();
  const random = seededRandom(20_260_115);
  const main = await seedStore(db, clock, 'Toko Bench');
  const other = await seedStore(db, clock, 'Toko Tetangga');
  const readKey = await issue(db, clock, main.tenantId, 'Bench order status read', ['orders:read']);
  const writeKey = await issue(db, clock, main.tenantId, 'Bench order status write', ['orders.status:write']);
  const lookupKey = await issue(db, clock, main.tenantId, 'Bench customer lookup', ['customers:read']);
  const embedKey = await issue(db, clock, main.tenantId, 'Bench product embed', ['products:read']);
  await issue(db, clock, other.tenantId, 'Tetangga order status', ['orders:read', 'orders.status:write']);

  const now = clock.now();
  const orderIds: number[] = [];
  const phones: string[] = [];
  const toggleable: Seeded['toggleable'] = [];
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let inserted = 0;
  while (inserted < totalOrders) {
    await db.transaction().execute(async (tx) => {
      for (let s = 0; s < STATEMENTS_PER_TRANSACTION && inserted < totalOrders; s++) {
        const n = Math.min(ROWS_PER_STATEMENT, totalOrders - inserted);
        const rows = Array.from({ length: n }, () => {
          const store = random() < 0.9 ? main : other;
          return orderRow(random, store.tenantId, store.products, now);
        });
        const created = await tx.insertInto('orders').values(rows).returning(['id', 'tenant_id', 'status', 'customer_phone']).execute();
        if (created.length !== n) throw new Error(`inserted ${created.length} of ${n} orders`);
        for (const { id, tenant_id, status, customer_phone } of created) {
          if (tenant_id !== main.tenantId) continue;
          orderIds.push(id);
          if (phones.length < PHONES_KEPT) phones.push(customer_phone);
          counts[status as OrderStatus] += 1;
          if (status === 'pending' || status === 'closing') toggleable.push({ id, status });
        }
        inserted += n;
      }
    });
  }
  return {
    tenantId: main.tenantId,
    readKey,
    writeKey,
    lookupKey,
    embedKey,
    phones,
    productIds: main.products.map((p) => p.id),
    orderIds,
    toggleable,
    counts,
    totalOrders: inserted,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}
