// A demo store: products of every variant shape, orders in every state, one key per purpose
// the dashboard offers (plus one for the product endpoints), and messaging automation through
// the sandbox (fu1, fu2 and the four status notices; docs/messaging.md), in the caller's
// transaction.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { valueOf } from '../lib/outcome.js';
import { issueKey } from '../api-keys/issue-key.js';
import { createOrder } from '../orders/core/create-order.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { createProduct } from '../products/create-product.js';
import { saveAutomation, type AutomationPatch } from '../messaging/save-automation.js';
import { replaceRates, type RateInput } from '../shipping/set-rates.js';
import { createTenant } from '../tenants/create-tenant.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { updateStoreSettings } from '../tenants/update-store-settings.js';

const KEYS = [
  { name: 'Customer lookup', scopes: ['customers:read'] },
  { name: 'Order status', scopes: ['orders:read', 'orders.status:write'] },
  { name: 'Order status + customer data', scopes: ['orders:read', 'orders.status:write', 'customers:read'] },
  { name: 'Products', scopes: ['products:read', 'products:write'] },
];

const PRODUCTS = [
  { name: 'Madu Hutan 500 ml', price: 85000, sale_price: 120000 },
  {
    name: 'Hijab Voal Premium',
    price: 65000,
    variants: [{ dimension: 'Warna', options: ['Hitam', 'Navy', 'Mocca'] }],
    variant_prices: [65000, 65000, 70000],
    variant_display: 'small',
  },
  {
    name: 'Kaos Polos Cotton Combed',
    price: 75000,
    sale_price: 99000,
    variants: [
      { dimension: 'Warna', options: ['Hitam', 'Putih'] },
      { dimension: 'Ukuran', options: ['M', 'L', 'XL'] },
    ],
    variant_prices: [[75000, 75000, 80000], [75000, 75000, 80000]],
    variant_compare_prices: [[99000, 99000, 105000], [0, 0, 0]],
  },
];

// The order form works out of the box: transfer and COD, and the store's own shipping rates.
const SETTINGS = {
  payment_methods: ['bank_transfer', 'cod'],
  bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Demo Lapak' }, { bank: 'Mandiri', number: '1370012345678', holder: 'Toko Demo Lapak' }],
  whatsapp_number: '0812-0000-1111',
};

const RATES: RateInput[] = [
  { courier: 'JNE REG', province: 'DKI Jakarta', fee: 10000 },
  { courier: 'JNE REG', province: 'Jawa Barat', fee: 12000 },
  { courier: 'JNE REG', province: 'Banten', fee: 12000 },
  { courier: 'JNE REG', province: 'Jawa Tengah', fee: 16000 },
  { courier: 'JNE REG', province: 'Jawa Timur', fee: 18000 },
  { courier: 'JNE REG', province: '*', fee: 35000 },
  { courier: 'J&T EZ', province: 'DKI Jakarta', fee: 9000 },
  { courier: 'J&T EZ', province: 'Jawa Barat', fee: 11000 },
  { courier: 'J&T EZ', province: '*', fee: 33000 },
  { courier: 'SiCepat REG', province: '*', fee: 25000 },
];

const BUYERS = [
  { name: 'Siti Aminah', phone: '081234567890', city: 'Bandung', province: 'Jawa Barat', postal_code: '40123' },
  { name: 'Budi Santoso', phone: '+62 813-1111-2222', city: 'Surabaya', province: 'Jawa Timur', postal_code: '60111' },
  { name: 'Rina Wulandari', phone: '6285700001111', city: 'Makassar', province: 'Sulawesi Selatan', postal_code: '90111' },
];

/** The sandbox, sending nothing: a newcomer sees the follow-ups and notices in its outbox at once (quiet hours as default). */
const AUTOMATION: AutomationPatch = {
  provider: 'sandbox',
  steps: { fu1: { on: true }, fu2: { on: true }, closing: { on: true }, paid: { on: true }, shipped: { on: true }, cancelled: { on: true } },
};

/** `timeZone`: the server's (the demo store sets none of its own), which messaging plans in. */
export async function createDemo(tx: Tx, clock: Clock, sealer: Sealer, timeZone: string) {
  const { id: tenantId } = valueOf(await createTenant(tx, clock, { name: 'Toko Demo Lapak' }));
  valueOf(await updateStoreSettings(tx, clock, sealer, tenantId, SETTINGS));
  await replaceRates(tx, tenantId, RATES);
  // Before the orders: each is then planned from the change feed as any new order is.
  valueOf(await saveAutomation(tx, tenantId, AUTOMATION, clock.now(), timeZone));
  const keys = [];
  for (const spec of KEYS) {
    const issued = valueOf(await issueKey(tx, clock, tenantId, { name: spec.name, scopes: spec.scopes, expiresAt: null }));
    keys.push({ name: spec.name, scopes: issued.scopes, key: issued.key });
  }
  const products = [];
  for (const input of PRODUCTS) {
    const created = await createProduct(tx, clock, tenantId, input);
    if (!created.ok) throw new Error(created.failure.error);
    products.push({ id: created.value.id, name: created.value.name, slug: created.value.slug });
  }
  const variantOf = ['', 'Navy', 'Hitam / L'];
  const orders = [];
  for (const [i, status] of ORDER_STATUSES.entries()) {
    const buyer = BUYERS[i % BUYERS.length]!;
    const productIndex = i % products.length;
    const created = await createOrder(tx, clock, tenantId, {
      product_id: products[productIndex]!.id,
      variant: variantOf[productIndex],
      quantity: 1 + (i % 2),
      shipping_fee: 18000,
      courier: 'JNE REG',
      payment_method: 'bank_transfer',
      status,
      resi: ['shipped', 'completed'].includes(status) ? `JNE00${i}1234567` : undefined,
      customer: { ...buyer, address: `Jl. Merdeka No. ${i + 1}`, village: 'Sukamaju', district: 'Cibeunying' },
    }, { source: 'system', actor: 'system' });
    orders.push({ id: valueOf(created).id, status });
  }
  return { tenant_id: tenantId, keys, products, orders };
}
