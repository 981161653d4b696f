// The list's filters (issue 32 §1): the created date range (days in the store's time zone,
// inclusive), product, CS (owners and admins: a CS sees only their own orders), payment method,
// courier, province, UTM source and campaign, who to follow up, the buyers' replies waiting
// ("balasan baru", issue 42), whether the label was printed (issue 44), and within "Perlu dicek" one kind of flag (issue 43). They are
// edited here and applied together, into the page's address (the tab stays); a value the choices no longer hold (a removed product, an old courier)
// stays choosable, so a shared link keeps meaning what it meant.
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { T } from '../../text/id';
import { flagName } from './flag-chips';
import { activeFilterCount, FLAG_FILTERS, withoutFilters, type FlagFilter, type OrdersFilters, type OrdersSearch } from './orders-search';
import { useFilterChoices } from './use-orders';

// The search has its own box, and `spam=only` is a tab of its own; `flag` is chosen here within the tab "Perlu dicek".
type Draft = Required<Record<Exclude<keyof OrdersFilters, 'q' | 'spam'>, string>>;

const draftOf = (search: OrdersSearch): Draft => ({
  from: search.from ?? '',
  to: search.to ?? '',
  product_id: search.product_id === undefined ? '' : String(search.product_id),
  cs: search.cs ?? '',
  payment_method: search.payment_method ?? '',
  courier: search.courier ?? '',
  province: search.province ?? '',
  utm_source: search.utm_source ?? '',
  utm_campaign: search.utm_campaign ?? '',
  followed_up: search.followed_up ?? '',
  printed: search.printed ?? '',
  stale_hours: search.stale_hours === undefined ? '' : String(search.stale_hours),
  reply: search.reply ?? '',
  flag: search.flag ?? '',
});

/** The choices of "pending without a follow-up for more than": hours. */
const STALE_HOURS = [1, 3, 6, 12, 24, 48, 72];

/** The filters a draft sets (blank: not set), beside the view's search and its tab ("Spam" stays "Spam"). */
function filtersFrom(draft: Draft, search: OrdersSearch): OrdersFilters {
  const filters: OrdersFilters = { q: search.q, spam: search.spam };
  for (const [key, value] of Object.entries(draft) as Array<[keyof Draft, string]>) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (key === 'product_id') filters.product_id = Number(trimmed);
    else if (key === 'stale_hours') filters.stale_hours = Number(trimmed);
    else if (key === 'followed_up') filters.followed_up = 'none';
    else if (key === 'printed') filters.printed = trimmed === 'true' ? 'true' : 'false';
    else if (key === 'reply') filters.reply = 'new';
    else if (key === 'flag') filters.flag = trimmed as FlagFilter;
    else filters[key] = trimmed;
  }
  return filters;
}

/** The values to choose from, with the one chosen now kept when the choices no longer hold it. */
const withCurrent = (values: string[], current: string): string[] => (current === '' || values.includes(current) ? values : [...values, current]);

type Choices = ReturnType<typeof useFilterChoices>;

const productNameIn = (choices: Choices, id: string) => choices.products.find((product) => String(product.id) === id)?.name ?? `${T.orders.product} ${T.orders.number(Number(id))}`;
function assigneeNameIn(choices: Choices, id: string): string {
  if (id === 'none') return T.orders.unassigned;
  const member = choices.assignees.find((candidate) => String(candidate.id) === id);
  return member ? T.orders.assignRole(member.name, T.roles[member.role] ?? member.role) : `${T.orders.cs} ${T.orders.number(Number(id))}`;
}

