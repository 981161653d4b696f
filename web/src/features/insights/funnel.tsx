// The funnel (views → orders → closed → paid → shipped → completed) with cancelled, returned
// and invalid beside it, then the rates and revenue: each number with its change against the
// period before and its definition under it. A CS has no views (the server answers null): the
// views step and the conversion are left out.
import { buttonClass } from '../../components/ui/button';
import { formatCount, formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import type { InsightFigure } from '../../text/insights';
import { InsightSection } from './figure-table';
import { changeOf, formatRate, type Change } from './insights-format';
import type { Figures } from './use-insights';

const STEPS = ['views', 'orders', 'closed', 'paid', 'shipped', 'completed'] as const;
const BESIDE = ['form_orders', 'cancelled', 'returned', 'invalid'] as const;
const RATES = ['revenue', 'closing_rate', 'paid_rate', 'conversion', 'return_rate'] as const;

const TONE = { good: 'text-green-800', bad: 'text-red-800', flat: 'text-slate-600' } as const;

export function ChangeText({ change }: { change: Change | null }) {
  if (!change) return null;
  return (
    <span className={`whitespace-nowrap text-xs font-semibold ${TONE[change.tone]}`}>
      <span aria-hidden="true">
        {change.arrow} {change.amount}
      </span>
      <span className="sr-only">{change.label}</span>
    </span>
  );
}

const valueOf = (figures: Figures | undefined, figure: InsightFigure): number | null => (figures ? figures[figure] : null);

function shown(figure: InsightFigure, value: number | null): string {
  if (figure === 'revenue') return formatRupiah(value ?? 0);
  if (figure === 'conversion' || figure === 'closing_rate' || figure === 'paid_rate' || figure === 'return_rate') return formatRate(value);
  return value === null ? T.none : formatCount(value);
}

export function Funnel({ now, before, csv }: { now: Figures; before: Figures | undefined; csv: string }) {
  const steps = STEPS.filter((step) => step !== 'views' || now.views !== null);
  // Bars against the orders: views are many times more, and would shrink every other bar to a dot.
  const top = Math.max(1, now.orders);
  return (
    <section aria-labelledby="funnel" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="funnel" className="sr-only">
        {T.insights.funnel}
      </h2>
      <ol className="space-y-2.5">
        {steps.map((step) => {
          const value = now[step] ?? 0;
          return (
            <li key={step} data-testid={`step-${step}`}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="text-sm font-semibold text-slate-900">{T.insights.names[step]}</span>
                <span className="flex items-baseline gap-2">
                  <ChangeText change={changeOf(step, now[step], valueOf(before, step))} />
                  <span className="text-lg font-bold tabular-nums" data-testid={`figure-${step}`}>
                    {shown(step, value)}
                  </span>
                </span>
              </div>
              {step === 'views' ? null : (
                <div aria-hidden="true" className="mt-0.5 h-2 rounded-full bg-slate-100">
                  <div className="h-2 rounded-full bg-brand-700" style={{ width: `${(value / top) * 100}%` }} />
                </div>
              )}
              <p className="mt-0.5 text-xs text-slate-600">{T.insights.definitions[step]}</p>
            </li>
          );
        })}
      </ol>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{T.insights.beside}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
        {BESIDE.map((figure) => (
          <Figure key={figure} figure={figure} now={now} before={before} />
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <p className="text-xs text-slate-600">{T.insights.funnelLead}</p>
        <a href={csv} download className={buttonClass('secondary')} aria-label={T.insights.csvOf(T.insights.funnel)}>
          {T.insights.csv}
        </a>
      </div>
    </section>
  );
}

function Figure({ figure, now, before, large = false, className = '' }: { figure: InsightFigure; now: Figures; before: Figures | undefined; large?: boolean; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-sm text-slate-700">{T.insights.names[figure]}</dt>
      <dd>
        <span className={`${large ? 'text-xl' : 'text-base'} font-bold tabular-nums`} data-testid={`figure-${figure}`}>
          {shown(figure, now[figure])}
        </span>{' '}
        <ChangeText change={changeOf(figure, now[figure], valueOf(before, figure))} />
      </dd>
      <dd className="mt-0.5 text-xs text-slate-600">{T.insights.definitions[figure]}</dd>
    </div>
  );
}

export function Rates({ now, before }: { now: Figures; before: Figures | undefined }) {
  const figures = RATES.filter((figure) => figure !== 'conversion' || now.views !== null);
  return (
    <InsightSection id="rates" title={T.insights.rates}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 lg:grid-cols-5">
        {figures.map((figure) => (
          <Figure key={figure} figure={figure} now={now} before={before} large className={figure === 'revenue' ? 'col-span-2 lg:col-span-1' : ''} />
        ))}
      </dl>
    </InsightSection>
  );
}
