// Creates an order as the seller's tools would (operator CLI, the demo store; the order form has
// its own validation in src/form/ and shares insertOrder and the price computation), with its
// `created` history entry, in the caller's transaction.
// The total is always computed here from the product's prices, never taken from the input.
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import { hasLetters, normalizeIndonesianPhone } from '../../lib/phone.js';
import { PHONE_LETTERS_PROBLEM } from '../../lib/http/messages.js';
import { findProduct } from '../../products/find-product.js';
import { parseVariant } from '../../products/variant-prices.js';
import { insertOrder, type OrderOrigin } from './insert-order.js';
import { quote } from './price.js';
import { normalizeResi } from './resi.js';
import { isOrderStatus } from './statuses.js';

/** The buyer's fields of an order (SPEC's customer block, `lapak order create`'s). */
export const CUSTOMER_FIELDS = ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'province', 'postal_code'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export type CreateOrderCode =
  | 'invalid_product_id'
  | 'product_not_found'
  | 'invalid_variant'
  | 'invalid_quantity'
  | 'invalid_shipping_fee'
  | 'invalid_status'
  | 'unknown_customer_field'
  | 'invalid_phone'
  | 'phone_letters';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const wholeNumber = (v: unknown, min: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

/** A shipping fee given with an order (`lapak order create`, an order entered by hand): whole rupiah, 0 or more. */
export const isShippingFee = (v: unknown): v is number => wholeNumber(v, 0);

export async function createOrder(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  input: Record<string, unknown>,
  origin: OrderOrigin,
): Promise<Outcome<{ id: number; total: number; status: string }, CreateOrderCode>> {
  const productId = input.product_id;
  if (!wholeNumber(productId, 1)) return refuse('invalid_product_id', 'product_id must be a positive integer');
  const product = await findProduct(tx, tenantId, productId as number);
  if (!product) return refuse('product_not_found', `product ${String(productId)} not found in this store`);

  const variant = text(input.variant);
  const optionIndexes = parseVariant(variant, product.variants);
  if (optionIndexes === null) {
    return refuse('invalid_variant', `variant "${variant}" is not a combination of this product's options (e.g. "Hitam / L")`);
  }
  const quantity = input.quantity ?? 1;
  if (!wholeNumber(quantity, 1)) return refuse('invalid_quantity', 'quantity must be a positive integer');
  const shippingFee = input.shipping_fee ?? 0;
  if (!isShippingFee(shippingFee)) return refuse('invalid_shipping_fee', 'shipping_fee must be a whole number of rupiah, 0 or more');
  const status = input.status ?? 'pending';
  if (!isOrderStatus(status)) return refuse('invalid_status', `status must be one of the seven order states`);

  const customer = (typeof input.customer === 'object' && input.customer !== null ? input.customer : {}) as Record<string, unknown>;
  const unknownField = Object.keys(customer).find((k) => !(CUSTOMER_FIELDS as readonly string[]).includes(k));
  if (unknownField) return refuse('unknown_customer_field', `unknown customer field: ${unknownField}`);
  const phone = text(customer.phone) === '' ? '' : normalizeIndonesianPhone(text(customer.phone));
  if (phone === null) {
    return hasLetters(text(customer.phone)) ? refuse('phone_letters', PHONE_LETTERS_PROBLEM('customer.phone')) : refuse('invalid_phone', 'customer.phone must be an Indonesian phone number');
  }

  const row = await insertOrder(tx, {
    tenantId,
    product,
    variant,
    quote: quote(product, optionIndexes, quantity as number, shippingFee as number),
    courier: text(input.courier),
    paymentMethod: text(input.payment_method),
    status,
    resi: normalizeResi(text(input.resi)) || null,
    customer: {
      name: text(customer.name),
      phone,
      email: text(customer.email) || null,
      address: text(customer.address),
      village: text(customer.village),
      district: text(customer.district),
      city: text(customer.city),
      province: text(customer.province),
      postal_code: text(customer.postal_code),
    },
    adParams: (input.ad_params ?? {}) as Record<string, string>,
    origin,
    now: clock.now(),
  });
  return succeed(row);
}
