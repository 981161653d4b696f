// The orders list (issue 32 §1): tabs for every order, the seven states, "Perlu dicek" and
// "Spam" (issue 43) with their counts, one search box, the filters, and the orders newest first,
// a page at a time ("Muat lagi" follows the server's cursor). The tab, search and filters are the page's address, so a view
// can be bookmarked and shared. A phone shows each order as a card; a desktop, a table. New and
// changed orders come in without a reload (live-orders.tsx).
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { Button, buttonClass } from '../../components/ui/button';
import { MoreActions } from '../../components/ui/more-actions';
import { ErrorNotice } from '../../components/ui/notice';
import { Loading, PageHeader } from '../../components/ui/page';
import { SMALL, useMediaQuery, WIDE } from '../../lib/media';
import { T } from '../../text/id';
import { BulkBar } from './bulk-bar';
import { SelectAll, SelectBox, SelectPageBox, useSelection } from './bulk-select';
import { OrderCard, OrdersTable } from './order-row';
import { OrderFilesActions } from './order-files-actions';
import { LiveOrders } from './live-orders';
import { ActiveFilters, FilterPanel } from './orders-filters';
import { activeFilterCount, rememberView, tabOf, type OrdersFilters } from './orders-search';
import { OrdersToolbar } from './orders-toolbar';
import { StatusTabs } from './status-tabs';
import { ordersQuery } from './use-orders';

export function OrdersPage() {
  const me = useMe();
  const search = useSearch({ from: '/app/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const wide = useMediaQuery(WIDE);
  const phoneOrWider = useMediaQuery(SMALL);
  // Closed at first and once applied: the filters set show as chips, so the first order stays on a phone's first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const list = useInfiniteQuery(ordersQuery(search));
  const error = list.error as ApiError | null;
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];
  const selection = useSelection(search);
  useEffect(() => rememberView(search), [search]);

  const show = (filters: OrdersFilters) => void navigate({ search: { ...filters, status: search.status } });
  const apply = (filters: OrdersFilters) => {
    setFiltersOpen(false);
    show(filters);
  };
  const tab = tabOf(search);
  const viewed = search.q !== undefined || activeFilterCount(search) > 0 || tab !== 'all';
  const empty =
    search.q === undefined && activeFilterCount(search) === 0 && (tab === 'needs_check' || tab === 'spam')
      ? tab === 'spam'
        ? T.risk.emptySpam
        : T.risk.emptyNeedsCheck
      : viewed
        ? T.orders.emptyView
        : can(me, 'orders:all')
          ? T.orders.empty
          : T.orders.emptyCs;
  return (
    <>
      <PageHeader
        title={T.orders.title}
        lead={can(me, 'orders:all') ? T.orders.lead : T.orders.leadCs}
        compact
        actions={
          // Beside the title; on a phone the file actions wait in a compact menu.
          <div className="flex gap-2">
            {/* "Tambah" on a phone, its name still "Tambah pesanan" (the visible word starts it). */}
            <Link to="/orders/new" className={`${buttonClass('primary', 'px-3 sm:px-4')} whitespace-nowrap`} aria-label={phoneOrWider ? undefined : T.newOrder.add}>
              {phoneOrWider ? T.newOrder.add : T.newOrder.addShort}
            </Link>
            {phoneOrWider ? (
              <OrderFilesActions search={search} />
            ) : (
              <MoreActions label={T.orders.moreActions}>
                <OrderFilesActions search={search} />
              </MoreActions>
            )}
          </div>
        }
      />
      <OrdersToolbar
        search={search}
        onSearch={(q) => show({ ...search, q })}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen(!filtersOpen)}
        error={error}
      />
      <FilterPanel search={search} open={filtersOpen} onApply={apply} error={error} />
      <ActiveFilters search={search} onApply={apply} />
      <StatusTabs search={search} />
      <LiveOrders />
      {list.isPending ? <Loading label={T.loading} /> : null}
      {error && error.code !== 'query_too_short' ? <ErrorNotice error={error} /> : null}
      {list.isSuccess && orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{empty}</p>
      ) : null}
      {orders.length > 0 ? (
        <>
          <SelectAll selection={selection} />
          {wide ? (
            <OrdersTable
              orders={orders}
              select={{ header: <SelectPageBox selection={selection} shown={orders} />, cell: (order) => <SelectBox order={order} selection={selection} shown={orders} /> }}
            />
          ) : (
            <ul className="space-y-3">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} select={<SelectBox order={order} selection={selection} shown={orders} />} />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {T.orders.shown(orders.length)}
            </p>
            {list.hasNextPage ? (
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
                {T.orders.loadMore}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <BulkBar selection={selection} search={search} />
    </>
  );
}
