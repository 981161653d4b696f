// The orders list's view in the page's address (issue 32 §1): the tab, the search and the
// filters are search parameters (/dashboard/orders?status=paid&q=0812…&from=2026-11-01), so a
// view can be bookmarked, reloaded and shared with a teammate. The router reads them through
// readOrdersSearch (pages.ts); the list and its counts send them to the server as they are.
// This file stays small and free of the page's code: the router, in the first script, imports it.

/** The seven states of SPEC, in the order the tabs show them. */
export const ORDER_STATUSES = ['pending', 'closing', 'paid', 'shipped', 'completed', 'cancelled', 'invalid_no_hp'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Everything a view of the list holds but the tab: what the counts are asked under too. */
export interface OrdersFilters {
  q?: string;
  from?: string;
  to?: string;
  product_id?: number;
  /** A member's user id, or `none` for the unassigned orders. */
  cs?: string;
  payment_method?: string;
  courier?: string;
  province?: string;
  utm_source?: string;
  utm_campaign?: string;
  /** `none`: only the orders never followed up. */
  followed_up?: 'none';
  /** Pending orders with no follow-up for more than this many hours. */
  stale_hours?: number;
}

export interface OrdersSearch extends OrdersFilters {
  status?: OrderStatus;
}

const TEXT_KEYS = ['q', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 200);
};

/**
 * The view an address asks for. A parameter the list cannot use (an unknown tab, a day not
 * written YYYY-MM-DD, a product that is not a number) is dropped, so a mistyped shared link
 * opens the list instead of an error; a day that does not exist is the server's to refuse.
 */
export function readOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const view: OrdersSearch = {};
  const status = text(search.status);
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) view.status = status as OrderStatus;
  for (const key of TEXT_KEYS) {
    const value = text(search[key]);
    if (value !== undefined) view[key] = value;
  }
  for (const key of ['from', 'to'] as const) {
    const value = text(search[key]);
    if (value && DAY.test(value)) view[key] = value;
  }
  const product = Number(text(search.product_id));
  if (Number.isSafeInteger(product) && product > 0) view.product_id = product;
  const cs = text(search.cs);
  if (cs && /^(none|[1-9]\d{0,14})$/.test(cs)) view.cs = cs;
  if (text(search.followed_up) === 'none') view.followed_up = 'none';
  const stale = Number(text(search.stale_hours));
  if (Number.isInteger(stale) && stale >= 1 && stale <= 8760) view.stale_hours = stale;
  return view;
}

/** The filters of a view, without its tab: the counts' question, and the part a tab change keeps. */
export function filtersOf(search: OrdersSearch): OrdersFilters {
  const { status: _tab, ...filters } = search;
  return filters;
}

/** How many filters (not the search, not the tab) a view sets: the filter button says it. */
export function activeFilterCount(search: OrdersSearch): number {
  const { status: _tab, q: _q, from, to, ...rest } = search;
  return (from || to ? 1 : 0) + Object.values(rest).filter((value) => value !== undefined).length;
}

// The last view of the list this tab showed, so that the order's page leads back to it (the
// same tab, search and filters), not to an empty list.
let lastView: OrdersSearch = {};
export const rememberView = (search: OrdersSearch): void => {
  lastView = search;
};
export const lastOrdersView = (): OrdersSearch => lastView;
