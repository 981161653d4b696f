// The two messages (the thank-you page's WhatsApp text, the CS opening message), each with a live preview.
import { useState } from 'react';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { TemplateField } from './template-field';
import { useSaveSettings, type Settings } from './use-settings';

const S = T.settings;

const TEMPLATES = [
  { kind: 'thank_you', field: 'thank_you_template', label: S.messages.thankYou, hint: S.messages.thankYouHint },
  { kind: 'opening', field: 'opening_message_template', label: S.messages.opening, hint: S.messages.openingHint },
] as const;

export function MessagesSection({ settings }: { settings: Settings }) {
  const [values, setValues] = useState({ thank_you_template: settings.thank_you_template ?? '', opening_message_template: settings.opening_message_template ?? '' });
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  const refused = save.error?.code === 'unknown_placeholder' ? (save.error.body as { field?: string; unknown?: string[]; accepted?: string[] }) : null;
  const unknownError = (field: string) => (refused?.field === field ? `${T.settings.messages.unknown(refused.unknown ?? [])}. ${T.settings.messages.accepted(refused.accepted ?? [])}` : undefined);
  return (
    <SectionForm
      title={S.messages.title}
      busy={save.isPending}
      error={refused ? null : save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate(values)}
    >
      <p className="text-sm text-slate-700">
        {S.messages.placeholders}:{' '}
        {settings.placeholders.map((name) => (
          <code key={name} className="mr-1 inline-block rounded bg-slate-100 px-1">{`{${name}}`}</code>
        ))}
      </p>
      {TEMPLATES.map(({ kind, field, label, hint }) => (
        <TemplateField
          key={kind}
          kind={kind}
          label={label}
          hint={hint}
          placeholder={settings.default_templates[kind]}
          value={values[field]}
          timeZone={null}
          error={unknownError(field) ?? fields[field]}
          onChange={(value) => setValues((all) => ({ ...all, [field]: value }))}
        />
      ))}
    </SectionForm>
  );
}
