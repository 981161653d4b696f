// Shared pieces of the order form and payment tests: a store that takes orders, a valid
// filled-in form, and reading the form token out of a rendered page.
import type { AppContext } from '../src/context.js';
import type { Clock } from '../src/lib/clock.js';
import { replaceRates } from '../src/shipping/set-rates.js';
import { updateStoreSettings } from '../src/tenants/update-store-settings.js';
import { seedProduct, seedStore, type Store } from './helpers.js';

type Ctx = { db: AppContext['db']; clock: Clock; sealer: AppContext['sealer'] };

export const RATES = [
  { courier: 'JNE REG', province: 'Jawa Barat', fee: 12000 },
  { courier: 'JNE REG', province: '*', fee: 30000 },
  { courier: 'Kurir Lokal', province: 'DKI Jakarta', fee: 8000 },
];

export const KAOS = {
  name: 'Kaos Polos',
  price: 50000,
  sale_price: 99000,
  variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L', 'XL'] }],
  variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]],
  variant_compare_prices: [[70000, 0, 0], [0, 0, 80000]],
  meta_pixel_id: '123456789012345',
  gtm_id: 'GTM-ABC1234',
};

export async function seedFormStore(ctx: Ctx, settings: Record<string, unknown> = {}, name = 'Toko Form'): Promise<Store> {
  const store = await seedStore(ctx, { reader: { scopes: ['orders:read', 'customers:read', 'products:read'] } }, { name });
  const updated = await updateStoreSettings(ctx.db, ctx.clock, ctx.sealer, store.tenantId, {
    payment_methods: ['bank_transfer', 'cod'],
    bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Form' }],
    whatsapp_number: '0812-9999-0000',
    ...settings,
  });
  if (!updated.ok) throw new Error(updated.message);
  await ctx.db.transaction().execute((tx) => replaceRates(tx, store.tenantId, RATES));
  return store;
}

export const seedKaos = (ctx: Ctx, tenantId: number, extra: Record<string, unknown> = {}) => seedProduct(ctx, tenantId, { ...KAOS, ...extra });

export const BUYER = {
  name: 'Siti Aminah',
  phone: '0812-3456-7890',
  email: 'siti@example.com',
  address: 'Jl. Melati No. 5, RT 01/RW 02',
  village: 'Sukamaju',
  district: 'Cibeunying Kaler',
  city: 'Bandung',
  province: 'Jawa Barat',
  postal_code: '40123',
};

export function formBody(token: string, overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    v0: '1', v1: '2', quantity: '2', ...BUYER, courier: 'JNE REG', payment_method: 'bank_transfer', token, website: '', ...overrides,
  }).toString();
}

export function tokenOf(html: string): string {
  const match = /name="token" value="([0-9a-f]{32})"/.exec(html);
  if (!match) throw new Error('no form token in the page');
  return match[1]!;
}
