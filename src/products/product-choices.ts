import type { Db } from '../lib/db/db.js';
import { storeRates } from '../shipping/rates.js';
import { loadStoreSettings } from '../tenants/store-settings.js';

/** The store's payment methods and couriers: what a product's own choice is a subset of. */
export async function readProductChoices(db: Db, tenantId: number): Promise<{ payment_methods: string[]; couriers: string[] }> {
  const [settings, rates] = await Promise.all([loadStoreSettings(db, tenantId), storeRates(db).table(tenantId)]);
  return { payment_methods: settings?.paymentMethods ?? [], couriers: Object.keys(rates) };
}
