// The ordinary settings (settings:manage): store name, WhatsApp number, payment methods and
// the gateway choice, shipping rates, the two message templates, the time zone, the sender address. One
// transaction; everything is checked before the first write, so a refusal changes nothing.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { parseRates, replaceRates, type RateInput, type SetRatesCode } from '../shipping/set-rates.js';
import { updateStoreSettings, type UpdateSettingsCode } from '../tenants/update-store-settings.js';
import { PLACEHOLDER_NAMES, unknownPlaceholders } from '../templates/placeholders.js';
import { isAutoCancelDays, setAutoCancelDays } from '../orders/auto-cancel/auto-cancel-settings.js';

export interface SettingsChange {
  store_name?: string;
  whatsapp_number?: string | null;
  payment_methods?: string[];
  gateway?: string | null;
  thank_you_template?: string | null;
  opening_message_template?: string | null;
  time_zone?: string | null;
  shipping_rates?: RateInput[];
  sender_address?: unknown;
  /** Auto-cancel's days (1-30); null: off (orders/auto-cancel/). */
  auto_cancel_days?: number | null;
}

export type SaveSettingsCode = UpdateSettingsCode | Exclude<SetRatesCode, 'tenant_not_found'> | 'invalid_store_name' | 'invalid_opening_message_template' | 'invalid_auto_cancel_days';

export const TEMPLATE_FIELDS = ['thank_you_template', 'opening_message_template'] as const;
const NAME_MAX = 200;
const TEMPLATE_MAX = 1000;

/** A template field with placeholders no renderer fills (the first such field), or null. */
export function unknownPlaceholderIn(change: SettingsChange): { field: string; unknown: string[]; accepted: string[] } | null {
  for (const field of TEMPLATE_FIELDS) {
    const template = change[field];
    const unknown = typeof template === 'string' ? unknownPlaceholders(template) : [];
    if (unknown.length > 0) return { field, unknown, accepted: [...PLACEHOLDER_NAMES] };
  }
  return null;
}

/** An empty template means "the default". */
const templateValue = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value);

export async function saveSettings(tx: Tx, clock: Clock, sealer: Sealer, tenantId: number, change: SettingsChange): Promise<Outcome<{ saved: true }, SaveSettingsCode | 'tenant_not_found'>> {
  const storeName = change.store_name?.trim();
  if (storeName !== undefined && (storeName === '' || storeName.length > NAME_MAX)) return refuse('invalid_store_name', `store_name must be 1 to ${NAME_MAX} characters`);
  const opening = templateValue(change.opening_message_template);
  if (typeof opening === 'string' && opening.length > TEMPLATE_MAX) return refuse('invalid_opening_message_template', `opening_message_template must be at most ${TEMPLATE_MAX} characters`);
  const autoCancelDays = change.auto_cancel_days;
  if (autoCancelDays !== undefined && autoCancelDays !== null && !isAutoCancelDays(autoCancelDays)) return refuse('invalid_auto_cancel_days', 'auto_cancel_days must be a whole number from 1 to 30, or null');
  let rates: RateInput[] | undefined;
  if (change.shipping_rates !== undefined) {
    const parsed = parseRates(change.shipping_rates);
    if (!parsed.ok) return parsed;
    rates = parsed.value;
  }
  const storeSettings = Object.fromEntries(
    Object.entries({
      whatsapp_number: change.whatsapp_number,
      payment_methods: change.payment_methods,
      gateway: change.gateway,
      thank_you_template: templateValue(change.thank_you_template),
      time_zone: change.time_zone,
      sender_address: change.sender_address,
    }).filter(([, value]) => value !== undefined),
  );
  // The first write, and only when the change has its fields: it checks its own fields
  // (the time zone among them) before writing any.
  if (Object.keys(storeSettings).length > 0) {
    const updated = await updateStoreSettings(tx, clock, sealer, tenantId, storeSettings);
    if (!updated.ok) return updated;
  }
  const tenant = { ...(storeName !== undefined ? { name: storeName } : {}), ...(opening !== undefined ? { opening_message_template: opening } : {}) };
  if (Object.keys(tenant).length > 0) await tx.updateTable('tenants').set(tenant).where('id', '=', tenantId).execute();
  if (rates) await replaceRates(tx, tenantId, rates);
  if (autoCancelDays !== undefined) await setAutoCancelDays(tx, tenantId, autoCancelDays, clock.now());
  return succeed({ saved: true });
}
