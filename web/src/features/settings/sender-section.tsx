// The store's sender address (issue 44 §1): printed on its parcels' labels. Saved whole, as one
// ordinary setting; until it is set, labels carry the store's name and WhatsApp number.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { useSaveSettings, type Settings } from './use-settings';

const P = T.printing;
type Address = NonNullable<Settings['sender_address']>;
/** What the fields hold: text, the province '' until one is chosen. */
type Draft = Record<keyof Address, string>;
const EMPTY: Draft = { name: '', phone: '', address: '', district: '', city: '', province: '', postal_code: '' };

export function SenderSection({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState<Draft>(settings.sender_address ?? { ...EMPTY, name: settings.store_name, phone: settings.whatsapp_number ?? '' });
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  const problem = fields.sender_address ?? Object.entries(fields).find(([field]) => field.startsWith('sender_address'))?.[1];
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as Address;
  return (
    <SectionForm title={P.senderTitle} lead={P.senderLead} busy={save.isPending} error={problem ? null : save.error} saved={save.isSuccess} onSubmit={() => save.mutate({ sender_address: trimmed })}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={P.senderName} value={draft.name} onChange={set('name')} required maxLength={100} autoComplete="organization" />
        <TextField label={P.senderPhone} value={draft.phone} onChange={set('phone')} required inputMode="tel" autoComplete="tel" maxLength={30} />
        <div className="sm:col-span-2">
          <TextField label={P.senderAddress} value={draft.address} onChange={set('address')} required maxLength={300} autoComplete="street-address" />
        </div>
        <TextField label={P.senderDistrict} value={draft.district} onChange={set('district')} required maxLength={100} />
        <TextField label={P.senderCity} value={draft.city} onChange={set('city')} required maxLength={100} autoComplete="address-level2" />
        <SelectField label={P.senderProvince} value={draft.province} onChange={set('province')} required>
          <option value="">{P.chooseProvince}</option>
          {settings.provinces.map((province) => (
            <option key={province} value={province}>
              {province}
            </option>
          ))}
        </SelectField>
        <TextField label={P.senderPostal} value={draft.postal_code} onChange={set('postal_code')} required inputMode="numeric" pattern="[0-9]{5}" maxLength={5} autoComplete="postal-code" error={problem} />
      </div>
      {settings.sender_address ? (
        <Button variant="ghost" className="mt-3" onClick={() => save.mutate({ sender_address: null }, { onSuccess: () => setDraft(EMPTY) })}>
          {P.senderClear}
        </Button>
      ) : null}
    </SectionForm>
  );
}
