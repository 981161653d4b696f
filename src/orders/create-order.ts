// Creates an order as the seller's tools would (operator CLI now; the order form later).
// The total is always computed here from the product's prices, never taken from the input.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db.js';
import { normalizeIndonesianPhone } from '../customers/phone.js';
import { findProduct } from '../products/find-product.js';
import { parseVariant, unitPrice } from '../products/variant-prices.js';
import { isOrderStatus } from './statuses.js';

const CUSTOMER_FIELDS = ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'province', 'postal_code'] as const;

export type CreateOrderResult = { ok: true; value: { id: number; total: number; status: string } } | { ok: false; error: string };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const wholeNumber = (v: unknown, min: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

export async function createOrder(db: Db, clock: Clock, tenantId: number, input: Record<string, unknown>): Promise<CreateOrderResult> {
  const productId = input.product_id;
  if (!wholeNumber(productId, 1)) return { ok: false, error: 'product_id must be a positive integer' };
  const product = await findProduct(db, tenantId, productId as number);
  if (!product) return { ok: false, error: `product ${String(productId)} not found in this store` };

  const variant = text(input.variant);
  const optionIndexes = parseVariant(variant, product.variants);
  if (optionIndexes === null) {
    return { ok: false, error: `variant "${variant}" is not a combination of this product's options (e.g. "Hitam / L")` };
  }
  const quantity = input.quantity ?? 1;
  if (!wholeNumber(quantity, 1)) return { ok: false, error: 'quantity must be a positive integer' };
  const shippingFee = input.shipping_fee ?? 0;
  if (!wholeNumber(shippingFee, 0)) return { ok: false, error: 'shipping_fee must be a whole number of rupiah, 0 or more' };
  const status = input.status ?? 'pending';
  if (!isOrderStatus(status)) return { ok: false, error: `status must be one of the seven order states` };

  const customer = (typeof input.customer === 'object' && input.customer !== null ? input.customer : {}) as Record<string, unknown>;
  const unknownField = Object.keys(customer).find((k) => !(CUSTOMER_FIELDS as readonly string[]).includes(k));
  if (unknownField) return { ok: false, error: `unknown customer field: ${unknownField}` };
  const phone = text(customer.phone) === '' ? '' : normalizeIndonesianPhone(text(customer.phone));
  if (phone === null) return { ok: false, error: 'customer.phone must be an Indonesian phone number' };

  const price = unitPrice(product, optionIndexes);
  const now = clock.now();
  const row = await db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      product_id: product.id,
      product_name: product.name,
      variant,
      quantity: quantity as number,
      unit_price: price,
      total: price * (quantity as number) + (shippingFee as number),
      shipping_fee: shippingFee as number,
      courier: text(input.courier),
      payment_method: text(input.payment_method),
      resi: text(input.resi) || null,
      status,
      customer_name: text(customer.name),
      customer_phone: phone,
      customer_email: text(customer.email) || null,
      customer_address: text(customer.address),
      customer_village: text(customer.village),
      customer_district: text(customer.district),
      customer_city: text(customer.city),
      customer_province: text(customer.province),
      customer_postal_code: text(customer.postal_code),
      ad_params: JSON.stringify(input.ad_params ?? {}),
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'total', 'status'])
    .executeTakeFirstOrThrow();
  return { ok: true, value: row };
}
