import type { OrderRow } from './order-record.js';

// Stores that work with a third-party fulfilment integration may only close orders whose
// shipping data is complete. missing_fields names the order record's fields.
const REQUIRED: ReadonlyArray<readonly [string, (o: OrderRow) => string | null]> = [
  ['customer.name', (o) => o.customer_name],
  ['customer.phone', (o) => o.customer_phone],
  ['customer.address', (o) => o.customer_address],
  ['customer.village', (o) => o.customer_village],
  ['customer.district', (o) => o.customer_district],
  ['customer.city', (o) => o.customer_city],
  ['customer.province', (o) => o.customer_province],
  ['customer.postal_code', (o) => o.customer_postal_code],
  ['courier', (o) => o.courier],
];

export function missingClosingFields(order: OrderRow): string[] {
  return REQUIRED.filter(([, read]) => (read(order) ?? '').trim() === '').map(([field]) => field);
}
