// The WhatsApp Cloud API's part of "Pesan otomatis" (issue 42 §1, §2): without the operator's Meta
// app, only that it is not set up; else the store's phone_number_id, WABA id and the number buyers
// write to (saved with the page), the access token (the owner, with the password; shown only as
// "Tersimpan"), the plain statement that templates outside the 24-hour window are paid by the
// seller to Meta with the last 30 days' count, the webhook URL to paste at Meta, and each step's
// template: its name, language and the placeholders that fill its named parameters, in order.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { SelectField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { formatCount } from '../../lib/format';
import { T } from '../../text/id';
import { settingsQuery } from '../settings/use-settings';
import { TokenField } from './token-field';
import type { Automation } from './use-messaging';

const M = T.messaging;
const C = M.cloud;

export const STEPS = ['fu1', 'fu2', 'fu3', 'fu4', 'closing', 'paid', 'shipped', 'cancelled'] as const;
export type Step = (typeof STEPS)[number];

/** A step's template as typed: a blank name is no template. */
export interface TemplateDraft {
  name: string;
  language: string;
  params: string[];
}

export interface CloudDraft {
  phoneNumberId: string;
  wabaId: string;
  phone: string;
  templates: Record<Step, TemplateDraft>;
}

/** The anchor of the access token's field, which the notice of a refused token leads to. */
export const CLOUD_TOKEN_ANCHOR = 'cloud-token';

const stepName = (step: string) => T.orders.followUp.stepNames[step] ?? step;

export function CloudApiSection({
  saved,
  draft,
  onChange,
  fields,
}: {
  saved: Automation['cloud_api'];
  draft: CloudDraft;
  onChange(draft: CloudDraft): void;
  fields: Record<string, string>;
}) {
  if (!saved.available) {
    return (
      <section aria-labelledby="cloud-title" className="space-y-3">
        <h3 id="cloud-title" className="text-base font-semibold">
          {C.title}
        </h3>
        <Notice tone="warning">{C.unavailable}</Notice>
      </section>
    );
  }
  const set = (patch: Partial<CloudDraft>) => onChange({ ...draft, ...patch });
  return (
    <section aria-labelledby="cloud-title" className="space-y-4">
      <h3 id="cloud-title" className="text-base font-semibold">
        {C.title}
      </h3>
      <TextField
        label={C.phoneNumberId}
        hint={C.phoneNumberIdHint}
        inputMode="numeric"
        autoComplete="off"
        value={draft.phoneNumberId}
        onChange={(e) => set({ phoneNumberId: e.target.value })}
        error={fields['cloud_api.phone_number_id']}
      />
      <TextField label={C.wabaId} inputMode="numeric" autoComplete="off" value={draft.wabaId} onChange={(e) => set({ wabaId: e.target.value })} error={fields['cloud_api.waba_id']} />
      <TextField label={C.phone} hint={C.phoneHint} type="tel" inputMode="tel" autoComplete="off" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} error={fields['cloud_api.phone']} />
      <TokenField id={CLOUD_TOKEN_ANCHOR} name="whatsapp_access_token" label={C.token} hint={C.tokenHint} set={saved.access_token === 'set'} />
      <Notice tone="info">
        <p className="font-semibold">{C.paidTitle}</p>
        <p className="mt-1">{C.paid}</p>
        <p className="mt-1" data-testid="paid-templates">
          {C.paidCount(formatCount(saved.paid_last_30_days))}
        </p>
      </Notice>
      <CopyField label={C.webhook} hint={C.webhookHint} value={saved.webhook_url} />
      <Templates draft={draft} onChange={(templates) => set({ templates })} fields={fields} />
    </section>
  );
}

