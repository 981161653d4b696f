// `lapak store settings --tenant ID < settings.json`: sets the fields present in the JSON
// object (null clears one), leaves the others as they are. Most are the store_settings row's;
// time_zone and unique_code are the tenants row's. Every field is checked before the first write; the caller
// runs it in one transaction (the CLI, and the dashboard's saveSettings).
import type { Insertable } from 'kysely';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { StoreSettingsTable } from '../lib/db/schema.js';
import { PHONE_LETTERS_PROBLEM } from '../lib/http/messages.js';
import { hasLetters, normalizeIndonesianPhone } from '../lib/phone.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { parseTimeZone } from './store-time-zone.js';
import { parseSenderAddress, SENDER_ADDRESS_PROBLEM } from '../shipping/sender-address.js';
import {
  GATEWAYS, PAYMENT_METHOD_SETTINGS, STORE_SECRET_COLUMNS, loadStoreSettings, maskedSettings, storeSecretBinding, type BankAccount, type StoreSecretColumn,
} from './store-settings.js';

// The store_settings row's columns, and time_zone and unique_code, which are the tenants row's.
type Columns = Partial<Omit<Insertable<StoreSettingsTable>, 'tenant_id' | 'updated_at'>> & { time_zone?: string | null; unique_code?: number };

/** How a setting's value becomes columns (null: refused), and what a refusal says. */
interface Rule {
  parse: (value: unknown) => Columns | null;
  problem: string;
  /** A phone's rule: a value holding a letter is refused as phone_letters, which says so (issue 40 §1). */
  phone?: true;
}


const SECRET_MAX = 200;
const TEMPLATE_MAX = 1000;

const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/** null clears `column`; a string is stored as `normalise` gives it back (null: refused). */
const normalised = (column: 'whatsapp_number' | 'time_zone', normalise: (v: string) => string | null, problem: string): Rule => ({
  parse: (v) => {
    if (v === null) return { [column]: null };
    const value = typeof v === 'string' ? normalise(v) : null;
    return value ? { [column]: value } : null;
  },
  problem,
});

const secret = (column: StoreSecretColumn, max = SECRET_MAX): Rule => ({
  parse: (v) => (v === null || text(v, max) ? { [column]: v === null ? null : (v as string).trim() } : null),
  problem: `${column} must be a non-empty string of at most ${max} characters, or null`,
});

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

/**
 * The one rule of a WhatsApp number: the store's (here) and a member's own (PATCH /dashboard/api/me,
 * accounts/set-whatsapp-number.ts). null clears it; a string is stored as international digits
 * (62...), normalised from any written form; anything else is refused (parse gives null).
 */
export const WHATSAPP_NUMBER_RULE: Rule = { ...normalised('whatsapp_number', normalizeIndonesianPhone, 'whatsapp_number must be an Indonesian phone number'), phone: true };

/** The code of a refused value of `rule`: a phone holding a letter is phone_letters. */
export const refusalOf = <F extends string>(field: F, rule: Rule, value: unknown): `invalid_${F}` | 'phone_letters' =>
  rule.phone && typeof value === 'string' && hasLetters(value) ? 'phone_letters' : `invalid_${field}`;

