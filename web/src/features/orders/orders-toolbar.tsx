// The list's toolbar: the one search box (order number, the buyer's phone in any written form,
// a resi, or three letters of a name: the server reads which) and the button that opens the
// filters, saying how many are on. Searching keeps the tab and the filters.
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { T } from '../../text/id';
import { activeFilterCount, type OrdersSearch } from './orders-search';

export function OrdersToolbar({
  search,
  onSearch,
  filtersOpen,
  onToggleFilters,
  error,
}: {
  search: OrdersSearch;
  onSearch(q: string | undefined): void;
  filtersOpen: boolean;
  onToggleFilters(): void;
  /** The list's refusal of the search (422 query_too_short), shown at the box. */
  error: ApiError | null;
}) {
  // The box starts from the address's q and follows it when the address changes (back, a shared link).
  const [typed, setTyped] = useState(search.q ?? '');
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    setShownQ(search.q);
    setTyped(search.q ?? '');
  }
  const refused = error?.code === 'query_too_short' ? error.body.error : undefined;
  return (
    <div className="mb-3 flex items-start gap-2">
      <form
        role="search"
        className="min-w-0 flex-1"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(typed.trim() === '' ? undefined : typed.trim());
        }}
      >
        <label htmlFor="orders-q" className="block text-sm font-medium text-slate-800">
          {T.orders.search}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="orders-q"
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={refused ? 'orders-q-hint orders-q-error' : 'orders-q-hint'}
            aria-invalid={refused ? true : undefined}
            className={`block min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${refused ? 'border-red-600' : 'border-slate-300'}`}
          />
          <Button type="submit" className="shrink-0">
            {T.orders.searchButton}
          </Button>
        </div>
        <p id="orders-q-hint" className="mt-1 text-sm text-slate-600">
          {T.orders.searchHint}
        </p>
        {refused ? (
          <p id="orders-q-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {refused}
          </p>
        ) : null}
      </form>
      <Button variant="secondary" className="mt-6 shrink-0" aria-expanded={filtersOpen} aria-controls="orders-filters" onClick={onToggleFilters}>
        {T.orders.filters(activeFilterCount(search))}
      </Button>
    </div>
  );
}
