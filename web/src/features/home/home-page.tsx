// The home page: the getting-started checklist, from the store's own data
// (GET /dashboard/api/home): a step is done when the store shows it, not when it was clicked;
// the CS rotation: a member's own duty switch, and the owner's and admins' notice when the
// rotation is on with nobody on duty (new orders then wait unassigned); and the owner's and
// admins' notice when the messaging provider stopped the store's sending (issue 42), first.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ApiError } from '../../api/client';
import { can, useMe, type Me } from '../../api/use-session';
import { buttonClass } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { CheckboxField } from '../../components/ui/field';
import { useSetDuty } from '../rotation/use-rotation';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SettingsSection } from '../settings/use-settings';
import { homeQuery, type Checklist, type Sending, type RotationState } from './use-home';

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
  return (
    <>
      <PageHeader title={T.home.title(me.user.name)} />
      {home.data?.messaging ? <SendingHalted sending={home.data.messaging} me={me} /> : null}
      {home.data ? <RotationCard rotation={home.data.rotation} me={me} /> : null}
      {/* The set-up checklist is the store's setting-up, the owner's and admins' work: a CS's home leads to their orders instead. */}
      {can(me, 'settings:manage') ? <Checklist me={me} /> : <MyOrdersCard />}
    </>
  );
}

/** The provider stopped the store's sending: what happened and what brings it back, with the way to "Pesan otomatis". */
function SendingHalted({ sending, me }: { sending: Sending; me: Me }) {
  if (sending.halted === null) return null;
  const text = T.messaging.halted[sending.halted];
  const action = sending.halted === 'token' && !can(me, 'settings:sensitive') ? T.messaging.halted.token.ownerOnly : text.action;
  return (
    <div className="mb-6" data-testid="sending-halted">
      <Notice tone="error">
        <p className="font-semibold">{text.title}</p>
        <p className="mt-1">{text.body}</p>
        <p className="mt-1">{action}</p>
        <Link to="/messaging" className="-mb-2 inline-flex min-h-11 items-center font-semibold underline">
          {T.messaging.halted.home}
        </Link>
      </Notice>
    </div>
  );
}

/** A CS's way in: their orders. */
function MyOrdersCard() {
  return (
    <Card title={T.home.myOrdersTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.home.myOrdersLead}</p>
      <Link to="/orders" className={buttonClass('primary')}>
        {T.home.myOrdersOpen}
      </Link>
    </Card>
  );
}

function Checklist({ me }: { me: Me }) {
  const home = useQuery(homeQuery);
  const checklist = home.data?.checklist;
  const done = checklist ? STEPS.filter((step) => checklist[step]).length : 0;
  return (
    <>
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

/** The rotation on the home page: nothing while it is off and the member is outside it. */
function RotationCard({ rotation, me }: { rotation: RotationState; me: Me }) {
  const duty = useSetDuty();
  // The switch moves at the tap (a controlled box would wait for the server's answer and the
  // home's refetch), and goes back when the server refuses.
  const [onDuty, setOnDuty] = useState(rotation.me.on_duty);
  useEffect(() => setOnDuty(rotation.me.on_duty), [rotation.me.on_duty]);
  const manages = can(me, 'orders:all');
  const nobody = rotation.mode !== 'off' && rotation.on_duty === 0;
  if (!rotation.me.in_rotation && !(manages && rotation.mode !== 'off')) return null;
  return (
    <Card title={T.home.rotationTitle} className="mb-6">
      <div className="space-y-3">
        {manages && nobody ? (
          <Notice tone="warning">
            <p className="font-semibold">{T.home.nobodyOnDuty}</p>
            {rotation.unassigned_pending ? <p>{T.home.unassignedPending(rotation.unassigned_pending)}</p> : null}
            <Link to="/rotation" className="-mb-2 inline-flex min-h-11 items-center font-semibold underline">
              {T.home.fixRotation}
            </Link>
          </Notice>
        ) : null}
        {manages && !nobody && rotation.mode !== 'off' ? (
          <p className="text-sm text-slate-700">
            {T.home.rotationSummary(T.rotation.modes[rotation.mode] ?? rotation.mode, rotation.on_duty, rotation.members)}{' '}
            <Link to="/rotation" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
              {T.home.fixRotation}
            </Link>
          </p>
        ) : null}
        {rotation.me.in_rotation ? (
          <div>
            <CheckboxField
              role="switch"
              label={T.home.dutyOn}
              hint={T.home.dutyHint}
              checked={onDuty}
              disabled={duty.isPending}
              onChange={(e) => {
                const wanted = e.target.checked;
                setOnDuty(wanted);
                duty.mutate(wanted, { onError: () => setOnDuty(!wanted) });
              }}
            />
            <p className="mt-1 text-sm font-medium text-slate-800" aria-live="polite">
              {onDuty ? T.home.dutyOnNow : T.home.dutyOffNow}
            </p>
            <ErrorNotice error={duty.error} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
