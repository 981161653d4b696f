// `lapak store set-rates --tenant ID < rates.json`: replaces the store's whole rate table
// with [{courier, province, fee}], in one transaction. province is one of the 38 provinces
// or '*' (every province without its own rate).
import type { Db, Tx } from '../lib/db/db.js';
import { ANY_PROVINCE, isProvince } from './provinces.js';

export interface RateInput {
  courier: string;
  province: string;
  fee: number;
}

export type SetRatesResult = { ok: true; value: { rates: number } } | { ok: false; error: string };

const COURIER_MAX = 40;
const MAX_RATES = 2000;

function parseRates(input: unknown): { ok: true; value: RateInput[] } | { ok: false; error: string } {
  if (!Array.isArray(input) || input.length > MAX_RATES) return { ok: false, error: `rates must be a list of at most ${MAX_RATES} {courier, province, fee}` };
  const seen = new Set<string>();
  const rates: RateInput[] = [];
  for (const [i, item] of input.entries()) {
    const { courier, province, fee } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof courier !== 'string' || courier.trim() === '' || courier.trim().length > COURIER_MAX) {
      return { ok: false, error: `rates[${i}].courier must be a name of 1 to ${COURIER_MAX} characters` };
    }
    if (typeof province !== 'string' || (province !== ANY_PROVINCE && !isProvince(province))) {
      return { ok: false, error: `rates[${i}].province must be one of the 38 provinces (e.g. "Jawa Barat") or "*"` };
    }
    if (typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee < 0) {
      return { ok: false, error: `rates[${i}].fee must be a whole number of rupiah, 0 or more` };
    }
    const key = `${courier.trim()}\u0000${province}`;
    if (seen.has(key)) return { ok: false, error: `rates[${i}]: ${courier.trim()} to ${province} is listed twice` };
    seen.add(key);
    rates.push({ courier: courier.trim(), province, fee });
  }
  return { ok: true, value: rates };
}

export async function setRates(db: Db, tenantId: number, input: unknown): Promise<SetRatesResult> {
  const parsed = parseRates(input);
  if (!parsed.ok) return parsed;
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return { ok: false, error: `tenant ${tenantId} not found` };
  await db.transaction().execute((tx) => replaceRates(tx, tenantId, parsed.value));
  return { ok: true, value: { rates: parsed.value.length } };
}

/** The store's rate table becomes exactly `rates`. */
export async function replaceRates(tx: Tx, tenantId: number, rates: readonly RateInput[]): Promise<void> {
  await tx.deleteFrom('shipping_rates').where('tenant_id', '=', tenantId).execute();
  if (rates.length > 0) await tx.insertInto('shipping_rates').values(rates.map((r) => ({ tenant_id: tenantId, ...r }))).execute();
}