const FIELDS = {
  payment_methods: {
    parse: (v) =>
      Array.isArray(v) && v.length > 0 && new Set(v).size === v.length && v.every((m) => (PAYMENT_METHOD_SETTINGS as readonly unknown[]).includes(m))
        ? { payment_methods: JSON.stringify(v) }
        : null,
    problem: `payment_methods must be a non-empty list of: ${PAYMENT_METHOD_SETTINGS.join(', ')}`,
  },
  gateway: {
    parse: (v) => (v === null || (GATEWAYS as readonly unknown[]).includes(v) ? { gateway: v as string | null } : null),
    problem: `gateway must be one of: ${GATEWAYS.join(', ')}, or null`,
  },
  bank_accounts: {
    parse: (v) => {
      const accounts = bankAccounts(v);
      return accounts ? { bank_accounts: JSON.stringify(accounts) } : null;
    },
    problem: 'bank_accounts must be a list of at most 10 {bank, number, holder} (number: digits)',
  },
  whatsapp_number: WHATSAPP_NUMBER_RULE,
  sender_address: {
    parse: (v) => {
      if (v === null) return { sender_address: null };
      const address = parseSenderAddress(v);
      return address ? { sender_address: JSON.stringify(address) } : null;
    },
    problem: SENDER_ADDRESS_PROBLEM,
  },
  thank_you_template: {
    parse: (v) => (v === null || text(v, TEMPLATE_MAX) ? { thank_you_template: v as string | null } : null),
    problem: `thank_you_template must be a non-empty string of at most ${TEMPLATE_MAX} characters, or null`,
  },
  // On the tenants row.
  unique_code: {
    parse: (v) => (typeof v === 'boolean' ? { unique_code: v ? 1 : 0 } : null),
    problem: 'unique_code must be true or false',
  },
  midtrans_server_key: secret('midtrans_server_key'),
  xendit_secret_key: secret('xendit_secret_key'),
  xendit_callback_token: secret('xendit_callback_token'),
  whatsapp_access_token: secret('whatsapp_access_token', 1000),
  fonnte_token: secret('fonnte_token'),
  // On the tenants row.
  time_zone: normalised('time_zone', parseTimeZone, 'time_zone must be an IANA time zone name, e.g. Asia/Jakarta, or null'),
} satisfies Record<string, Rule>;

type Setting = keyof typeof FIELDS;
const isSetting = (field: string): field is Setting => Object.hasOwn(FIELDS, field);

export type UpdateSettingsCode = 'unknown_setting' | `invalid_${Setting}` | 'phone_letters' | 'tenant_not_found';

/** Secrets are stored sealed (lib/secrets), bound to this store's row and column. */
export async function updateStoreSettings(
  db: Db,
  clock: Clock,
  sealer: Sealer,
  tenantId: number,
  input: Record<string, unknown>,
): Promise<Outcome<ReturnType<typeof maskedSettings>, UpdateSettingsCode>> {
  let columns: Columns = {};
  for (const [field, value] of Object.entries(input)) {
    if (!isSetting(field)) return refuse('unknown_setting', `unknown setting: ${field} (known: ${Object.keys(FIELDS).join(', ')})`);
    const rule: Rule = FIELDS[field];
    const parsed = rule.parse(value);
    if (!parsed) {
      const code = refusalOf(field, rule, value);
      return refuse(code, code === 'phone_letters' ? PHONE_LETTERS_PROBLEM(field) : rule.problem);
    }
    columns = { ...columns, ...parsed };
  }
  // time_zone and unique_code go to the tenants row, the rest to store_settings.
  const { time_zone: timeZone, unique_code: uniqueCode, ...settingsColumns } = columns;
  const tenantColumns = { ...(timeZone !== undefined ? { time_zone: timeZone } : {}), ...(uniqueCode !== undefined ? { unique_code: uniqueCode } : {}) };
  let set = settingsColumns;
  if (!(await loadStoreSettings(db, tenantId))) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  for (const column of STORE_SECRET_COLUMNS) {
    const value = set[column];
    if (typeof value === 'string') set = { ...set, [column]: sealer.seal(value, storeSecretBinding(tenantId, column)) };
  }
  const now = clock.now();
  // The store_settings row only for its own fields: a saved row tells the home checklist that
  // payments were chosen, which a time zone or the unique code alone does not.
  if (Object.keys(set).length > 0 || Object.keys(tenantColumns).length === 0) {
    await db
      .insertInto('store_settings')
      .values({ tenant_id: tenantId, ...set, updated_at: now })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: now }))
      .execute();
  }
  if (Object.keys(tenantColumns).length > 0) await db.updateTable('tenants').set(tenantColumns).where('id', '=', tenantId).execute();
  const settings = await loadStoreSettings(db, tenantId);
  return succeed(maskedSettings(settings!));
}
