// "Pesan otomatis" (issue 41 §3; docs/messaging.md), owners and admins: the provider and its
// test message, each step's switch and timing with a link to its text in the settings' follow-up
// editor, quiet hours, the pause, the last 24 hours by state, and the sandbox's outbox. The
// settings are saved at once (PATCH /dashboard/api/messaging); a refused field shows beside it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { Button, buttonClass } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { formatCount, formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { automationQuery, outboxQuery, useSaveAutomation, useSendTest, type Automation, type AutomationPatch, type OutboxMessage } from './use-messaging';

const M = T.messaging;
const FOLLOW_UPS = ['fu1', 'fu2', 'fu3', 'fu4'] as const;
const NOTICES = ['closing', 'paid', 'shipped', 'cancelled'] as const;
type Step = (typeof FOLLOW_UPS)[number] | (typeof NOTICES)[number];
const STATES = ['planned', 'waiting_quiet_hours', 'sent', 'delivered', 'read', 'failed', 'skipped', 'cancelled', 'expired'] as const;

const stepName = (step: string) => T.orders.followUp.stepNames[step] ?? step;
const stepShort = (step: string) => T.orders.followUp.steps[step] ?? step;

export function MessagingPage() {
  const automation = useQuery(automationQuery);
  return (
    <>
      <PageHeader title={M.title} lead={M.lead} />
      {automation.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={automation.error as ApiError | null} />
      {automation.data ? (
        <div className="space-y-5">
          <AutomationForm saved={automation.data} />
          <LastDay counts={automation.data.last_24h} />
          <Outbox />
        </div>
      ) : null}
    </>
  );
}

/** The form's values as typed: the timings as text, so that a half-typed number stays as it is. */
interface Draft {
  provider: Automation['provider'];
  paused: boolean;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  on: Record<Step, boolean>;
  fu1Minutes: string;
  fu2Hours: string;
  fu4Hours: string;
}

const draftOf = (saved: Automation): Draft => ({
  provider: saved.provider,
  paused: saved.paused,
  quietOn: saved.quiet_hours !== null,
  quietStart: saved.quiet_hours?.start ?? '20:00',
  quietEnd: saved.quiet_hours?.end ?? '08:00',
  on: Object.fromEntries([...FOLLOW_UPS, ...NOTICES].map((step) => [step, saved.steps[step].on])) as Record<Step, boolean>,
  fu1Minutes: String(saved.steps.fu1.minutes),
  fu2Hours: String(saved.steps.fu2.hours),
  fu4Hours: String(saved.steps.fu4.hours),
});

/** A timing as sent: a blank or a word becomes NaN (null in JSON), which the server refuses beside its field. */
const whole = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

function patchOf(draft: Draft): AutomationPatch {
  return {
    provider: draft.provider,
    paused: draft.paused,
    quiet_hours: draft.quietOn ? { start: draft.quietStart, end: draft.quietEnd } : null,
    steps: {
      fu1: { on: draft.on.fu1, minutes: whole(draft.fu1Minutes) },
      fu2: { on: draft.on.fu2, hours: whole(draft.fu2Hours) },
      fu3: { on: draft.on.fu3 },
      fu4: { on: draft.on.fu4, hours: whole(draft.fu4Hours) },
      closing: { on: draft.on.closing },
      paid: { on: draft.on.paid },
      shipped: { on: draft.on.shipped },
      cancelled: { on: draft.on.cancelled },
    },
  };
}

/** The fields the page shows a refusal beside. */
const PLACED = ['provider', 'paused', 'quiet_hours', 'quiet_hours.start', 'quiet_hours.end', 'steps.fu1.minutes', 'steps.fu2.hours', 'steps.fu4.hours'];

function AutomationForm({ saved }: { saved: Automation }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const save = useSaveAutomation();
  useEffect(() => setDraft(draftOf(saved)), [saved]);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const turn = (step: Step, on: boolean) => setDraft((current) => ({ ...current, on: { ...current.on, [step]: on } }));
  const fields = save.error?.code === 'invalid_request' ? (save.error.body.fields ?? {}) : {};
  // A refusal of a field this page does not show (none expected) still says something.
  const unplaced = save.error && (save.error.code !== 'invalid_request' || Object.keys(fields).some((name) => !PLACED.includes(name)));

  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(patchOf(draft));
      }}
    >
      <ProviderCard draft={draft} saved={saved} error={fields.provider} onProvider={(provider) => change({ provider })} />
      <Card title={M.stepsTitle}>
        <p className="-mt-2 mb-4 text-sm text-slate-700">{M.stepsLead}</p>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{M.followUps}</h3>
        <ul className="mb-5 divide-y divide-slate-200">
          {FOLLOW_UPS.map((step) => (
            <StepRow key={step} step={step} on={draft.on[step]} onTurn={(on) => turn(step, on)} hint={step === 'fu3' ? M.fu3When : step === 'fu4' ? M.fu4Hint : undefined}>
              {step === 'fu1' ? (
                <TextField label={`FU1: ${M.fu1Minutes}`} type="number" inputMode="numeric" min={1} max={1440} value={draft.fu1Minutes} onChange={(e) => change({ fu1Minutes: e.target.value })} error={fields['steps.fu1.minutes']} />
              ) : null}
              {step === 'fu2' ? (
                <TextField label={`FU2: ${M.hoursAfter}`} type="number" inputMode="numeric" min={1} max={168} value={draft.fu2Hours} onChange={(e) => change({ fu2Hours: e.target.value })} error={fields['steps.fu2.hours']} />
              ) : null}
              {step === 'fu4' ? (
                <TextField label={`FU4: ${M.hoursAfter}`} type="number" inputMode="numeric" min={1} max={720} value={draft.fu4Hours} onChange={(e) => change({ fu4Hours: e.target.value })} error={fields['steps.fu4.hours']} />
              ) : null}
            </StepRow>
          ))}
        </ul>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{M.notices}</h3>
        <ul className="divide-y divide-slate-200">
          {NOTICES.map((step) => (
            <StepRow key={step} step={step} on={draft.on[step]} onTurn={(on) => turn(step, on)} hint={`${M.noticeWhen} ${M.noticeFor[step] ?? ''}`} />
          ))}
        </ul>
      </Card>
      <Card title={M.quietTitle}>
        <CheckboxField label={M.quietOn} hint={M.quietHint} checked={draft.quietOn} onChange={(e) => change({ quietOn: e.target.checked })} />
        {draft.quietOn ? (
          <div className="mt-3 grid max-w-sm grid-cols-2 gap-3">
            <TextField label={M.quietStart} type="time" value={draft.quietStart} onChange={(e) => change({ quietStart: e.target.value })} error={fields['quiet_hours.start']} />
            <TextField label={M.quietEnd} type="time" value={draft.quietEnd} onChange={(e) => change({ quietEnd: e.target.value })} error={fields['quiet_hours.end']} />
          </div>
        ) : null}
        {fields.quiet_hours ? <p className="mt-1 text-sm font-medium text-red-700">{fields.quiet_hours}</p> : null}
      </Card>
      <Card>
        <CheckboxField label={M.pause} hint={M.pauseHint} checked={draft.paused} onChange={(e) => change({ paused: e.target.checked })} />
        {fields.paused ? <p className="mt-1 text-sm font-medium text-red-700">{fields.paused}</p> : null}
      </Card>
      {unplaced ? <ErrorNotice error={save.error} /> : null}
      {save.isSuccess ? <Notice tone="success">{M.saved}</Notice> : null}
      <Button type="submit" busy={save.isPending}>
        {T.save}
      </Button>
    </form>
  );
}

