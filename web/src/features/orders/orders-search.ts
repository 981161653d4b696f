// The orders list's view in the page's address (issue 32 §1): the tab, the search and the
// filters are search parameters (/dashboard/orders?status=paid&q=0812…&from=2026-11-01), so a
// view can be bookmarked, reloaded and shared with a teammate. The router reads them through
// readOrdersSearch (pages.ts); the list and its counts send them to the server as they are.
// This file stays small and free of the page's code: the router, in the first script, imports it.
// The view's parameters and the statuses are the list operation's own (openapi/dashboard.json):
// a status or a filter the schema gains fails the web build here until it is handled.
// `.js`: the root typecheck (NodeNext) compiles this file too, through web/test.
import type { paths } from '../../api/schema.js';

type ListQuery = NonNullable<paths['/dashboard/api/orders']['get']['parameters']['query']>;

/** The seven states of SPEC. */
export type OrderStatus = NonNullable<ListQuery['status']>;

/** The statuses in the order the tabs show them. */
export const ORDER_STATUSES = ['pending', 'closing', 'paid', 'shipped', 'completed', 'cancelled', 'invalid_no_hp'] as const satisfies readonly OrderStatus[];
type UnlistedStatus = Exclude<OrderStatus, (typeof ORDER_STATUSES)[number]>;
// A status of the schema missing above: "true is not assignable to" that status.
const everyStatusListed: [UnlistedStatus] extends [never] ? true : UnlistedStatus = true;

/** A view of the list: the tab, the search and the filters (the list's query but its page). */
export type OrdersSearch = Omit<ListQuery, 'cursor' | 'limit'>;

/** Everything a view of the list holds but the tab: what the counts are asked under too. */
export type OrdersFilters = Omit<OrdersSearch, 'status'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The flags the list filters on (issue 43): one, or `any` (the tab "Perlu dicek"). */
export type FlagFilter = NonNullable<ListQuery['flag']>;
export const FLAG_FILTERS = ['duplicate', 'cod_risk', 'burst', 'not_whatsapp', 'blocked', 'any'] as const satisfies readonly FlagFilter[];

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 200);
};

const day = (value: unknown): string | undefined => {
  const written = text(value);
  return written && DAY.test(written) ? written : undefined;
};

/**
 * How each parameter of a view is read from the address, in the order the view holds them.
 * Every parameter of the list but its page has a reader, or the build fails.
 */
type FullView = Required<OrdersSearch>;
const READERS: { [K in keyof FullView]: (value: unknown) => FullView[K] | undefined } = {
  status: (value) => {
    const status = text(value);
    return status && (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : undefined;
  },
  q: text,
  payment_method: text,
  courier: text,
  province: text,
  utm_source: text,
  utm_campaign: text,
  from: day,
  to: day,
  product_id: (value) => {
    const product = Number(text(value));
    return Number.isSafeInteger(product) && product > 0 ? product : undefined;
  },
  cs: (value) => {
    const cs = text(value);
    return cs && /^(none|[1-9]\d{0,14})$/.test(cs) ? cs : undefined;
  },
  followed_up: (value) => (text(value) === 'none' ? 'none' : undefined),
  printed: (value) => {
    const printed = text(value);
    return printed === 'true' || printed === 'false' ? printed : undefined;
  },
  reply: (value) => (text(value) === 'new' ? 'new' : undefined),
  flag: (value) => {
    const flag = text(value);
    return flag && (FLAG_FILTERS as readonly string[]).includes(flag) ? (flag as FullView['flag']) : undefined;
  },
  spam: (value) => (text(value) === 'only' ? 'only' : undefined),
  stale_hours: (value) => {
    const stale = Number(text(value));
    return Number.isInteger(stale) && stale >= 1 && stale <= 8760 ? stale : undefined;
  },
};

/**
 * The view an address asks for. A parameter the list cannot use (an unknown tab, a day not
 * written YYYY-MM-DD, a product that is not a number) is dropped, so a mistyped shared link
 * opens the list instead of an error; a day that does not exist is the server's to refuse.
 */
export function readOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const view: Partial<FullView> = {};
  const read = <K extends keyof FullView>(key: K): void => {
    const value = READERS[key](search[key]);
    if (value !== undefined) view[key] = value;
  };
  for (const key of Object.keys(READERS) as Array<keyof FullView>) read(key);
  return view;
}

/** A view without its status: the question whose `all` count is the view's own (how many "all in this view" holds). */
export function filtersOf(search: OrdersSearch): OrdersFilters {
  const { status: _tab, ...filters } = search;
  return filters;
}

/**
 * The list's tabs: every order, one state, "Perlu dicek" (an undismissed flag, issue 43: `flag`,
 * `any` or one flag) and "Spam" (`spam=only`). A view is in one tab; the spam mark counts first.
 */
export type OrdersTab = 'all' | OrderStatus | 'needs_check' | 'spam';

export function tabOf(search: OrdersSearch): OrdersTab {
  if (search.spam === 'only') return 'spam';
  if (search.flag !== undefined) return 'needs_check';
  return search.status ?? 'all';
}

/** The search and filters of a view without its tab: the tabs' counts are asked under them, and a change of tab keeps them. */
export function tabFiltersOf(search: OrdersSearch): OrdersFilters {
  const { status: _status, flag: _flag, spam: _spam, ...filters } = search;
  return filters;
}

/** The view of a tab under some filters. */
export function viewOfTab(filters: OrdersFilters, tab: OrdersTab): OrdersSearch {
  if (tab === 'all') return filters;
  if (tab === 'needs_check') return { ...filters, flag: 'any' };
  if (tab === 'spam') return { ...filters, spam: 'only' };
  return { ...filters, status: tab };
}

/** The view's search and its tab's own parameters (not the status: the page keeps it): what "Hapus semua filter" leaves. */
export function withoutFilters(search: OrdersSearch): OrdersFilters {
  const { status: _status, ...tab } = viewOfTab({}, tabOf(search));
  return search.q === undefined ? tab : { q: search.q, ...tab };
}

/**
 * How many filters a view sets (not the search, not the tab): the filter button says it. One
 * flag within "Perlu dicek" (`flag=duplicate`) is a filter; `flag=any` and `spam=only` are the tab.
 */
export function activeFilterCount(search: OrdersSearch): number {
  const { status: _tab, q: _q, from, to, flag, spam: _spam, ...rest } = search;
  return (from || to ? 1 : 0) + (flag !== undefined && flag !== 'any' ? 1 : 0) + Object.values(rest).filter((value) => value !== undefined).length;
}

// The last view of the list this tab showed, so that the order's page leads back to it (the
// same tab, search and filters), not to an empty list.
let lastView: OrdersSearch = {};
export const rememberView = (search: OrdersSearch): void => {
  lastView = search;
};
export const lastOrdersView = (): OrdersSearch => lastView;
