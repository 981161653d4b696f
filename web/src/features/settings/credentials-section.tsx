// The payment gateways' credentials: written or removed, never shown back (the owner, with the password).
import { useState, type ReactNode } from 'react';
import { CheckboxField, TextField } from '../../components/ui/field';
import { Badge } from '../../components/ui/notice';
import { Card, Facts } from '../../components/ui/page';
import { T } from '../../text/id';
import { SectionForm, SensitiveBadge, type SensitiveProps } from './section-form';
import type { SensitiveChange } from './use-settings';

const S = T.settings;

const CREDENTIALS = ['midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token'] as const;
type Credential = (typeof CREDENTIALS)[number];

export function CredentialsSection({ settings, owner, onSave, saved = false }: SensitiveProps) {
  const [values, setValues] = useState<Record<Credential, string>>({ midtrans_server_key: '', xendit_secret_key: '', xendit_callback_token: '' });
  const [removing, setRemoving] = useState<Record<Credential, boolean>>({ midtrans_server_key: false, xendit_secret_key: false, xendit_callback_token: false });
  const [nothing, setNothing] = useState(false);
  const status = (name: Credential) => (settings.gateway_credentials[name] === 'set' ? <Badge tone="good">{S.credentials.set}</Badge> : <Badge>{S.credentials.notSet}</Badge>);
  if (!owner) {
    return (
      <Card title={S.credentials.title}>
        <p className="mb-3 text-sm text-slate-700">{S.ownerOnly}</p>
        <Facts items={CREDENTIALS.map((name) => [S.credentials.names[name]!, status(name)] as [string, ReactNode])} />
      </Card>
    );
  }
  const submit = () => {
    const change: SensitiveChange = {};
    for (const name of CREDENTIALS) {
      if (removing[name]) change[name] = null;
      else if (values[name].trim() !== '') change[name] = values[name].trim();
    }
    if (Object.keys(change).length === 0) return setNothing(true);
    setNothing(false);
    onSave(change);
  };
  return (
    <SectionForm title={S.credentials.title} badge={<SensitiveBadge />} lead={S.credentials.lead} busy={false} error={null} saved={saved} onSubmit={submit}>
      {CREDENTIALS.map((name) => (
        <div key={name} className="space-y-2 rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-semibold">{S.credentials.names[name]}</span>
            {status(name)}
          </div>
          <TextField
            label={`${S.credentials.newValue}: ${S.credentials.names[name]}`}
            hint={S.credentials.newValueHint}
            type="password"
            autoComplete="off"
            disabled={removing[name]}
            value={values[name]}
            onChange={(e) => setValues((all) => ({ ...all, [name]: e.target.value }))}
          />
          {settings.gateway_credentials[name] === 'set' ? (
            <CheckboxField label={`${S.credentials.remove}: ${S.credentials.names[name]}`} checked={removing[name]} onChange={(e) => setRemoving((all) => ({ ...all, [name]: e.target.checked }))} />
          ) : null}
        </div>
      ))}
      {nothing ? <p className="text-sm font-medium text-red-700">{S.credentials.nothing}</p> : null}
    </SectionForm>
  );
}
