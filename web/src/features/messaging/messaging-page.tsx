// "Pesan otomatis" (issue 41 §3; issue 42; docs/messaging.md), owners and admins: what stopped the
// store's sending, if anything, and what to do; the provider (WhatsApp Cloud API, Fonnte, the
// sandbox, or none) with its own settings and the test message; each step's switch and timing
// with a link to its text in the settings' follow-up editor; quiet hours; the pause; the opt-out
// list; the last 24 hours by state; the sandbox's outbox (with the sandbox chosen). The settings are saved together
// (PATCH /dashboard/api/messaging); a refused field shows beside it. The tokens are saved apart,
// with the owner's password, and never shown back.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { Button, buttonClass } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { can, useMe } from '../../api/use-session';
import { formatCount, formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { CLOUD_TOKEN_ANCHOR, CloudApiSection, STEPS, type CloudDraft, type Step } from './cloud-api-section';
import { FONNTE_ANCHOR, FonnteSection, type FonnteDraft } from './fonnte-section';
import { automationQuery, OPT_OUTS_CSV, outboxQuery, useSaveAutomation, useSendTest, type Automation, type AutomationPatch, type OutboxMessage } from './use-messaging';

const M = T.messaging;
const FOLLOW_UPS = ['fu1', 'fu2', 'fu3', 'fu4'] as const;
const NOTICES = ['closing', 'paid', 'shipped', 'cancelled'] as const;
type Provider = Automation['provider'];
const PROVIDER_CHOICES = ['cloud_api', 'fonnte', 'sandbox', 'off'] as const;
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
          <HaltNotice halted={automation.data.halted} />
          <AutomationForm saved={automation.data} />
          <OptOuts />
          <LastDay counts={automation.data.last_24h} />
          {/* The sandbox's outbox is the sandbox's: another provider sends for real. */}
          {automation.data.provider === 'sandbox' ? <Outbox /> : null}
        </div>
      ) : null}
    </>
  );
}

/** Why the provider stopped the store's sending, and what brings it back (issue 42 §1, §3). */
function HaltNotice({ halted }: { halted: Automation['halted'] }) {
  const owner = can(useMe(), 'settings:sensitive');
  if (halted === null) return null;
  const text = M.halted[halted];
  return (
    <div data-testid="halted">
      <Notice tone="error">
        <p className="font-semibold">{text.title}</p>
        <p className="mt-1">{text.body}</p>
        <p className="mt-1">{halted === 'token' && !owner ? M.halted.token.ownerOnly : text.action}</p>
        {halted === 'token' && !owner ? null : (
          <a href={`#${halted === 'token' ? CLOUD_TOKEN_ANCHOR : FONNTE_ANCHOR}`} className="-mb-2 inline-flex min-h-11 items-center font-semibold underline">
            {text.link}
          </a>
        )}
      </Notice>
    </div>
  );
}

/** The form's values as typed: the timings as text, so that a half-typed number stays as it is. */
interface Draft {
  provider: Provider;
  paused: boolean;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  on: Record<Step, boolean>;
  fu1Minutes: string;
  fu2Hours: string;
  fu4Hours: string;
  cloud: CloudDraft;
  fonnte: FonnteDraft;
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
  cloud: {
    phoneNumberId: saved.cloud_api.phone_number_id ?? '',
    wabaId: saved.cloud_api.waba_id ?? '',
    phone: saved.cloud_api.phone ? formatWhatsApp(saved.cloud_api.phone) : '',
    templates: Object.fromEntries(
      STEPS.map((step) => {
        const template = saved.cloud_api.templates[step];
        return [step, { name: template?.name ?? '', language: template?.language ?? 'id', params: [...(template?.params ?? [])] }];
      }),
    ) as CloudDraft['templates'],
  },
  fonnte: { acceptedRisk: saved.fonnte.accepted_risk, dailyCap: String(saved.fonnte.daily_cap) },
});

/** A timing as sent: a blank or a word becomes NaN (null in JSON), which the server refuses beside its field. */
const whole = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

const orNull = (typed: string): string | null => (typed.trim() === '' ? null : typed.trim());

function cloudPatch(cloud: CloudDraft): NonNullable<AutomationPatch['cloud_api']> {
  return {
    phone_number_id: orNull(cloud.phoneNumberId),
    waba_id: orNull(cloud.wabaId),
    phone: orNull(cloud.phone),
    templates: Object.fromEntries(
      STEPS.map((step) => {
        const template = cloud.templates[step];
        return [step, template.name.trim() === '' ? null : { name: template.name.trim(), language: template.language.trim() || 'id', params: template.params }];
      }),
    ),
  };
}

const fonntePatch = (fonnte: FonnteDraft): NonNullable<AutomationPatch['fonnte']> => ({ accepted_risk: fonnte.acceptedRisk, daily_cap: whole(fonnte.dailyCap) });

/**
 * The whole form as one patch. A provider's own settings go with it when it is the one chosen or
 * when they changed: saving Fonnte's settings makes its webhook secret, which a store that never
 * chose Fonnte has no use for.
 */
