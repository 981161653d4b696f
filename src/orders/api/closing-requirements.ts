import { CUSTOMER_COLUMNS, type OrderRow } from '../core/order-record.js';

/** The columns the check reads. */
export const CLOSING_COLUMNS = [...CUSTOMER_COLUMNS, 'courier'] as const;
type ClosingColumns = Pick<OrderRow, (typeof CLOSING_COLUMNS)[number]>;

// Stores that work with a third-party fulfilment integration may only close orders whose
// shipping data is complete. missing_fields names the order record's fields.
const REQUIRED: ReadonlyArray<readonly [string, (o: ClosingColumns) => string | null]> = [
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

export function missingClosingFields(order: ClosingColumns): string[] {
  return REQUIRED.filter(([, read]) => (read(order) ?? '').trim() === '').map(([field]) => field);
}
