// Everything the form page and its submit need: the product (by tenant and slug), the
// store's settings and its shipping rates. null when the store is unknown or inactive or
// the product is not in it.
import type { Db } from '../lib/db.js';
import { toProduct, type Product } from '../products/product-record.js';
import type { RateTable, ShippingRates } from '../shipping/rates.js';
import { loadStoreSettings, offeredPaymentMethods, type OrderPaymentMethod, type StoreSettings } from '../tenants/store-settings.js';

export interface OrderForm {
  product: Product;
  settings: StoreSettings;
  rates: RateTable;
  paymentMethods: OrderPaymentMethod[];
}

export async function loadOrderForm(db: Db, rates: ShippingRates, tenantId: number, slug: string): Promise<OrderForm | null> {
  const settings = await loadStoreSettings(db, tenantId);
  if (!settings || !settings.active) return null;
  const row = await db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId).where('slug', '=', slug).executeTakeFirst();
  if (!row) return null;
  return { product: toProduct(row), settings, rates: await rates.table(tenantId), paymentMethods: offeredPaymentMethods(settings) };
}
