// The home page's getting-started checklist (issue 10): each step computed from the store's own
// data: one query of EXISTS subqueries, every one of them bound to the tenant, and the store
// settings' read for the payment step.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { loadStoreSettings, offeredPaymentMethods } from '../tenants/store-settings.js';

export interface Checklist {
  /** The store has a product. */
  product: boolean;
  /** At least one shipping rate. */
  shipping: boolean;
  /** The store saved its settings and the form offers a payment a buyer can complete (below). */
  payment: boolean;
  /** The store recorded a copy of its embed snippet. */
  snippet: boolean;
  /** The store has an order. */
  first_order: boolean;
  /** An active API key (neither revoked nor expired) or an enabled webhook endpoint. */
  integration: boolean;
}

/** SQLite answers EXISTS with 0/1, PostgreSQL with a boolean. */
const truthy = (value: unknown): boolean => value === true || Number(value) === 1;

export async function readChecklist(db: Db, clock: Clock, tenantId: number): Promise<Outcome<Checklist, 'tenant_not_found'>> {
  const now = clock.now();
  const row = await db
    .selectFrom('tenants')
    .where('tenants.id', '=', tenantId)
    .select((eb) => [
      'tenants.snippet_copied_at',
      eb.exists(eb.selectFrom('products').select('products.id').where('products.tenant_id', '=', tenantId).where('products.deleted_at', 'is', null)).as('product'),
      eb.exists(eb.selectFrom('shipping_rates').select('shipping_rates.fee').where('shipping_rates.tenant_id', '=', tenantId)).as('shipping'),
      eb.exists(eb.selectFrom('store_settings').select('store_settings.tenant_id').where('store_settings.tenant_id', '=', tenantId)).as('settings_saved'),
      eb.exists(eb.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', tenantId)).as('first_order'),
      eb
        .exists(
          eb
            .selectFrom('api_keys')
            .select('api_keys.id')
            .where('api_keys.tenant_id', '=', tenantId)
            .where('api_keys.revoked_at', 'is', null)
            .where((k) => k.or([k('api_keys.expires_at', 'is', null), k('api_keys.expires_at', '>', now)])),
        )
        .as('active_key'),
      eb
        .exists(
          eb
            .selectFrom('webhook_endpoints')
            .select('webhook_endpoints.id')
            .where('webhook_endpoints.tenant_id', '=', tenantId)
            .where('webhook_endpoints.enabled', '=', 1)
            .where('webhook_endpoints.removed_at', 'is', null),
        )
        .as('enabled_endpoint'),
    ])
    .executeTakeFirst();
  if (!row) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  return succeed({
    product: truthy(row.product),
    shipping: truthy(row.shipping),
    payment: truthy(row.settings_saved) && (await paymentReady(db, tenantId)),
    snippet: row.snippet_copied_at !== null,
    first_order: truthy(row.first_order),
    integration: truthy(row.active_key) || truthy(row.enabled_endpoint),
  });
}

/**
 * A payment a buyer can complete: cash on delivery, a bank transfer with at least one account
 * to transfer to, or a gateway with its keys (what the form offers, offeredPaymentMethods).
 * The defaults of a store that never saved its settings do not count: the seller has not set
 * payment up yet.
 */
async function paymentReady(db: Db, tenantId: number): Promise<boolean> {
  const settings = await loadStoreSettings(db, tenantId);
  if (!settings) return false;
  return offeredPaymentMethods(settings).some((method) => method !== 'bank_transfer' || settings.bankAccounts.length > 0);
}
