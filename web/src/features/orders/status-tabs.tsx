// The list's tabs: every order, then the seven states, each with its count under the view's
// search and filters. The counts come from their own request: the tabs show without them
// first, and the list does not wait for them.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount } from '../../lib/format';
import { T } from '../../text/id';
import { filtersOf, ORDER_STATUSES, type OrdersSearch, type OrderStatus } from './orders-search';
import { statusName } from './status-word';
import { countsQuery } from './use-orders';

const TAB = 'inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm font-medium';
const IDLE = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';
const CURRENT = 'border-brand-700 bg-brand-700 text-white';

/** Scrolls the current tab into the row's view (not the page's). */
const inView = (link: HTMLAnchorElement | null) => link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

export function StatusTabs({ search }: { search: OrdersSearch }) {
  const filters = filtersOf(search);
  const counts = useQuery(countsQuery(filters));
  // A name search with many matches counts the newest 1,001: every tab then shows "N+" (at least N).
  const capped = new Set<string>(counts.data?.capped ?? []);
  const shown = (status: OrderStatus | undefined): string | undefined => {
    const n = counts.data?.counts[status ?? 'all'];
    if (n === undefined) return undefined;
    return capped.has(status ?? '') || (status === undefined && capped.size > 0) ? `${formatCount(n)}+` : formatCount(n);
  };
  const tabs: Array<{ status: OrderStatus | undefined; label: string; count: string | undefined }> = [
    { status: undefined, label: T.orders.all, count: shown(undefined) },
    ...ORDER_STATUSES.map((status) => ({ status, label: statusName(status), count: shown(status) })),
  ];
  return (
    // One row on a phone, scrolling sideways (its links take the keyboard's focus), the current tab in view; rows that wrap from 640 px.
    <nav aria-label={T.orders.tabs} className="-mx-3 mb-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {tabs.map((tab) => {
          const current = tab.status === search.status;
          return (
            <li key={tab.status ?? 'all'}>
              <Link
                to="/orders"
                search={{ ...filters, status: tab.status }}
                className={`${TAB} ${current ? CURRENT : IDLE}`}
                aria-current={current ? 'page' : undefined}
                ref={current ? inView : undefined}
              >
                {tab.label}{' '}
                {tab.count !== undefined ? <span className={`text-xs font-semibold ${current ? 'text-white' : 'text-slate-600'}`}>{tab.count}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