function Templates({ draft, onChange, fields }: { draft: CloudDraft; onChange(templates: CloudDraft['templates']): void; fields: Record<string, string> }) {
  // The placeholders the store's templates know (the settings' own list), to choose from.
  const placeholders = useQuery(settingsQuery).data?.placeholders ?? [];
  return (
    <div>
      <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{C.templatesTitle}</h4>
      <p className="mb-2 mt-1 text-sm text-slate-700">{C.templatesLead}</p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {STEPS.map((step) => (
          <li key={step}>
            <TemplateEditor
              step={step}
              template={draft.templates[step]}
              placeholders={placeholders}
              onChange={(template) => onChange({ ...draft.templates, [step]: template })}
              fields={Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith(`cloud_api.templates.${step}`)))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TemplateEditor({
  step,
  template,
  placeholders,
  onChange,
  fields,
}: {
  step: Step;
  template: TemplateDraft;
  placeholders: string[];
  onChange(template: TemplateDraft): void;
  fields: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const refused = Object.keys(fields).length > 0;
  const at = (part: string) => fields[`cloud_api.templates.${step}.${part}`];
  const whole = fields[`cloud_api.templates.${step}`];
  const summary = template.name.trim() === '' ? C.templateNone : C.templateSummary(template.name.trim(), template.language.trim() || 'id', template.params.length);
  return (
    <details open={open || refused} onToggle={(event) => setOpen(event.currentTarget.open)} className="group" data-testid={`template-${step}`}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm">
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900">{stepName(step)}</span>
          <span className={`block break-words ${refused ? 'font-medium text-red-700' : 'text-slate-700'}`}>{summary}</span>
        </span>
        <span aria-hidden="true" className="shrink-0 text-slate-600 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-3 px-3 pb-3">
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <TextField
            label={`${C.templateName}: ${T.orders.followUp.steps[step] ?? step}`}
            hint={C.templateNameHint}
            autoComplete="off"
            spellCheck={false}
            value={template.name}
            onChange={(e) => onChange({ ...template, name: e.target.value })}
            error={at('name') ?? whole}
          />
          <TextField
            label={`${C.templateLanguage}: ${T.orders.followUp.steps[step] ?? step}`}
            hint={C.templateLanguageHint}
            autoComplete="off"
            spellCheck={false}
            value={template.language}
            onChange={(e) => onChange({ ...template, language: e.target.value })}
            error={at('language')}
          />
        </div>
        <Params step={step} params={template.params} placeholders={placeholders} onChange={(params) => onChange({ ...template, params })} error={at('params')} />
      </div>
    </details>
  );
}

/** The placeholders that fill the template's named parameters, in order: added from the known ones, moved up, removed. */
function Params({ step, params, placeholders, onChange, error }: { step: Step; params: string[]; placeholders: string[]; onChange(params: string[]): void; error: string | undefined }) {
  const left = placeholders.filter((name) => !params.includes(name));
  const [adding, setAdding] = useState('');
  const chosen = left.includes(adding) ? adding : (left[0] ?? '');
  const move = (index: number) => onChange(params.map((p, i) => (i === index - 1 ? params[index]! : i === index ? params[index - 1]! : p)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{C.params}</legend>
      <p className="text-sm text-slate-600">{C.paramsHint}</p>
      {params.length === 0 ? <p className="text-sm text-slate-700">{C.paramsNone}</p> : null}
      <ol className="space-y-1" data-testid={`params-${step}`}>
        {params.map((name, index) => (
          <li key={name} className="flex items-center gap-1 rounded-lg bg-slate-50 pl-3">
            <span className="min-w-0 flex-1 break-all font-mono text-sm">
              {index + 1}. {`{${name}}`}
            </span>
            {index > 0 ? (
              <Button variant="ghost" className="px-3" aria-label={C.moveUp(name)} onClick={() => move(index)}>
                {C.moveUpShort}
              </Button>
            ) : null}
            <Button variant="ghost" className="px-3" aria-label={C.removeParam(name)} onClick={() => onChange(params.filter((p) => p !== name))}>
              {C.removeShort}
            </Button>
          </li>
        ))}
      </ol>
      {left.length > 0 ? (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField label={`${C.addParam}: ${T.orders.followUp.steps[step] ?? step}`} value={chosen} onChange={(e) => setAdding(e.target.value)}>
              {left.map((name) => (
                <option key={name} value={name}>
                  {`{${name}}`}
                </option>
              ))}
            </SelectField>
          </div>
          <Button variant="secondary" className="shrink-0" onClick={() => chosen && onChange([...params, chosen])}>
            {C.addParamButton}
          </Button>
        </div>
      ) : null}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
