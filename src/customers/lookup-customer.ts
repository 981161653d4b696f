// POST /api/customer_lookup.php: validates {"phone": "..."} and finds the customer's orders
// in the tenant. Newest means highest order id (ids only grow, and the index
// orders_tenant_phone (tenant_id, customer_phone, id) serves both queries).
import type { AppContext } from '../context.js';
import { apiFailure, fail, ok, type ApiFailure, type Result } from '../lib/http/failures.js';
import { formatTimestamp } from '../lib/time.js';
import { customerBlock, type Customer } from '../orders/core/order-record.js';
import { placeholdersIn } from '../templates/placeholders.js';
import { renderTemplate, templateSource } from '../templates/render-template.js';
import { messageInputOf } from '../orders/core/message-input.js';
import { appBuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { loadStoreSettings } from '../tenants/store-settings.js';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export const LOOKUP_ORDER_LIMIT = 20;

export interface CustomerLookup {
  customer: Customer;
  orders: Array<{
    id: number;
    status: string;
    product: string;
    variant: string;
    quantity: number;
    total: number;
    created_at: string;
  }>;
  order_count: number;
  opening_message: string;
}

export function validateLookupBody(body: Record<string, unknown> | null): Result<string, ApiFailure> {
  if (!body) return fail(apiFailure('invalid_json'));
  const { phone } = body;
  if (typeof phone !== 'string' || phone.trim() === '') return fail(apiFailure('phone_required'));
  const normalized = normalizeIndonesianPhone(phone);
  if (normalized === null) return fail(apiFailure('invalid_phone'));
  return ok(normalized);
}

export async function lookupCustomer(
  ctx: Pick<AppContext, 'db' | 'config' | 'sealer' | 'clock'>,
  tenantId: number,
  body: Record<string, unknown> | null,
): Promise<Result<CustomerLookup, ApiFailure>> {
  const valid = validateLookupBody(body);
  if (!valid.ok) return valid;
  const phone = valid.value;

  const rows = await ctx.db
    .selectFrom('orders')
    .select([
      'id', 'status', 'product_name', 'variant', 'quantity', 'total', 'created_at',
      'customer_name', 'customer_phone', 'customer_email', 'customer_address', 'customer_village',
      'customer_district', 'customer_city', 'customer_province', 'customer_postal_code',
      // What the opening message's placeholders read besides (orders/core/message-input.ts).
      'shipping_fee', 'payment_method', 'unique_code', 'courier', 'resi', 'assigned_user_id',
    ])
    .where('tenant_id', '=', tenantId)
    .where('customer_phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(fixedLimit(LOOKUP_ORDER_LIMIT))
    .execute();
  const newest = rows[0];
  if (!newest) return fail(apiFailure('customer_not_found'));

  const [orderCount, store] = await Promise.all([
    rows.length < LOOKUP_ORDER_LIMIT ? rows.length : countOrders(ctx, tenantId, phone),
    loadStoreSettings(ctx.db, tenantId),
  ]);
  if (!store) return fail(apiFailure('customer_not_found'));

  const { timeZone } = ctx.config;
  // The store's zone for the message's dates (messageInputOf); created_at below stays in the server's (SPEC).
  const input = await messageInputOf(ctx.db, tenantId, newest, store, timeZone, {
    orderCount,
    uses: placeholdersIn(templateSource('opening', store.openingMessageTemplate)),
    links: appBuyerLinks(ctx),
  });
  return ok({
    customer: customerBlock(newest),
    orders: rows.map((row) => ({
      id: row.id,
      status: row.status,
      product: row.product_name,
      variant: row.variant,
      quantity: row.quantity,
      total: row.total,
      created_at: formatTimestamp(row.created_at, timeZone),
    })),
    order_count: orderCount,
    opening_message: renderTemplate('opening', store.openingMessageTemplate, input),
  });
}

async function countOrders(ctx: Pick<AppContext, 'db'>, tenantId: number, phone: string): Promise<number> {
  const { count } = await ctx.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('customer_phone', '=', phone)
    .executeTakeFirstOrThrow();
  return Number(count);
}