function patchOf(draft: Draft, saved: Automation): AutomationPatch {
  const before = draftOf(saved);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const cloud = cloudPatch(draft.cloud);
  const fonnte = fonntePatch(draft.fonnte);
  return {
    ...(draft.provider === 'cloud_api' || !same(cloud, cloudPatch(before.cloud)) ? { cloud_api: cloud } : {}),
    ...(draft.provider === 'fonnte' || !same(fonnte, fonntePatch(before.fonnte)) ? { fonnte } : {}),
    provider: draft.provider,
    paused: draft.paused,
    quiet_hours: draft.quietOn ? { start: draft.quietStart, end: draft.quietEnd } : null,
    steps: {
      fu1: { on: draft.on.fu1, minutes: whole(draft.fu1Minutes) },
      fu2: { on: draft.on.fu2, hours: whole(draft.fu2Hours) },
      fu3: { on: draft.on.fu3 },
      // fu4 on its default timing (72 hours, or 24 hours before an auto-cancel) keeps it unless its hours were changed here.
      fu4: { on: draft.on.fu4, ...(saved.steps.fu4.default && draft.fu4Hours === before.fu4Hours ? {} : { hours: whole(draft.fu4Hours) }) },
      closing: { on: draft.on.closing },
      paid: { on: draft.on.paid },
      shipped: { on: draft.on.shipped },
      cancelled: { on: draft.on.cancelled },
    },
  };
}

/** The fields the page shows a refusal beside. */
const PLACED = [
  'provider', 'paused', 'quiet_hours', 'quiet_hours.start', 'quiet_hours.end', 'steps.fu1.minutes', 'steps.fu2.hours', 'steps.fu4.hours',
  'cloud_api.phone_number_id', 'cloud_api.waba_id', 'cloud_api.phone', 'fonnte.accepted_risk', 'fonnte.daily_cap',
];
const placed = (name: string, draft: Draft) =>
  (PLACED.includes(name) && (!name.startsWith('cloud_api.') || draft.provider === 'cloud_api') && (!name.startsWith('fonnte.') || draft.provider === 'fonnte')) ||
  (draft.provider === 'cloud_api' && /^cloud_api\.templates\.[a-z0-9_]+(\.(name|language|params))?$/.test(name));

function AutomationForm({ saved }: { saved: Automation }) {
  // The draft starts from what is saved and follows it after its own save only: a token saved
  // meanwhile (which reloads the automation) keeps what the owner is still choosing.
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const save = useSaveAutomation();
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const turn = (step: Step, on: boolean) => setDraft((current) => ({ ...current, on: { ...current.on, [step]: on } }));
  const fields = save.error?.code === 'invalid_request' ? (save.error.body.fields ?? {}) : {};
  // A refusal of a field this page does not show still says something; one it shows is pointed at.
  const unplaced = save.error && (save.error.code !== 'invalid_request' || Object.keys(fields).some((name) => !placed(name, draft)));

  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A dialog's own form (the token's password) is no submit of this one, though React bubbles it here.
        if (event.target !== event.currentTarget) return;
        save.mutate(patchOf(draft, saved), { onSuccess: (now) => setDraft(draftOf(now)) });
      }}
    >
      <ProviderCard draft={draft} saved={saved} fields={fields} onChange={change} />
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
                <TextField label={`FU4: ${M.hoursAfter}`} hint={saved.steps.fu4.default ? M.fu4Default : undefined} type="number" inputMode="numeric" min={1} max={720} value={draft.fu4Hours} onChange={(e) => change({ fu4Hours: e.target.value })} error={fields['steps.fu4.hours']} />
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
      {unplaced ? <ErrorNotice error={save.error} /> : save.error ? <Notice tone="error">{M.checkFields}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{M.saved}</Notice> : null}
      <Button type="submit" busy={save.isPending}>
        {T.save}
      </Button>
    </form>
  );
}

function ProviderCard({ draft, saved, fields, onChange }: { draft: Draft; saved: Automation; fields: Record<string, string>; onChange(patch: Partial<Draft>): void }) {
  const test = useSendTest();
  const choice = draft.provider ?? 'off';
  return (
    <Card title={M.providerTitle}>
      <div className="max-w-xl space-y-4">
        <SelectField
          label={M.provider}
          hint={M.providerHints[choice]}
          value={choice}
          onChange={(e) => onChange({ provider: e.target.value === 'off' ? null : (e.target.value as NonNullable<Provider>) })}
          error={fields.provider}
        >
          {PROVIDER_CHOICES.map((provider) => (
            <option key={provider} value={provider}>
              {M.providers[provider]}
            </option>
          ))}
        </SelectField>
        {saved.provider === null && draft.provider === null ? <Notice tone="warning">{M.providerOff}</Notice> : null}
        {draft.provider !== saved.provider ? <p className="text-sm font-medium text-slate-800">{M.unsaved}</p> : null}
        {draft.provider === 'cloud_api' ? <CloudApiSection saved={saved.cloud_api} draft={draft.cloud} onChange={(cloud) => onChange({ cloud })} fields={fields} /> : null}
        {draft.provider === 'fonnte' ? <FonnteSection saved={saved.fonnte} draft={draft.fonnte} onChange={(fonnte) => onChange({ fonnte })} fields={fields} /> : null}
        <div className="space-y-2 border-t border-slate-200 pt-4">
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

/** The store's opt-out list (STOP), as a CSV to download. */
function OptOuts() {
  return (
    <Card title={M.optOutsTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{M.optOutsLead}</p>
      <a href={OPT_OUTS_CSV} download className={buttonClass('secondary')}>
        {M.optOutsDownload}
      </a>
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
