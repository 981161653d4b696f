// The store's name and WhatsApp number.
import { useState } from 'react';
import { TextField } from '../../components/ui/field';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { useSaveSettings, type Settings } from './use-settings';

const S = T.settings;

export function StoreSection({ settings }: { settings: Settings }) {
  const [name, setName] = useState(settings.store_name);
  // Shown as written in Indonesia (0812-3456-7001); the server stores and answers 628….
  const [whatsapp, setWhatsapp] = useState(formatWhatsApp(settings.whatsapp_number ?? ''));
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  return (
    <SectionForm
      title={S.store.title}
      busy={save.isPending}
      error={save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate({ store_name: name, whatsapp_number: whatsapp.trim() === '' ? null : whatsapp }, { onSuccess: (saved) => setWhatsapp(formatWhatsApp(saved.whatsapp_number ?? '')) })}
    >
      <TextField label={T.field.storeName} required maxLength={200} value={name} error={fields.store_name} onChange={(e) => setName(e.target.value)} />
      <TextField label={S.store.whatsapp} hint={S.store.whatsappHint} type="tel" inputMode="tel" autoComplete="off" value={whatsapp} error={fields.whatsapp_number} onChange={(e) => setWhatsapp(e.target.value)} />
    </SectionForm>
  );
}