function ProviderCard({ draft, saved, error, onProvider }: { draft: Draft; saved: Automation; error: string | undefined; onProvider(provider: 'sandbox' | null): void }) {
  const test = useSendTest();
  return (
    <Card title={M.providerTitle}>
      <div className="max-w-xl space-y-4">
        <SelectField label={M.provider} hint={M.providerHint} value={draft.provider ?? 'off'} onChange={(e) => onProvider(e.target.value === 'sandbox' ? 'sandbox' : null)} error={error}>
          <option value="sandbox">{M.providers.sandbox}</option>
          <option value="off">{M.providers.off}</option>
        </SelectField>
        {saved.provider === null ? <Notice tone="warning">{M.providerOff}</Notice> : null}
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{M.testLead}</p>
          <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
            {M.test}
          </Button>
          <ErrorNotice error={test.error} />
          {test.data ? (
            <div data-testid="test-result">
              <Notice tone={test.data.ok ? 'success' : 'error'}>{test.data.ok ? M.testSent(test.data.provider_message_id ?? '') : M.testFailed(test.data.error ?? '')}</Notice>
            </div>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** A step's switch, its timing (children) and the link to its text in the settings' follow-up editor. */
function StepRow({ step, on, onTurn, hint, children }: { step: Step; on: boolean; onTurn(on: boolean): void; hint?: string | undefined; children?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3" data-testid={`step-${step}`}>
      <div className="min-w-0 flex-1 basis-56">
        <CheckboxField label={stepName(step)} hint={hint} checked={on} onChange={(e) => onTurn(e.target.checked)} />
      </div>
      {children ? <div className="w-full sm:w-64">{children}</div> : null}
      <Link to="/settings" hash="follow-ups" className={buttonClass('ghost', '-ml-3 px-3 sm:ml-0')} aria-label={M.editTextOf(stepName(step))}>
        {M.editText}
      </Link>
    </li>
  );
}

function LastDay({ counts }: { counts: Automation['last_24h'] }) {
  return (
    <Card title={M.lastDayTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{M.lastDayLead}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="last-24h">
        {STATES.map((state) => (
          <div key={state} className="min-w-0">
            <dt className="text-slate-600">{M.states[state]}</dt>
            <dd className="font-semibold text-slate-900">{formatCount(counts[state] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Outbox() {
  const outbox = useQuery(outboxQuery);
  const messages = outbox.data?.messages ?? [];
  return (
    <Card title={M.outboxTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{M.outboxLead}</p>
      {outbox.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={outbox.error as ApiError | null} />
      {outbox.data && messages.length === 0 ? <p className="text-sm text-slate-700">{M.outboxEmpty}</p> : null}
      <ul className="divide-y divide-slate-200" data-testid="outbox">
        {messages.map((message) => (
          <OutboxEntry key={message.id} message={message} />
        ))}
      </ul>
    </Card>
  );
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  const what = message.order_id === null ? M.testMessage : M.orderLink(message.order_id);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {message.order_id === null ? (
          <span className="font-semibold">{M.testMessage}</span>
        ) : (
          <Link to="/orders/$orderId" params={{ orderId: String(message.order_id) }} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            {what}
          </Link>
        )}
        {message.step ? <Badge>{stepShort(message.step)}</Badge> : null}
        <span className="text-sm text-slate-700">
          {formatDateTime(message.created_at)} · {M.to(formatWhatsApp(message.phone))}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">{message.text}</p>
      <a href={message.wa_url} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'mt-2')} aria-label={M.openWaFor(what)}>
        {M.openWa}
      </a>
    </li>
  );
}
