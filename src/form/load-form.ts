// What the form's pages need: the product (by tenant and slug) and the store's settings;
// the form page and its submit also the store's shipping rates. null when the store is
// unknown or inactive or the product is not in it.
import type { Db } from '../lib/db/db.js';
import { toProduct, type Product } from '../products/product-record.js';
import type { RateTable, ShippingRates } from '../shipping/rates.js';
import { loadStoreSettings, offeredPaymentMethods, type OrderPaymentMethod, type StoreSettings } from '../tenants/store-settings.js';

export interface FormProduct {
  product: Product;
  settings: StoreSettings;
}

export interface OrderForm extends FormProduct {
  rates: RateTable;
  paymentMethods: OrderPaymentMethod[];
}

/** The product and its store's settings (all the thank-you page needs). */
export async function loadFormProduct(db: Db, tenantId: number, slug: string): Promise<FormProduct | null> {
  const settings = await loadStoreSettings(db, tenantId);
  if (!settings || !settings.active) return null;
  const row = await db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId).where('slug', '=', slug).executeTakeFirst();
  if (!row) return null;
  return { product: toProduct(row), settings };
}

export async function loadOrderForm(db: Db, rates: ShippingRates, tenantId: number, slug: string): Promise<OrderForm | null> {
  const found = await loadFormProduct(db, tenantId, slug);
  if (!found) return null;
  return { ...found, rates: await rates.table(tenantId), paymentMethods: offeredPaymentMethods(found.settings) };
}
