import type { Selectable } from 'kysely';
import type { OrderTable } from '../../lib/db/schema.js';
import { formatTimestamp } from '../../lib/time.js';

export type OrderRow = Selectable<OrderTable>;

/** The columns the order record shows, customer block aside. */
export const RECORD_COLUMNS = [
  'id', 'status', 'product_name', 'variant', 'quantity', 'total', 'shipping_fee', 'payment_method', 'courier', 'resi',
  'created_at',
] as const satisfies ReadonlyArray<keyof OrderRow>;

export const CUSTOMER_COLUMNS = [
  'customer_name', 'customer_phone', 'customer_email', 'customer_address', 'customer_village', 'customer_district',
  'customer_city', 'customer_province', 'customer_postal_code',
] as const satisfies ReadonlyArray<keyof OrderRow>;

type CustomerColumns = Pick<OrderRow, (typeof CUSTOMER_COLUMNS)[number]>;

/** What the record is built from: the record's columns, with the customer's when shown. */
export type OrderRecordRow = Pick<OrderRow, (typeof RECORD_COLUMNS)[number]> & Partial<CustomerColumns>;

/** SPEC's customer block: name, phone, email (or null), address, village, district, city, province, postal_code. */
export type Customer = ReturnType<typeof customerBlock>;

/** SPEC's customer block: the same fields wherever an order's buyer is shown. */
export function customerBlock(row: CustomerColumns) {
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
export function orderRecord(row: OrderRecordRow, withCustomer: boolean, timeZone: string) {
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
    ...(withCustomer ? { customer: customerBlock(row as CustomerColumns) } : {}),
    created_at: formatTimestamp(row.created_at, timeZone),
  };
}

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;

/**
 * The 200 response of GET /api/order_status.php. Fastify serialises it with
 * fast-json-stringify, which writes only these fields: the record's field list stays fixed.
 */
export const orderResponseSchema = {
  type: 'object',
  required: ['success', 'order', 'request_id'],
  properties: {
    success: { type: 'boolean' },
    order: {
      type: 'object',
      // No `required` here: fast-json-stringify writes required fields first, and the
      // record keeps SPEC's order, with the optional customer block before created_at.
      properties: {
        id: integer,
        status: text,
        product: text,
        variant: text,
        quantity: integer,
        total: integer,
        shipping_fee: integer,
        payment_method: text,
        courier: text,
        resi: nullableText,
        customer: {
          type: 'object',
          required: ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'province', 'postal_code'],
          properties: {
            name: text,
            phone: text,
            email: nullableText,
            address: text,
            village: text,
            district: text,
            city: text,
            province: text,
            postal_code: text,
          },
        },
        created_at: text,
      },
    },
    request_id: text,
  },
} as const;
