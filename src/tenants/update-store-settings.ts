// `lapak store settings --tenant ID < settings.json`: sets the fields present in the JSON
// object (null clears one), leaves the others as they are.
import type { Insertable } from 'kysely';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import type { StoreSettingsTable } from '../lib/db/schema.js';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import {
  GATEWAYS, PAYMENT_METHOD_SETTINGS, loadStoreSettings, maskedSettings, type BankAccount,
} from './store-settings.js';

type Columns = Partial<Omit<Insertable<StoreSettingsTable>, 'tenant_id' | 'updated_at'>>;
type Parse = (value: unknown) => { ok: true; set: Columns } | { ok: false; error: string };

const SECRET_MAX = 200;
const TEMPLATE_MAX = 1000;

const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

const secret = (column: 'midtrans_server_key' | 'xendit_secret_key' | 'xendit_callback_token'): Parse => (v) =>
  v === null || text(v, SECRET_MAX)
    ? { ok: true, set: { [column]: v === null ? null : (v as string).trim() } }
    : { ok: false, error: `${column} must be a non-empty string of at most ${SECRET_MAX} characters, or null` };

function bankAccounts(v: unknown): BankAccount[] | null {
  if (!Array.isArray(v) || v.length > 10) return null;
  const accounts = v.map((a: unknown) => {
    const { bank, number, holder } = (typeof a === 'object' && a !== null ? a : {}) as Record<string, unknown>;
    return text(bank, 50) && typeof number === 'string' && /^[0-9 .-]{4,30}$/.test(number) && text(holder, 100)
      ? { bank: (bank as string).trim(), number: number.trim(), holder: (holder as string).trim() }
      : null;
  });
  return accounts.every((a) => a !== null) ? (accounts as BankAccount[]) : null;
}

const FIELDS: Record<string, Parse> = {
  payment_methods: (v) =>
    Array.isArray(v) && v.length > 0 && new Set(v).size === v.length && v.every((m) => (PAYMENT_METHOD_SETTINGS as readonly unknown[]).includes(m))
      ? { ok: true, set: { payment_methods: JSON.stringify(v) } }
      : { ok: false, error: `payment_methods must be a non-empty list of: ${PAYMENT_METHOD_SETTINGS.join(', ')}` },
  gateway: (v) =>
    v === null || (GATEWAYS as readonly unknown[]).includes(v)
      ? { ok: true, set: { gateway: v as string | null } }
      : { ok: false, error: `gateway must be one of: ${GATEWAYS.join(', ')}, or null` },
  bank_accounts: (v) => {
    const accounts = bankAccounts(v);
    return accounts
      ? { ok: true, set: { bank_accounts: JSON.stringify(accounts) } }
      : { ok: false, error: 'bank_accounts must be a list of at most 10 {bank, number, holder} (number: digits)' };
  },
  whatsapp_number: (v) => {
    if (v === null) return { ok: true, set: { whatsapp_number: null } };
    const phone = typeof v === 'string' ? normalizeIndonesianPhone(v) : null;
    return phone ? { ok: true, set: { whatsapp_number: phone } } : { ok: false, error: 'whatsapp_number must be an Indonesian phone number' };
  },
  thank_you_template: (v) =>
    v === null || text(v, TEMPLATE_MAX)
      ? { ok: true, set: { thank_you_template: v as string | null } }
      : { ok: false, error: `thank_you_template must be a non-empty string of at most ${TEMPLATE_MAX} characters, or null` },
  midtrans_server_key: secret('midtrans_server_key'),
  xendit_secret_key: secret('xendit_secret_key'),
  xendit_callback_token: secret('xendit_callback_token'),
};

export type UpdateSettingsResult = { ok: true; value: ReturnType<typeof maskedSettings> } | { ok: false; error: string };

export async function updateStoreSettings(db: Db, clock: Clock, tenantId: number, input: Record<string, unknown>): Promise<UpdateSettingsResult> {
  let set: Columns = {};
  for (const [field, value] of Object.entries(input)) {
    const parse = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
    if (!parse) return { ok: false, error: `unknown setting: ${field} (known: ${Object.keys(FIELDS).join(', ')})` };
    const parsed = parse(value);
    if (!parsed.ok) return parsed;
    set = { ...set, ...parsed.set };
  }
  if (!(await loadStoreSettings(db, tenantId))) return { ok: false, error: `tenant ${tenantId} not found` };
  const now = clock.now();
  await db
    .insertInto('store_settings')
    .values({ tenant_id: tenantId, ...set, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: now }))
    .execute();
  const settings = await loadStoreSettings(db, tenantId);
  return { ok: true, value: maskedSettings(settings!) };
}