/** Each filter the view sets, as a chip's text and the view without it. */
function activeChips(search: OrdersSearch, choices: Choices): Array<{ key: string; text: string; without: OrdersFilters }> {
  const { status: _tab, ...filters } = search;
  const chips: Array<{ key: string; text: string; without: OrdersFilters }> = [];
  const add = (keys: Array<keyof OrdersFilters>, text: string) => {
    const without = { ...filters };
    for (const key of keys) delete without[key];
    chips.push({ key: keys.join('-'), text, without });
  };
  if (filters.from || filters.to) add(['from', 'to'], T.orders.chip(T.orders.dates, T.orders.chipDates(filters.from, filters.to)));
  if (filters.product_id !== undefined) add(['product_id'], T.orders.chip(T.orders.product, productNameIn(choices, String(filters.product_id))));
  if (filters.cs !== undefined) add(['cs'], T.orders.chip(T.orders.cs, assigneeNameIn(choices, filters.cs)));
  if (filters.payment_method !== undefined) add(['payment_method'], T.orders.chip(T.orders.paymentMethod, T.orders.payment[filters.payment_method] ?? filters.payment_method));
  if (filters.courier !== undefined) add(['courier'], T.orders.chip(T.orders.courier, filters.courier));
  if (filters.province !== undefined) add(['province'], T.orders.chip(T.orders.province, filters.province));
  if (filters.utm_source !== undefined) add(['utm_source'], T.orders.chip(T.orders.utmSource, filters.utm_source));
  if (filters.utm_campaign !== undefined) add(['utm_campaign'], T.orders.chip(T.orders.utmCampaign, filters.utm_campaign));
  if (filters.stale_hours !== undefined) add(['stale_hours'], T.orders.chip(T.orders.followUp.stale, T.orders.followUp.hours(filters.stale_hours)));
  if (filters.followed_up !== undefined) add(['followed_up'], T.orders.followUp.filterNone);
  if (filters.printed !== undefined) add(['printed'], filters.printed === 'true' ? T.printing.chipPrinted : T.printing.chipNotPrinted);
  if (filters.reply !== undefined) add(['reply'], T.orders.reply.filter);
  // One flag within "Perlu dicek": its chip goes back to every flag, not out of the tab.
  if (filters.flag !== undefined && filters.flag !== 'any') chips.push({ key: 'flag', text: T.orders.chip(T.risk.chipFlag, flagName(filters.flag)), without: { ...filters, flag: 'any' } });
  return chips;
}

/**
 * The filters the view sets, as chips under the search (the panel stays closed once applied):
 * each chip removes its filter; "Hapus semua filter" removes them all. Nothing when none is set.
 */
