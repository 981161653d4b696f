// The settings page's data: everything a member with settings:manage may read. Gateway
// credentials only as "set" or null (write-only: never read back).
import { PLACEHOLDER_NAMES } from '../templates/placeholders.js';
import { DEFAULT_OPENING_TEMPLATE, DEFAULT_THANK_YOU_TEMPLATE } from '../templates/render-template.js';
import type { Db } from '../lib/db/db.js';
import { PROVINCES } from '../shipping/provinces.js';
import { storeRates } from '../shipping/rates.js';
import { loadStoreSettings, maskedSettings } from '../tenants/store-settings.js';
import { readAutoCancel } from '../orders/auto-cancel/auto-cancel-settings.js';
import { formatTimestamp } from '../lib/time.js';

/** Null for a store that does not exist. */
export async function readSettings(db: Db, tenantId: number, serverTimeZone: string) {
  const settings = await loadStoreSettings(db, tenantId);
  if (!settings) return null;
  const masked = maskedSettings(settings);
  const table = await storeRates(db).table(tenantId);
  const autoCancel = await readAutoCancel(db, tenantId);
  const shippingRates = Object.entries(table).flatMap(([courier, fees]) => Object.entries(fees).map(([province, fee]) => ({ courier, province, fee })));
  return {
    store_name: settings.storeName,
    whatsapp_number: masked.whatsapp_number,
    payment_methods: masked.payment_methods,
    gateway: masked.gateway,
    offered_payment_methods: masked.offered_payment_methods,
    bank_accounts: masked.bank_accounts,
    gateway_credentials: {
      midtrans_server_key: masked.midtrans_server_key,
      xendit_secret_key: masked.xendit_secret_key,
      xendit_callback_token: masked.xendit_callback_token,
    },
    unique_code: masked.unique_code,
    shipping_rates: shippingRates,
    provinces: [...PROVINCES],
    thank_you_template: settings.thankYouTemplate,
    opening_message_template: settings.openingMessageTemplate,
    default_templates: { thank_you: DEFAULT_THANK_YOU_TEMPLATE, opening: DEFAULT_OPENING_TEMPLATE },
    placeholders: [...PLACEHOLDER_NAMES],
    time_zone: settings.timeZone,
    server_time_zone: serverTimeZone,
    sender_address: settings.senderAddress,
    auto_cancel_days: autoCancel?.days ?? null,
    auto_cancel_since: autoCancel ? formatTimestamp(autoCancel.onAt, serverTimeZone) : null,
  };
}
