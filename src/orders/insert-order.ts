// Writes one order row. Callers validate and price it first (create-order.ts for the CLI,
// src/form/submit-order.ts for the order form).
import type { Db } from '../lib/db/db.js';
import type { Quote } from './price.js';
import type { Customer } from './order-record.js';

export interface NewOrder {
  tenantId: number;
  product: { id: number; name: string };
  variant: string;
  quote: Quote;
  courier: string;
  paymentMethod: string;
  status: string;
  resi?: string | null;
  customer: Customer;
  adParams: Record<string, string>;
  now: number;
}

export async function insertOrder(db: Db, order: NewOrder): Promise<{ id: number; total: number; status: string }> {
  const { customer, quote } = order;
  return db
    .insertInto('orders')
    .values({
      tenant_id: order.tenantId,
      product_id: order.product.id,
      product_name: order.product.name,
      variant: order.variant,
      quantity: quote.quantity,
      unit_price: quote.unitPrice,
      total: quote.total,
      shipping_fee: quote.shippingFee,
      courier: order.courier,
      payment_method: order.paymentMethod,
      resi: order.resi ?? null,
      status: order.status,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_email: customer.email,
      customer_address: customer.address,
      customer_village: customer.village,
      customer_district: customer.district,
      customer_city: customer.city,
      customer_province: customer.province,
      customer_postal_code: customer.postal_code,
      ad_params: JSON.stringify(order.adParams),
      created_at: order.now,
      updated_at: order.now,
    })
    .returning(['id', 'total', 'status'])
    .executeTakeFirstOrThrow();
}