export function ActiveFilters({ search, onApply }: { search: OrdersSearch; onApply(filters: OrdersFilters): void }) {
  const me = useMe();
  const chips = activeChips(search, useFilterChoices(me));
  if (chips.length === 0) return null;
  return (
    // One row on a phone, scrolling sideways like the tabs under it; rows that wrap from 640 px.
    <section aria-label={T.orders.activeFilters} className="-mx-3 mb-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:overflow-visible sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="inline-flex min-h-11 max-w-[18rem] shrink-0 items-center gap-2 whitespace-nowrap rounded-full border border-brand-600 bg-brand-50 px-3 text-left text-sm font-medium text-brand-800 hover:bg-brand-100"
              aria-label={T.orders.removeFilter(chip.text)}
              onClick={() => onApply(chip.without)}
            >
              <span className="truncate">{chip.text}</span>
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </button>
          </li>
        ))}
        {chips.length > 1 ? (
          <li>
            <button type="button" className="inline-flex min-h-11 shrink-0 items-center whitespace-nowrap px-2 text-sm font-semibold text-brand-800 underline" onClick={() => onApply(withoutFilters(search))}>
              {T.orders.clearFilters}
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export function FilterPanel({ search, open, onApply, error }: { search: OrdersSearch; open: boolean; onApply(filters: OrdersFilters): void; error: ApiError | null }) {
  const me = useMe();
  const choices = useFilterChoices(me);
  const [draft, setDraft] = useState(() => draftOf(search));
  // The address changed (a tab, back, a shared link): the fields show what it says.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setDraft(draftOf(search));
  }
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const fields = error?.code === 'invalid_request' ? (error.body.fields ?? {}) : {};
  const products = withCurrent(
    choices.products.map((product) => String(product.id)),
    draft.product_id,
  );
  const productName = (id: string) => productNameIn(choices, id);
  const assignees = withCurrent(
    choices.assignees.map((member) => String(member.id)),
    draft.cs === 'none' ? '' : draft.cs,
  );
  const assigneeName = (id: string) => assigneeNameIn(choices, id);
  return (
    <section id="orders-filters" hidden={!open} aria-labelledby="orders-filters-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="orders-filters-title" className="mb-3 text-base font-semibold">
        {T.orders.filtersTitle}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply(filtersFrom(draft, search));
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {/* Within "Perlu dicek": one kind of flag (the tab itself is every kind). */}
          {search.flag !== undefined ? (
            <div className="sm:col-span-2 lg:col-span-3">
              <SelectField label={T.risk.flagFilter} value={draft.flag} onChange={set('flag')}>
                <option value="any">{T.risk.anyFlag}</option>
                {FLAG_FILTERS.filter((flag) => flag !== 'any').map((flag) => (
                  <option key={flag} value={flag}>
                    {flagName(flag)}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
          {/* The buyers waiting for an answer first: what a CS most often looks for. */}
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900 sm:col-span-2 lg:col-span-3">
            <input type="checkbox" className="size-5" checked={draft.reply === 'new'} onChange={(event) => setDraft({ ...draft, reply: event.target.checked ? 'new' : '' })} />
            {T.orders.reply.filter}
          </label>
          <fieldset className="sm:col-span-2">
            <legend className="sr-only">{T.orders.dates}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={T.orders.from} type="date" value={draft.from} onChange={set('from')} max={draft.to || undefined} error={fields.from} />
              <TextField label={T.orders.to} type="date" value={draft.to} onChange={set('to')} min={draft.from || undefined} error={fields.to} />
            </div>
            <p className="mt-1 text-sm text-slate-600">{T.orders.datesHint}</p>
          </fieldset>
          <SelectField label={T.orders.product} value={draft.product_id} onChange={set('product_id')}>
            <option value="">{T.orders.anyProduct}</option>
            {products.map((id) => (
              <option key={id} value={id}>
                {productName(id)}
              </option>
            ))}
          </SelectField>
          {can(me, 'orders:all') ? (
            <SelectField label={T.orders.cs} value={draft.cs} onChange={set('cs')}>
              <option value="">{T.orders.anyCs}</option>
              <option value="none">{T.orders.unassigned}</option>
              {assignees.map((id) => (
                <option key={id} value={id}>
                  {assigneeName(id)}
                </option>
              ))}
            </SelectField>
          ) : null}
          <SelectField label={T.orders.paymentMethod} value={draft.payment_method} onChange={set('payment_method')}>
            <option value="">{T.orders.anyPayment}</option>
            {withCurrent(choices.paymentMethods, draft.payment_method).map((method) => (
              <option key={method} value={method}>
                {T.orders.payment[method] ?? method}
              </option>
            ))}
          </SelectField>
          <SelectField label={T.orders.courier} value={draft.courier} onChange={set('courier')}>
            <option value="">{T.orders.anyCourier}</option>
            {withCurrent(choices.couriers, draft.courier).map((courier) => (
              <option key={courier} value={courier}>
                {courier}
              </option>
            ))}
          </SelectField>
          {choices.provinces.length > 0 ? (
            <SelectField label={T.orders.province} value={draft.province} onChange={set('province')}>
              <option value="">{T.orders.anyProvince}</option>
              {withCurrent(choices.provinces, draft.province).map((province) => (
                <option key={province} value={province}>
                  {province}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField label={T.orders.province} value={draft.province} onChange={set('province')} hint={T.orders.provinceHint} autoComplete="off" />
          )}
          <TextField label={T.orders.utmSource} value={draft.utm_source} onChange={set('utm_source')} autoComplete="off" />
          <TextField label={T.orders.utmCampaign} value={draft.utm_campaign} onChange={set('utm_campaign')} autoComplete="off" />
          <SelectField label={T.orders.followUp.stale} value={draft.stale_hours} onChange={set('stale_hours')} error={fields.stale_hours}>
            <option value="">{T.orders.followUp.anyStale}</option>
            {withCurrent(STALE_HOURS.map(String), draft.stale_hours).map((hours) => (
              <option key={hours} value={hours}>
                {T.orders.followUp.hours(Number(hours))}
              </option>
            ))}
          </SelectField>
          <SelectField label={T.printing.filter} value={draft.printed} onChange={set('printed')}>
            <option value="">{T.printing.filterAny}</option>
            <option value="false">{T.printing.filterNotPrinted}</option>
            <option value="true">{T.printing.filterPrinted}</option>
          </SelectField>
          <label className="flex min-h-11 items-center gap-3 self-end text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="size-5"
              checked={draft.followed_up === 'none'}
              onChange={(event) => setDraft({ ...draft, followed_up: event.target.checked ? 'none' : '' })}
            />
            {T.orders.followUp.filterNone}
          </label>
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button type="submit">{T.orders.apply}</Button>
          {activeFilterCount(search) > 0 ? (
            <Button variant="secondary" onClick={() => onApply(withoutFilters(search))}>
              {T.orders.clearFilters}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
