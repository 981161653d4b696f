// The follow-up messages (issue 34 §2): a step and a payment method chosen, its text edited with a
// live preview rendered by the server on the store's newest order of that method (or sample data
// when it has none); Save replaces the step's three texts. Blank: the default text.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Loading } from '../../components/ui/page';
import { useDebounced } from '../../lib/use-debounced';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { followUpPreviewQuery, templatesQuery, useSaveStep, type FollowUpTexts, type MethodKind, type StepTemplates } from './use-settings';

const F = T.settings.followUps;
const METHODS: MethodKind[] = ['bank_transfer', 'cod', 'gateway'];

const textsOf = (entry: StepTemplates): Record<MethodKind, string> => ({ bank_transfer: entry.texts.bank_transfer ?? '', cod: entry.texts.cod ?? '', gateway: entry.texts.gateway ?? '' });

export function FollowUpsSection() {
  const templates = useQuery(templatesQuery);
  const [step, setStep] = useState<StepTemplates['step']>('fu1');
  if (!templates.data) return <Loading label={T.loading} />;
  const entry = templates.data.templates.find((candidate) => candidate.step === step) ?? templates.data.templates[0]!;
  return <StepForm key={entry.step} entry={entry} steps={templates.data.templates.map((candidate) => candidate.step)} placeholders={templates.data.placeholders} onStep={setStep} />;
}

function StepForm({ entry, steps, placeholders, onStep }: { entry: StepTemplates; steps: StepTemplates['step'][]; placeholders: string[]; onStep(step: StepTemplates['step']): void }) {
  const [method, setMethod] = useState<MethodKind>('bank_transfer');
  const [texts, setTexts] = useState(() => textsOf(entry));
  const save = useSaveStep(entry.step);
  const settled = useDebounced(texts[method], 400);
  const preview = useQuery(followUpPreviewQuery(entry.step, method, settled));
  const refused = save.error?.code === 'unknown_placeholder' ? (save.error.body as { field?: string; unknown?: string[]; accepted?: string[] }) : null;
  const fields = save.error?.body.fields ?? {};
  const unknown = preview.data?.unknown_placeholders ?? [];
  const stepName = T.orders.followUp.stepNames[entry.step] ?? entry.step;
  const error =
    refused?.field === method ? T.settings.messages.unknown(refused.unknown ?? []) : (fields[method] ?? (unknown.length > 0 ? T.settings.messages.unknown(unknown) : undefined));
  return (
    <SectionForm
      title={F.title}
      lead={F.lead}
      busy={save.isPending}
      error={refused ? null : save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate(Object.fromEntries(METHODS.map((m) => [m, texts[m].trim() === '' ? null : texts[m]])) as FollowUpTexts)}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={F.step} value={entry.step} onChange={(event) => onStep(event.target.value as StepTemplates['step'])}>
          {steps.map((candidate) => (
            <option key={candidate} value={candidate}>
              {T.orders.followUp.stepNames[candidate] ?? candidate}
            </option>
          ))}
        </SelectField>
        <SelectField label={F.method} value={method} onChange={(event) => setMethod(event.target.value as MethodKind)}>
          {METHODS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {F.methods[candidate]}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-700">
        {T.settings.messages.placeholders}:{' '}
        {placeholders.map((name) => (
          <code key={name} className="mr-1 inline-block rounded bg-slate-100 px-1">{`{${name}}`}</code>
        ))}
      </p>
      <TextAreaField
        label={F.text(stepName, F.methods[method] ?? method)}
        value={texts[method]}
        placeholder={entry.defaults[method]}
        maxLength={1000}
        rows={8}
        error={error}
        onChange={(event) => setTexts({ ...texts, [method]: event.target.value })}
      />
      <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {preview.data ? (preview.data.order_id === null ? F.previewSample : F.previewReal(preview.data.order_id)) : T.settings.messages.preview}
        </figcaption>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="preview-follow-up" aria-live="polite">
          {preview.data?.text ?? T.settings.messages.previewLoading}
        </p>
      </figure>
    </SectionForm>
  );
}
