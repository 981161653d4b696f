// The purposes offered when a key is issued from the dashboard, exactly as SPEC's "Key
// issuance" lists them; other scopes are requested through the help desk (the CLI).
export const KEY_PURPOSES = {
  customer_lookup: ['customers:read'],
  order_status: ['orders:read', 'orders.status:write'],
  order_status_customer: ['orders:read', 'orders.status:write', 'customers:read'],
} as const satisfies Record<string, readonly string[]>;

export type KeyPurpose = keyof typeof KEY_PURPOSES;

export const KEY_PURPOSE_NAMES = Object.keys(KEY_PURPOSES) as KeyPurpose[];

export const isKeyPurpose = (value: string): value is KeyPurpose => Object.hasOwn(KEY_PURPOSES, value);
