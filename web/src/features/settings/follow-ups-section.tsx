// The follow-up messages (issue 34 §2): a step and a payment method chosen, its text edited with a
// live preview rendered by the server on the store's newest order of that method (or sample data
// when it has none); Save replaces the step's three texts. The field opens with the text in use (the
// default while the store has not changed it), so changing a word needs no retyping; a text left as
// the default, or blank, is saved as null: the default, which then follows Lapak's own updates. A
// tap on a placeholder inserts it at the cursor.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Loading } from '../../components/ui/page';
import { useDebounced } from '../../lib/use-debounced';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { followUpPreviewQuery, templatesQuery, useSaveStep, type FollowUpTexts, type MethodKind, type StepTemplates } from './use-settings';

const F = T.settings.followUps;
const METHODS: MethodKind[] = ['bank_transfer', 'cod', 'gateway'];

/** The texts in use: the store's own, else the default. */
const textsOf = (entry: StepTemplates): Record<MethodKind, string> => ({
  bank_transfer: entry.texts.bank_transfer ?? entry.defaults.bank_transfer,
  cod: entry.texts.cod ?? entry.defaults.cod,
  gateway: entry.texts.gateway ?? entry.defaults.gateway,
});

/** What Save sends for a text: null (the default) when it is blank or the default itself. */
const stored = (text: string, fallback: string): string | null => (text.trim() === '' || text.trim() === fallback.trim() ? null : text);

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
  const area = useRef<HTMLTextAreaElement>(null);
  const groupId = `placeholders-${entry.step}`;
  /** Puts the placeholder where the cursor is (over a selection, in its place), then the cursor after it. */
  const insert = (placeholder: string) => {
    const field = area.current;
    const text = texts[method];
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    setTexts({ ...texts, [method]: text.slice(0, start) + placeholder + text.slice(end) });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };
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
      onSubmit={() => save.mutate(Object.fromEntries(METHODS.map((m) => [m, stored(texts[m], entry.defaults[m])])) as FollowUpTexts)}
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
      <TextAreaField
        ref={area}
        label={F.text(stepName, F.methods[method] ?? method)}
        hint={stored(texts[method], entry.defaults[method]) === null ? F.usingDefault : F.usingOwn}
        value={texts[method]}
        placeholder={entry.defaults[method]}
        maxLength={1000}
        rows={8}
        error={error}
        onChange={(event) => setTexts({ ...texts, [method]: event.target.value })}
      />
      <div role="group" aria-labelledby={`${groupId}-label`}>
        <p id={`${groupId}-label`} className="mb-1 text-sm font-medium text-slate-800">
          {T.settings.messages.placeholders} · {F.insert}
        </p>
        <div className="flex flex-wrap gap-2">
          {placeholders.map((name) => (
            <Button key={name} variant="secondary" className="px-3 font-mono" aria-label={F.insertOne(`{${name}}`)} onClick={() => insert(`{${name}}`)}>
              {`{${name}}`}
            </Button>
          ))}
        </div>
      </div>
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
