// The store's time zone: the dates of the dashboard and of the messages are shown in it.
import { useState } from 'react';
import { SelectField } from '../../components/ui/field';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { useSaveSettings, type Settings } from './use-settings';

const S = T.settings;

const INDONESIA = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'];

export function TimeZoneSection({ settings }: { settings: Settings }) {
  const [zone, setZone] = useState(settings.time_zone ?? '');
  const save = useSaveSettings();
  const others = Intl.supportedValuesOf('timeZone').filter((z) => !INDONESIA.includes(z));
  return (
    <SectionForm title={S.timeZone.title} lead={S.timeZone.lead} busy={save.isPending} error={save.error} saved={save.isSuccess} onSubmit={() => save.mutate({ time_zone: zone === '' ? null : zone })}>
      <SelectField label={S.timeZone.label} value={zone} error={save.error?.body.fields?.time_zone} onChange={(e) => setZone(e.target.value)}>
        <option value="">{S.timeZone.server(settings.server_time_zone)}</option>
        <optgroup label={S.timeZone.indonesia}>
          <option value="Asia/Jakarta">{S.timeZone.wib}</option>
          <option value="Asia/Makassar">{S.timeZone.wita}</option>
          <option value="Asia/Jayapura">{S.timeZone.wit}</option>
        </optgroup>
        <optgroup label={S.timeZone.others}>
          {others.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </optgroup>
      </SelectField>
    </SectionForm>
  );
}
