import type { Db } from '../lib/db/db.js';
import { PROVINCES } from '../shipping/provinces.js';
import { storeRates } from '../shipping/rates.js';
import { loadStoreSettings } from '../tenants/store-settings.js';

export interface ProductChoices {
  payment_methods: string[];
  couriers: string[];
  /** The 38 provinces, in the form's order: the province of an order is chosen among them (every member, a CS included). */
  provinces: string[];
  /** The store's shipping rates (the order form shows them to any buyer): the fee an order entered by hand will get, before it is saved. */
  rates: Array<{ courier: string; province: string; fee: number }>;
}

/** The store's payment methods and couriers (what a product's own choice is a subset of), the provinces and the rates. */
export async function readProductChoices(db: Db, tenantId: number): Promise<ProductChoices> {
  const [settings, table] = await Promise.all([loadStoreSettings(db, tenantId), storeRates(db).table(tenantId)]);
  const rates = Object.entries(table).flatMap(([courier, fees]) => Object.entries(fees).map(([province, fee]) => ({ courier, province, fee })));
  return { payment_methods: settings?.paymentMethods ?? [], couriers: Object.keys(table), provinces: [...PROVINCES], rates };
}
