import type { Selectable } from 'kysely';
import type { OrderTable } from '../lib/schema.js';
import { formatTimestamp } from '../lib/time.js';

export type OrderRow = Selectable<OrderTable>;

export function customerBlock(row: OrderRow) {
  return {
    name: row.customer_name,
    phone: row.customer_phone,
    email: row.customer_email,
    address: row.customer_address,
    village: row.customer_village,
    district: row.customer_district,
    city: row.customer_city,
    province: row.customer_province,
    postal_code: row.customer_postal_code,
  };
}

/** SPEC "Order record": a fixed field list; new columns are never added automatically. */
export function orderRecord(row: OrderRow, withCustomer: boolean, timeZone: string) {
  return {
    id: row.id,
    status: row.status,
    product: row.product_name,
    variant: row.variant,
    quantity: row.quantity,
    total: row.total,
    shipping_fee: row.shipping_fee,
    payment_method: row.payment_method,
    courier: row.courier,
    resi: row.resi,
    ...(withCustomer ? { customer: customerBlock(row) } : {}),
    created_at: formatTimestamp(row.created_at, timeZone),
  };
}
