// The list's tabs: every order, "Perlu dicek" (orders with a flag not checked yet, issue 43), the
// seven states, and "Spam", each with its count under the view's search and filters. The counts
// come from their own request, asked without the tab (so they stay as they are whichever tab is
// open): the tabs show without them first, and the list does not wait for them.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount } from '../../lib/format';
import { T } from '../../text/id';
import { ORDER_STATUSES, tabFiltersOf, tabOf, viewOfTab, type OrdersSearch, type OrdersTab } from './orders-search';
import { statusName } from './status-word';
import { countsQuery } from './use-orders';

const TAB = 'inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm font-medium';
const IDLE = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';
const CURRENT = 'border-brand-700 bg-brand-700 text-white';
/** "Perlu dicek" with orders waiting: its count stands out, as the flags' chips do. */
const WAITING = 'rounded-full bg-orange-100 px-1.5 text-orange-950';

/** Scrolls the current tab into the row's view (not the page's). */
const inView = (link: HTMLAnchorElement | null) => link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

export function StatusTabs({ search }: { search: OrdersSearch }) {
  const filters = tabFiltersOf(search);
  const counts = useQuery(countsQuery(filters));
  // A name search with many matches counts the newest 1,001: every tab then shows "N+" (at least N).
  const capped = new Set<string>(counts.data?.capped ?? []);
  const shown = (tab: OrdersTab): string | undefined => {
    const key = tab === 'all' ? 'all' : tab;
    const n = counts.data?.counts[key];
    if (n === undefined) return undefined;
    return capped.size > 0 && (tab === 'all' || capped.has(tab) || tab === 'needs_check' || tab === 'spam') ? `${formatCount(n)}+` : formatCount(n);
  };
  const tabs: Array<{ tab: OrdersTab; label: string }> = [
    { tab: 'all', label: T.orders.all },
    { tab: 'needs_check', label: T.risk.needsCheck },
    ...ORDER_STATUSES.map((status) => ({ tab: status, label: statusName(status) })),
    { tab: 'spam', label: T.risk.spamTab },
  ];
  const currentTab = tabOf(search);
  return (
    // One row on a phone, scrolling sideways (its links take the keyboard's focus), the current tab in view; rows that wrap from 640 px.
    <nav aria-label={T.orders.tabs} className="-mx-3 mb-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {tabs.map(({ tab, label }) => {
          const current = tab === currentTab;
          const count = shown(tab);
          const waiting = tab === 'needs_check' && !current && (counts.data?.counts.needs_check ?? 0) > 0;
          return (
            <li key={tab}>
              <Link
                to="/orders"
                search={viewOfTab(filters, tab)}
                className={`${TAB} ${current ? CURRENT : IDLE}`}
                aria-current={current ? 'page' : undefined}
                ref={current ? inView : undefined}
              >
                {label}{' '}
                {count !== undefined ? <span className={`text-xs font-semibold ${current ? 'text-white' : waiting ? WAITING : 'text-slate-600'}`}>{count}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
