// `lapak store set-rates --tenant ID < rates.json`: replaces the store's whole rate table
// with [{courier, province, fee}], in the caller's transaction. province is one of the 38
// provinces or '*' (every province without its own rate).
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { ANY_PROVINCE, isProvince } from './provinces.js';

export interface RateInput {
  courier: string;
  province: string;
  fee: number;
}

export type SetRatesCode = 'invalid_rates' | 'invalid_courier' | 'invalid_province' | 'invalid_fee' | 'duplicate_rate' | 'tenant_not_found';

const COURIER_MAX = 40;
const MAX_RATES = 2000;

/** The whole list checked, courier names trimmed; nothing written. */
export function parseRates(input: unknown): Outcome<RateInput[], Exclude<SetRatesCode, 'tenant_not_found'>> {
  if (!Array.isArray(input) || input.length > MAX_RATES) return refuse('invalid_rates', `rates must be a list of at most ${MAX_RATES} {courier, province, fee}`);
  const seen = new Set<string>();
  const rates: RateInput[] = [];
  for (const [i, item] of input.entries()) {
    const { courier, province, fee } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof courier !== 'string' || courier.trim() === '' || courier.trim().length > COURIER_MAX) {
      return refuse('invalid_courier', `rates[${i}].courier must be a name of 1 to ${COURIER_MAX} characters`);
    }
    if (typeof province !== 'string' || (province !== ANY_PROVINCE && !isProvince(province))) {
      return refuse('invalid_province', `rates[${i}].province must be one of the 38 provinces (e.g. "Jawa Barat") or "*"`);
    }
    if (typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee < 0) {
      return refuse('invalid_fee', `rates[${i}].fee must be a whole number of rupiah, 0 or more`);
    }
    const key = `${courier.trim()}\u0000${province}`;
    if (seen.has(key)) return refuse('duplicate_rate', `rates[${i}]: ${courier.trim()} to ${province} is listed twice`);
    seen.add(key);
    rates.push({ courier: courier.trim(), province, fee });
  }
  return succeed(rates);
}

/** Validates the whole list, then replaces the table: the delete and the inserts commit together. */
export async function setRates(tx: Tx, tenantId: number, input: unknown): Promise<Outcome<{ rates: number }, SetRatesCode>> {
  const parsed = parseRates(input);
  if (!parsed.ok) return parsed;
  const tenant = await tx.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  await replaceRates(tx, tenantId, parsed.value);
  return succeed({ rates: parsed.value.length });
}

/** The store's rate table becomes exactly `rates`. */
export async function replaceRates(tx: Tx, tenantId: number, rates: readonly RateInput[]): Promise<void> {
  await tx.deleteFrom('shipping_rates').where('tenant_id', '=', tenantId).execute();
  if (rates.length > 0) await tx.insertInto('shipping_rates').values(rates.map((r) => ({ tenant_id: tenantId, ...r }))).execute();
}
