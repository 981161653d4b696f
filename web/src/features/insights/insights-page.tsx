// "Laporan" (issue 45 §2; docs/insights.md): a range's funnel, rates and revenue against the
// period before, the trend per day, closing per CS with the time to the first follow-up, and
// the breakdowns, each chart with its table and CSV. Any member opens it: the server answers a
// CS with their own orders' figures and no views, and the page shows what it is given. The
// range lives in the address (insights-search.ts); presets end today in the store's zone.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import { Pending } from './figure-table';
import { Funnel, Rates } from './funnel';
import { FollowUpSection, LeaderboardSection, ReturnsSection, SalesSection, TrendSection } from './insight-sections';
import { formatRange } from './insights-format';
import { daysIn, previousOf, rangeOf, type DayRange } from './insights-range';
import { DEFAULT_PRESET, PRESETS, type InsightsSearch } from './insights-search';
import { insightsCsvHref, insightsQuery } from './use-insights';

const MAX_DAYS = 366;
const TAB = 'inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-3 text-sm font-medium';
const IDLE = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';
const CURRENT = 'border-brand-700 bg-brand-700 text-white';

export function InsightsPage() {
  const me = useMe();
  const search = useSearch({ strict: false }) as InsightsSearch;
  const range = rangeOf(search);
  const previous = previousOf(range);
  const now = useQuery(insightsQuery(range));
  const before = useQuery(insightsQuery(previous));
  const empty = now.data !== undefined && now.data.totals.orders === 0 && !now.data.totals.views;
  return (
    <>
      <PageHeader title={T.insights.title} lead={can(me, 'orders:all') ? T.insights.lead : T.insights.leadCs} compact />
      <RangePicker search={search} range={range} previous={previous} />
      <div className="space-y-4" aria-busy={now.isPlaceholderData || undefined} data-testid="insights">
        {!now.data ? (
          <Pending error={now.error} retry={() => void now.refetch()} />
        ) : empty ? (
          <Notice>
            <p className="font-semibold">{T.insights.empty}</p>
            <p className="mt-1">{T.insights.emptyLead}</p>
          </Notice>
        ) : (
          <>
            <Funnel now={now.data.totals} before={before.isPlaceholderData ? undefined : before.data?.totals} csv={insightsCsvHref(range)} />
            <Rates now={now.data.totals} before={before.isPlaceholderData ? undefined : before.data?.totals} />
            <TrendSection range={range} />
            <LeaderboardSection range={range} />
            <FollowUpSection range={range} />
            <SalesSection range={range} by="product" />
            <SalesSection range={range} by="payment_method" />
            <SalesSection range={range} by="utm_source" />
            <SalesSection range={range} by="utm_campaign" />
            <ReturnsSection range={range} by="courier" />
            <ReturnsSection range={range} by="province" />
          </>
        )}
      </div>
    </>
  );
}

/** The presets as links (one row, scrolling sideways on a phone), the days shown and compared, and days of one's own. */
function RangePicker({ search, range, previous }: { search: InsightsSearch; range: DayRange; previous: DayRange }) {
  const custom = search.from !== undefined;
  const current = custom ? null : (search.range ?? DEFAULT_PRESET);
  const [open, setOpen] = useState(custom);
  return (
    <div className="mb-4">
      <nav aria-label={T.insights.ranges} className="-mx-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
          {PRESETS.map((preset) => (
            <li key={preset}>
              <Link to="/insights" search={{ range: preset }} className={`${TAB} ${preset === current ? CURRENT : IDLE}`} aria-current={preset === current ? 'page' : undefined}>
                {T.insights.presets[preset]}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className={`${TAB} ${custom ? CURRENT : IDLE}`} aria-expanded={open} aria-controls={open ? "custom-range" : undefined} onClick={() => setOpen(!open)}>
              {T.insights.presets.custom}
            </button>
          </li>
        </ul>
      </nav>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900" data-testid="range">
          {formatRange(range)}
        </span>{' '}
        · {T.insights.compared(formatRange(previous))}
      </p>
      {open ? <CustomRange key={`${range.from}-${range.to}`} range={range} /> : null}
    </div>
  );
}

function CustomRange({ range }: { range: DayRange }) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [bad, setBad] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || from > to || daysIn({ from, to }) > MAX_DAYS) return setBad(true);
    void navigate({ to: '/insights', search: { from, to } });
  };
  return (
    <form id="custom-range" onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-3">
        <TextField label={T.insights.from} type="date" value={from} onChange={(e) => (setFrom(e.target.value), setBad(false))} error={bad ? T.insights.badRange : undefined} />
        <TextField label={T.insights.to} type="date" value={to} onChange={(e) => (setTo(e.target.value), setBad(false))} />
        <Button type="submit" variant="secondary">
          {T.insights.show}
        </Button>
    </form>
  );
}
