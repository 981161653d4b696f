// The order id a gateway sees: "lapak-{tenant_id}-{order_id}". Order numbers are unique
// across stores, but the tenant in the id lets a notification find the store's key before
// anything else is read. Midtrans allows [A-Za-z0-9-_.~] up to 50 characters; Xendit's
// external_id is free text.
export const gatewayOrderId = (tenantId: number, orderId: number): string => `lapak-${tenantId}-${orderId}`;

export function parseGatewayOrderId(value: unknown): { tenantId: number; orderId: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^lapak-([1-9][0-9]{0,14})-([1-9][0-9]{0,14})$/.exec(value);
  return match ? { tenantId: Number(match[1]), orderId: Number(match[2]) } : null;
}
