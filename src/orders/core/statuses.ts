export const ORDER_STATUSES = ['pending', 'closing', 'invalid_no_hp', 'paid', 'cancelled', 'shipped', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The only states the API may write. */
export const API_WRITABLE_STATUSES = ['pending', 'closing'] as const;
export type ApiWritableStatus = (typeof API_WRITABLE_STATUSES)[number];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const isApiWritable = (value: unknown): value is ApiWritableStatus =>
  typeof value === 'string' && (API_WRITABLE_STATUSES as readonly string[]).includes(value);

/** Terminal for the API: any PATCH on an order in one of these is refused. */
export const isTerminalForApi = (status: string): boolean => !isApiWritable(status);
