// The orders list's view read from its address (web/src/features/orders/orders-search.ts): what
// a bookmark or a teammate's link asks for is kept, what the list cannot use is dropped, so a
// mistyped link opens the list rather than an error.
import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersOf, readOrdersSearch, tabFiltersOf, tabOf, viewOfTab, withoutFilters } from '../src/features/orders/orders-search.js';
import { parseSearch, stringifySearch } from '../src/lib/search-params.js';

describe("the orders list's address", () => {
  it('keeps the tab, the search and every filter', () => {
    const view = readOrdersSearch({
      status: 'paid', q: ' 0812-3456-7890 ', from: '2026-11-01', to: '2026-11-30', product_id: '3', cs: 'none',
      payment_method: 'cod', courier: 'J&T', province: 'Jawa Barat', utm_source: 'facebook', utm_campaign: 'promo-11',
    });
    expect(view).toEqual({
      status: 'paid', q: '0812-3456-7890', from: '2026-11-01', to: '2026-11-30', product_id: 3, cs: 'none',
      payment_method: 'cod', courier: 'J&T', province: 'Jawa Barat', utm_source: 'facebook', utm_campaign: 'promo-11',
    });
    expect(filtersOf(view)).not.toHaveProperty('status');
    // The dates count once; the search is not a filter.
    expect(activeFilterCount(view)).toBe(8);
  });

  it('reads numbers the router parsed from the address (q=12345, product_id=3, cs=7) as the list sends them', () => {
    expect(readOrdersSearch({ q: 12345, product_id: 3, cs: 7 })).toEqual({ q: '12345', product_id: 3, cs: '7' });
  });

  it('drops what the list cannot use: an unknown tab, a day not written YYYY-MM-DD, a product or CS that is not an id, blanks', () => {
    expect(readOrdersSearch({ status: 'lost', from: '1/11/2026', to: '2026-11', product_id: 'kaos', cs: 'budi', q: '   ', courier: '' })).toEqual({});
    expect(readOrdersSearch({ product_id: '0', cs: '0' })).toEqual({});
    expect(activeFilterCount({})).toBe(0);
  });

  it('keeps the follow-up filters, within their range', () => {
    expect(readOrdersSearch({ followed_up: 'none', stale_hours: '24' })).toEqual({ followed_up: 'none', stale_hours: 24 });
    for (const stale_hours of ['0', '8761', '1.5', 'lama']) expect(readOrdersSearch({ followed_up: 'yes', stale_hours })).toEqual({});
  });

  it('keeps the risky orders\' tabs (issue 43): "Perlu dicek" (a flag) and "Spam"; a tab change keeps the filters, not the other tab', () => {
    expect(readOrdersSearch({ flag: 'any', spam: 'only' })).toEqual({ flag: 'any', spam: 'only' });
    expect(readOrdersSearch({ flag: 'duplicate' })).toEqual({ flag: 'duplicate' });
    expect(readOrdersSearch({ flag: 'fake', spam: 'yes' })).toEqual({});
    expect(tabOf({})).toBe('all');
    expect(tabOf({ status: 'paid' })).toBe('paid');
    expect(tabOf({ flag: 'any' })).toBe('needs_check');
    expect(tabOf({ flag: 'cod_risk', courier: 'JNE' })).toBe('needs_check');
    expect(tabOf({ spam: 'only', flag: 'any' })).toBe('spam');

    const view = { flag: 'duplicate', courier: 'JNE', q: 'Sri' } as const;
    expect(tabFiltersOf(view)).toEqual({ courier: 'JNE', q: 'Sri' });
    expect(viewOfTab(tabFiltersOf(view), 'spam')).toEqual({ courier: 'JNE', q: 'Sri', spam: 'only' });
    expect(viewOfTab(tabFiltersOf(view), 'needs_check')).toEqual({ courier: 'JNE', q: 'Sri', flag: 'any' });
    expect(viewOfTab(tabFiltersOf({ spam: 'only' }), 'paid')).toEqual({ status: 'paid' });
    expect(viewOfTab({}, 'all')).toEqual({});
    // The counts of "all in this view" are asked under the flag and the spam mark.
    expect(filtersOf({ status: 'paid', flag: 'any' })).toEqual({ flag: 'any' });

    // One kind of flag is a filter within the tab; the tab itself is none. Clearing the filters keeps the tab.
    expect(activeFilterCount({ flag: 'any', spam: 'only' })).toBe(0);
    expect(activeFilterCount(view)).toBe(2);
    expect(withoutFilters(view)).toEqual({ q: 'Sri', flag: 'any' });
    expect(withoutFilters({ spam: 'only', courier: 'JNE' })).toEqual({ spam: 'only' });
    expect(withoutFilters({ status: 'paid', courier: 'JNE' })).toEqual({});
  });

  it('is written in the address as plain text and read back as the same view', () => {
    const view = { status: 'paid', cs: '2', q: '0812-3456-7890', product_id: 3, courier: 'J&T' } as const;
    const address = stringifySearch(view);
    expect(address).toBe('?status=paid&cs=2&q=0812-3456-7890&product_id=3&courier=J%26T');
    expect(readOrdersSearch(parseSearch(address))).toEqual(view);
    // A link written in the router's JSON format still opens its view.
    expect(readOrdersSearch(parseSearch('?cs=%222%22&q=%22Sri%22&product_id=3'))).toEqual({ cs: '2', q: 'Sri', product_id: 3 });
  });
});
