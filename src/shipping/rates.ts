// Shipping fees behind one interface. Today the fees are the store's own table (per courier
// and province, `lapak store set-rates`); a courier API (RajaOngkir, Biteship, ...) would be
// another implementation of ShippingRates. The form page and the submit both ask it, and the
// submit recomputes the fee, never trusting the browser.
import type { Db } from '../lib/db/db.js';
import { ANY_PROVINCE } from './provinces.js';

/** courier -> province (or '*') -> fee in rupiah. */
export type RateTable = Record<string, Record<string, number>>;

export interface ShippingRates {
  /** Every courier the store ships with and its fees. */
  table(tenantId: number): Promise<RateTable>;
}

/** The fee of a courier to a province: its own rate, else the courier's '*' rate, else null. */
export function feeFor(table: RateTable, courier: string, province: string): number | null {
  const fees = Object.hasOwn(table, courier) ? table[courier]! : undefined;
  if (!fees) return null;
  if (Object.hasOwn(fees, province)) return fees[province]!;
  return Object.hasOwn(fees, ANY_PROVINCE) ? fees[ANY_PROVINCE]! : null;
}

export function storeRates(db: Db): ShippingRates {
  return {
    async table(tenantId) {
      const rows = await db
        .selectFrom('shipping_rates')
        .select(['courier', 'province', 'fee'])
        .where('tenant_id', '=', tenantId)
        .orderBy('courier')
        .orderBy('province')
        .execute();
      const table: RateTable = {};
      for (const row of rows) (table[row.courier] ??= {})[row.province] = row.fee;
      return table;
    },
  };
}
