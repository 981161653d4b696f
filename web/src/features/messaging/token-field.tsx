// A provider's token (issue 42: the Cloud API's access token, Fonnte's device token): shown only
// as "Tersimpan" once set, never read back; the owner writes a new one and confirms it with the
// password (PATCH /dashboard/api/settings/sensitive, through the settings' password dialog); an
// admin reads whether it is set.
import { useState } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Badge, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { PasswordDialog } from '../settings/password-dialog';
import type { SensitiveChange } from '../settings/use-settings';
import { useTokenSaved } from './use-messaging';

const M = T.messaging;

export function TokenField({ id, name, label, hint, set }: { id: string; name: 'whatsapp_access_token' | 'fonnte_token'; label: string; hint: string; set: boolean }) {
  const owner = can(useMe(), 'settings:sensitive');
  const tokenSaved = useTokenSaved();
  const [value, setValue] = useState('');
  const [change, setChange] = useState<SensitiveChange | null>(null);
  const [saved, setSaved] = useState(false);
  const [empty, setEmpty] = useState(false);
  const save = () => {
    setSaved(false);
    if (value.trim() === '') return setEmpty(true);
    setEmpty(false);
    setChange({ [name]: value.trim() });
  };
  return (
    <div id={id} className="scroll-mt-20 space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        {set ? <Badge tone="good">{M.tokenSet}</Badge> : <Badge>{M.tokenNotSet}</Badge>}
      </div>
      {owner ? (
        <>
          <TextField
            label={M.tokenNew(label)}
            hint={hint}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            error={empty ? M.tokenEmpty : undefined}
            onChange={(event) => setValue(event.target.value)}
            // Enter saves the token, not the page's form around it.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              save();
            }}
          />
          <Button variant="secondary" onClick={save}>
            {M.tokenSave}
          </Button>
          {saved ? <Notice tone="success">{M.tokenSaved}</Notice> : null}
          <PasswordDialog
            change={change}
            onDone={(ok) => {
              setChange(null);
              if (!ok) return;
              setValue('');
              setSaved(true);
              tokenSaved();
            }}
          />
        </>
      ) : (
        <p className="text-sm text-slate-700">{M.tokenOwnerOnly}</p>
      )}
    </div>
  );
}
