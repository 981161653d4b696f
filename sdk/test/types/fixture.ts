// Compiled (not run) by contract.test.ts: the published types accept values the server may
// add later (open enums) and refuse what the API does not allow to be sent.
import type { CustomerLookup, DuplicateProductInput, Order, OrderStatus, SetOrderStatusInput, StatusUpdateResult, WebhookEvent } from '@lapak/sdk';
import { Lapak } from '@lapak/sdk';

// Open: a status the server adds tomorrow compiles today, in every response that carries one.
export const unknownStatus: OrderStatus = 'refunded';
export const unknownResult: StatusUpdateResult['previous_status'] = 'archived';
export const unknownLookupStatus: CustomerLookup['orders'][number]['status'] = 'returned';
export const unknownEvent: WebhookEvent['type'] = 'order.created';
export const order = (o: Order): string => (o.status === 'pending' ? 'known values still narrow' : o.status);

// Closed where the client sends: only pending and closing may be written.
export const allowed: SetOrderStatusInput = { id: 1, status: 'closing', expected_previous_status: 'pending' };
// @ts-expect-error paid is not writable through the API
export const refused: SetOrderStatusInput = { id: 1, status: 'paid' };
// @ts-expect-error name is required
export const nameless: DuplicateProductInput = { slug: 'x' };

export async function calls(sdk: Lapak): Promise<number> {
  const { order: read } = await sdk.getOrder(1);
  const result = await sdk.setOrderStatus({ id: read.id, status: 'pending' }, { idempotencyKey: 'crm-1-open' });
  // @ts-expect-error there is no method for an operation the API lacks
  await sdk.listOrders();
  return result.lastResponse.rateLimit.windows.length;
}
