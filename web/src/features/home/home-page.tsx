// The home page: the getting-started checklist, from the store's own data
// (GET /dashboard/api/home): a step is done when the store shows it, not when it was clicked.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApiError } from '../../api/client';
import { can, useMe, type Me } from '../../api/use-session';
import { ErrorNotice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SettingsSection } from '../settings/use-settings';
import { homeQuery, type Checklist } from './use-home';

type Step = keyof Checklist;

const STEPS: Step[] = ['product', 'shipping', 'payment', 'snippet', 'first_order', 'integration'];

/** Where a step is done (a section of the settings page for shipping and payment; the first order: the orders list, which every member opens), when this member may go there. */
function stepLink(step: Step, me: Me): { to: '/keys' | '/products' | '/settings' | '/orders'; hash?: SettingsSection } | null {
  if (step === 'product' || step === 'snippet') return can(me, 'products:manage') ? { to: '/products' } : null;
  // Orders keep arriving there after the first: this step's link stays once it is done.
  if (step === 'first_order') return { to: '/orders' };
  if (step === 'shipping' || step === 'payment') return can(me, 'settings:manage') ? { to: '/settings', hash: step } : null;
  return step === 'integration' && can(me, 'integrations:manage') ? { to: '/keys' } : null;
}

export function HomePage() {
  const me = useMe();
  const home = useQuery(homeQuery);
  const checklist = home.data?.checklist;
  const done = checklist ? STEPS.filter((step) => checklist[step]).length : 0;
  return (
    <>
      <PageHeader title={T.home.title(me.user.name)} />
      <Card title={T.home.checklistTitle}>
        <p className="-mt-2 mb-4 text-sm text-slate-700">
          {T.home.checklistLead} {checklist ? <strong>{T.home.progress(done, STEPS.length)}</strong> : null}
        </p>
        {home.isPending ? <Loading label={T.loading} /> : null}
        <ErrorNotice error={home.error as ApiError | null} />
        {checklist ? (
          <ol className="space-y-2">
            {STEPS.map((step, index) => {
              const text = T.home.steps[step]!;
              const link = stepLink(step, me);
              return (
                <li key={step} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${checklist[step] ? 'bg-green-600 text-white' : 'border-2 border-slate-300 text-slate-600'}`}
                  >
                    {checklist[step] ? '✓' : index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {text.title} <span className="sr-only">({checklist[step] ? T.home.done : T.home.todo})</span>
                    </p>
                    <p className="text-sm text-slate-700">{text.body}</p>
                  </div>
                  {link && (!checklist[step] || step === 'first_order') ? (
                    <Link to={link.to} hash={link.hash} className="-my-1 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center self-center px-2 text-sm font-semibold text-brand-800 underline" aria-label={`${T.home.open}: ${text.title}`}>
                      {T.home.open}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
      </Card>
    </>
  );
}
