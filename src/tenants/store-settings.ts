// A store's settings for the order form and payments (003-order-form): which payment
// methods the form offers, bank accounts for transfer instructions, the WhatsApp number and
// thank-you message, and the gateway secrets. A store without a row gets the defaults.
import type { Db } from '../lib/db/db.js';
import { openStored, type OpenCode, type Sealer, type StoredSecret } from '../lib/secrets/sealer.js';
import type { Outcome } from '../lib/outcome.js';
import { storedSenderAddress, type SenderAddress } from '../shipping/sender-address.js';

export const PAYMENT_METHOD_SETTINGS = ['bank_transfer', 'cod', 'gateway'] as const;
export type PaymentMethodSetting = (typeof PAYMENT_METHOD_SETTINGS)[number];
export const GATEWAYS = ['midtrans', 'xendit'] as const;
export type Gateway = (typeof GATEWAYS)[number];
/** The values an order's payment_method takes when it comes from the form. */
export type OrderPaymentMethod = 'bank_transfer' | 'cod' | Gateway;

export interface BankAccount {
  bank: string;
  number: string;
  holder: string;
}

export interface StoreSettings {
  tenantId: number;
  storeName: string;
  active: boolean;
  paymentMethods: PaymentMethodSetting[];
  gateway: Gateway | null;
  bankAccounts: BankAccount[];
  /** International digits (62...), as wa.me wants them. */
  whatsappNumber: string | null;
  thankYouTemplate: string | null;
  /** Sealed (lib/secrets): open with openStoreSecret. */
  midtransServerKey: StoredSecret | null;
  xenditSecretKey: StoredSecret | null;
  xenditCallbackToken: StoredSecret | null;
  /** The messaging providers' tokens (issue 42): the Cloud API's access token, Fonnte's device token. */
  whatsappAccessToken: StoredSecret | null;
  fonnteToken: StoredSecret | null;
  /** Bank-transfer orders get a unique code of 1 to 3 digits added to their total (the tenants row's; on for a new store). */
  uniqueCode: boolean;
  /** The store's IANA time zone for rendered messages (013); null: the server's TZ. */
  timeZone: string | null;
  /** The customer lookup's opening message; null: the default. */
  openingMessageTemplate: string | null;
  /** On the store's labels (issue 44); null: not set. */
  senderAddress: SenderAddress | null;
}

export const STORE_SECRET_COLUMNS = ['midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token', 'whatsapp_access_token', 'fonnte_token'] as const;
export type StoreSecretColumn = (typeof STORE_SECRET_COLUMNS)[number];

/** What a store's sealed secret is bound to: a value copied into another store's row does not open. */
export const storeSecretBinding = (tenantId: number, column: StoreSecretColumn) => `store_settings:${column}:${tenantId}`;

const stored = (tenantId: number, column: StoreSecretColumn, value: string | null): StoredSecret | null =>
  value === null ? null : { stored: value, binding: storeSecretBinding(tenantId, column) };

/** The plain secret, a refusal when it cannot be opened (wrong key, moved value), or null when not set. */
export const openStoreSecret = (sealer: Sealer, secret: StoredSecret | null): Outcome<string, OpenCode> | null =>
  secret === null ? null : openStored(sealer, secret);

const DEFAULT_PAYMENT_METHODS: PaymentMethodSetting[] = ['bank_transfer', 'cod'];

export async function loadStoreSettings(db: Db, tenantId: number): Promise<StoreSettings | null> {
  const row = await db
    .selectFrom('tenants')
    .leftJoin('store_settings', 'store_settings.tenant_id', 'tenants.id')
    .select([
      'tenants.id', 'tenants.name', 'tenants.active', 'store_settings.payment_methods', 'store_settings.gateway',
      'store_settings.bank_accounts', 'store_settings.whatsapp_number', 'store_settings.thank_you_template',
      'store_settings.midtrans_server_key', 'store_settings.xendit_secret_key', 'store_settings.xendit_callback_token',
      'store_settings.whatsapp_access_token', 'store_settings.fonnte_token', 'store_settings.sender_address',
      'tenants.unique_code', 'tenants.time_zone', 'tenants.opening_message_template',
    ])
    .where('tenants.id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tenantId: row.id,
    storeName: row.name,
    active: row.active === 1,
    paymentMethods: row.payment_methods ? (JSON.parse(row.payment_methods) as PaymentMethodSetting[]) : DEFAULT_PAYMENT_METHODS,
    gateway: (row.gateway as Gateway | null) ?? null,
    bankAccounts: row.bank_accounts ? (JSON.parse(row.bank_accounts) as BankAccount[]) : [],
    whatsappNumber: row.whatsapp_number ?? null,
    thankYouTemplate: row.thank_you_template ?? null,
    midtransServerKey: stored(row.id, 'midtrans_server_key', row.midtrans_server_key ?? null),
    xenditSecretKey: stored(row.id, 'xendit_secret_key', row.xendit_secret_key ?? null),
    xenditCallbackToken: stored(row.id, 'xendit_callback_token', row.xendit_callback_token ?? null),
    whatsappAccessToken: stored(row.id, 'whatsapp_access_token', row.whatsapp_access_token ?? null),
    fonnteToken: stored(row.id, 'fonnte_token', row.fonnte_token ?? null),
    uniqueCode: row.unique_code === 1,
    timeZone: row.time_zone ?? null,
    openingMessageTemplate: row.opening_message_template ?? null,
    senderAddress: storedSenderAddress(row.sender_address),
  };
}

/** Whether the store's gateway has what it needs to create charges and verify notifications. */
function gatewayReady(settings: StoreSettings): Gateway | null {
  if (!settings.paymentMethods.includes('gateway')) return null;
  if (settings.gateway === 'midtrans' && settings.midtransServerKey) return 'midtrans';
  if (settings.gateway === 'xendit' && settings.xenditSecretKey && settings.xenditCallbackToken) return 'xendit';
  return null;
}

/** The payment methods the form offers, in the store's order. */
export function offeredPaymentMethods(settings: StoreSettings): OrderPaymentMethod[] {
  const ready = gatewayReady(settings);
  return settings.paymentMethods.flatMap((m): OrderPaymentMethod[] => (m === 'gateway' ? (ready ? [ready] : []) : [m]));
}

/** The settings as the CLI shows them: secrets only as set / not set. */
export function maskedSettings(settings: StoreSettings) {
  return {
    tenant_id: settings.tenantId,
    payment_methods: settings.paymentMethods,
    gateway: settings.gateway,
    bank_accounts: settings.bankAccounts,
    whatsapp_number: settings.whatsappNumber,
    thank_you_template: settings.thankYouTemplate,
    midtrans_server_key: settings.midtransServerKey ? 'set' : null,
    xendit_secret_key: settings.xenditSecretKey ? 'set' : null,
    xendit_callback_token: settings.xenditCallbackToken ? 'set' : null,
    unique_code: settings.uniqueCode,
    time_zone: settings.timeZone,
    offered_payment_methods: offeredPaymentMethods(settings),
    sender_address: settings.senderAddress,
  };
}
