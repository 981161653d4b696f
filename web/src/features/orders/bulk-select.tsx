// Choosing orders of the list for a bulk action (issue 33 §1): a checkbox on each row or card,
// one for the orders shown, and "all in this view", which chooses the view itself (its tab,
// search and filters: the server reads every order of it, however many pages it holds), not
// the ids loaded so far. A change of the view drops the choice: it was a choice of another view.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { formatCount } from '../../lib/format';
import { T } from '../../text/id';
import { filtersOf, type OrdersSearch } from './orders-search';
import { countsQuery, type ListedOrder } from './use-orders';

/** The most orders one action over a view changes (the server's cap: 422 too_many_orders above it). */
export const MAX_VIEW_ORDERS = 10_000;

export interface Selection {
  /** The orders chosen one by one (empty while the whole view is chosen). */
  ids: ReadonlySet<number>;
  /** The whole view is chosen. */
  allInView: boolean;
  /** How many orders the choice holds (the tab's count for the whole view; undefined while it is not known). */
  count: number | undefined;
  /** The tab's count of the view. */
  viewCount: number | undefined;
  isChosen(id: number): boolean;
  toggle(id: number, shown: readonly ListedOrder[]): void;
  choosePage(shown: readonly ListedOrder[], on: boolean): void;
  chooseView(): void;
  clear(): void;
}

export function useSelection(search: OrdersSearch): Selection {
  const view = JSON.stringify(search);
  const [state, setState] = useState({ view, ids: new Set<number>(), all: false });
  // Another view: the choice was of the one before.
  const current = state.view === view ? state : { view, ids: new Set<number>(), all: false };
  if (current !== state) setState(current);
  const counts = useQuery(countsQuery(filtersOf(search)));
  const viewCount = counts.data?.counts[search.status ?? 'all'];
  const set = (ids: Set<number>, all = false) => setState({ view, ids, all });
  return {
    ids: current.ids,
    allInView: current.all,
    count: current.all ? viewCount : current.ids.size,
    viewCount,
    isChosen: (id) => current.all || current.ids.has(id),
    toggle: (id, shown) => {
      // Leaving "all in this view": the orders shown stay chosen, but this one.
      const ids = new Set(current.all ? shown.map((order) => order.id) : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set(ids);
    },
    choosePage: (shown, on) => set(on ? new Set(shown.map((order) => order.id)) : new Set()),
    chooseView: () => set(new Set(), true),
    clear: () => set(new Set()),
  };
}

/** A row's or card's checkbox: a 44 px target above the card's stretched link, named by the order. */
export function SelectBox({ order, selection, shown }: { order: ListedOrder; selection: Selection; shown: readonly ListedOrder[] }) {
  return (
    <label className="relative z-10 -ml-2 inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={selection.isChosen(order.id)}
        onChange={() => selection.toggle(order.id, shown)}
        aria-label={T.bulk.select(order.id, order.customer_name)}
      />
    </label>
  );
}

/** The table's header checkbox: every order shown. */
export function SelectPageBox({ selection, shown }: { selection: Selection; shown: readonly ListedOrder[] }) {
  const all = shown.length > 0 && shown.every((order) => selection.isChosen(order.id));
  return (
    <label className="-ml-2 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input type="checkbox" className="size-5 accent-brand-700" checked={all} onChange={() => selection.choosePage(shown, !all)} aria-label={T.bulk.selectPage} />
    </label>
  );
}

/**
 * Above the list: the whole view (its tab's count). The orders shown are chosen together by the
 * table's header box on a desktop; a phone, where every row counts, offers only the view.
 */
export function SelectAll({ selection }: { selection: Selection }) {
  const tooMany = selection.viewCount !== undefined && selection.viewCount > MAX_VIEW_ORDERS;
  return (
    <div className="mb-2">
      {selection.allInView ? (
        <p className="flex min-h-11 items-center text-sm font-medium text-slate-800" role="status">
          {T.bulk.viewChosen(selection.viewCount === undefined ? '…' : formatCount(selection.viewCount))}
        </p>
      ) : tooMany ? (
        <p className="text-sm text-slate-700">{T.bulk.viewTooMany}</p>
      ) : (
        <Button variant="ghost" className="-ml-2 px-2 text-left" onClick={selection.chooseView}>
          {selection.viewCount === undefined ? T.bulk.selectViewUnknown : T.bulk.selectView(formatCount(selection.viewCount))}
        </Button>
      )}
    </div>
  );
}
