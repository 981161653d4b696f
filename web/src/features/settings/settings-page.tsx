// The store's settings: store name and WhatsApp, payment methods, bank accounts and gateway
// credentials, shipping rates, the two messages with a live preview, the time zone, the
// unique-code switch, and the audit log. Owner and admin (settings:manage); the sections
// marked sensitive only the owner changes, with the password again (a dialog).
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/session';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { PasswordDialog } from './password-dialog';
import { RatesEditor } from './rates-editor';
import { TemplateField } from './template-field';
import { auditQuery, settingsQuery, useSaveSettings, type BankAccount, type SensitiveChange, type Settings } from './use-settings';

const S = T.settings;

export function SettingsPage() {
  const me = useMe();
  const settings = useQuery(settingsQuery);
  const owner = can(me, 'settings:sensitive');
  const [pending, setPending] = useState<SensitiveChange | null>(null);
  const [savedSensitive, setSavedSensitive] = useState(false);
  // Bumped by each confirmed sensitive save: those sections start again from what is stored.
  const [version, setVersion] = useState(0);
  const askPassword = (change: SensitiveChange) => {
    setSavedSensitive(false);
    setPending(change);
  };
  return (
    <>
      <PageHeader title={S.title} lead={S.lead} />
      {settings.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={settings.error as ApiError | null} />
      {settings.data ? (
        <div className="space-y-5">
          {savedSensitive ? <Notice tone="success">{S.saved}</Notice> : null}
          <StoreSection settings={settings.data} />
          <PaymentSection settings={settings.data} />
          <BankSection key={`banks-${version}`} settings={settings.data} owner={owner} onSave={askPassword} />
          <CredentialsSection key={`credentials-${version}`} settings={settings.data} owner={owner} onSave={askPassword} />
          <RatesEditor settings={settings.data} />
          <MessagesSection settings={settings.data} />
          <TimeZoneSection settings={settings.data} />
          <UniqueCodeSection key={`unique-${version}`} settings={settings.data} owner={owner} onSave={askPassword} />
          {owner ? <AuditSection /> : null}
        </div>
      ) : null}
      <PasswordDialog
        change={pending}
        onDone={(saved) => {
          setPending(null);
          setSavedSensitive(saved);
          if (saved) setVersion((v) => v + 1);
        }}
      />
    </>
  );
}

/** A section's form: its fields, the answer of its last save, and its Save button. */
function SectionForm({ title, badge, lead, onSubmit, busy, error, saved, children, submit = true }: {
  title: string;
  badge?: ReactNode;
  lead?: ReactNode;
  onSubmit(): void;
  busy: boolean;
  error: ApiError | null;
  saved: boolean;
  children: ReactNode;
  submit?: boolean;
}) {
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {badge}
      </div>
      {lead ? <p className="-mt-2 mb-3 text-sm text-slate-700">{lead}</p> : null}
      <form
        className="space-y-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {error && error.code !== 'invalid_request' ? <ErrorNotice error={error} /> : null}
        {saved ? <Notice tone="success">{S.saved}</Notice> : null}
        {submit ? (
          <div>
            <Button type="submit" busy={busy}>
              {T.save}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

const SensitiveBadge = () => <Badge tone="warn">{S.sensitiveBadge}</Badge>;

function StoreSection({ settings }: { settings: Settings }) {
  const [name, setName] = useState(settings.store_name);
  const [whatsapp, setWhatsapp] = useState(settings.whatsapp_number ?? '');
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  return (
    <SectionForm
      title={S.store.title}
      busy={save.isPending}
      error={save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate({ store_name: name, whatsapp_number: whatsapp.trim() === '' ? null : whatsapp })}
    >
      <TextField label={T.field.storeName} required maxLength={200} value={name} error={fields.store_name} onChange={(e) => setName(e.target.value)} />
      <TextField label={S.store.whatsapp} hint={S.store.whatsappHint} type="tel" inputMode="tel" autoComplete="off" value={whatsapp} error={fields.whatsapp_number} onChange={(e) => setWhatsapp(e.target.value)} />
    </SectionForm>
  );
}

const METHODS = ['bank_transfer', 'cod', 'gateway'] as const;

function PaymentSection({ settings }: { settings: Settings }) {
  const [methods, setMethods] = useState<Settings['payment_methods']>(settings.payment_methods);
  const [gateway, setGateway] = useState<Settings['gateway']>(settings.gateway);
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  const toggle = (method: (typeof METHODS)[number], on: boolean) => setMethods((all) => (on ? [...all.filter((m) => m !== method), method] : all.filter((m) => m !== method)));
  const offered = save.data?.offered_payment_methods ?? settings.offered_payment_methods;
  return (
    <SectionForm
      title={S.payment.title}
      lead={S.payment.lead}
      busy={save.isPending}
      error={save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate({ payment_methods: methods, gateway })}
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{S.payment.title}</legend>
        {METHODS.map((method) => (
          <CheckboxField key={method} label={S.payment.methods[method]!} checked={methods.includes(method)} onChange={(e) => toggle(method, e.target.checked)} />
        ))}
      </fieldset>
      {methods.length === 0 ? <p className="text-sm font-medium text-red-700">{S.payment.atLeastOne}</p> : null}
      {fields.payment_methods ? <p className="text-sm font-medium text-red-700">{fields.payment_methods}</p> : null}
      <SelectField label={S.payment.gateway} value={gateway ?? ''} error={fields.gateway} onChange={(e) => setGateway(e.target.value === '' ? null : (e.target.value as 'midtrans' | 'xendit'))}>
        <option value="">{S.payment.gatewayNone}</option>
        <option value="midtrans">Midtrans</option>
        <option value="xendit">Xendit</option>
      </SelectField>
      <Facts items={[[S.payment.offered, offered.map((m) => S.payment.offeredNames[m] ?? m).join(', ') || T.none, 'wide']]} />
      {methods.includes('gateway') && !offered.some((m) => m === 'midtrans' || m === 'xendit') ? <p className="text-sm text-slate-700">{S.payment.gatewayNotReady}</p> : null}
    </SectionForm>
  );
}

interface SensitiveProps {
  settings: Settings;
  owner: boolean;
  onSave(change: SensitiveChange): void;
}

let accountKey = 0;
type AccountRow = BankAccount & { key: number };

function BankSection({ settings, owner, onSave }: SensitiveProps) {
  const [rows, setRows] = useState<AccountRow[]>(() => settings.bank_accounts.map((a) => ({ ...a, key: ++accountKey })));
  const update = (key: number, patch: Partial<BankAccount>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  if (!owner) {
    return (
      <Card title={S.banks.title}>
        <p className="mb-3 text-sm text-slate-700">{S.ownerOnly}</p>
        {settings.bank_accounts.length === 0 ? <p className="text-sm">{S.banks.empty}</p> : null}
        <ul className="space-y-1 text-sm">
          {settings.bank_accounts.map((a) => (
            <li key={`${a.bank}-${a.number}`}>
              <strong>{a.bank}</strong> {a.number} — {a.holder}
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  return (
    <SectionForm
      title={S.banks.title}
      badge={<SensitiveBadge />}
      lead={S.banks.lead}
      busy={false}
      error={null}
      saved={false}
      onSubmit={() => onSave({ bank_accounts: rows.map(({ bank, number, holder }) => ({ bank: bank.trim(), number: number.trim(), holder: holder.trim() })) })}
    >
      {rows.length === 0 ? <p className="text-sm text-slate-700">{S.banks.empty}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key}>
            <fieldset className="grid grid-cols-1 items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_1fr_auto]">
              <legend className="sr-only">{S.banks.row(index + 1)}</legend>
              <TextField label={S.banks.bank} required maxLength={50} value={row.bank} onChange={(e) => update(row.key, { bank: e.target.value })} />
              <TextField label={S.banks.number} required inputMode="numeric" pattern="[0-9 .\-]{4,30}" value={row.number} onChange={(e) => update(row.key, { number: e.target.value })} />
              <TextField label={S.banks.holder} required maxLength={100} value={row.holder} onChange={(e) => update(row.key, { holder: e.target.value })} />
              <Button variant="ghost" className="text-red-800 hover:bg-red-50" aria-label={`${S.banks.remove} ${index + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                {S.banks.remove}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {rows.length < 10 ? (
        <Button variant="secondary" onClick={() => setRows((all) => [...all, { bank: '', number: '', holder: '', key: ++accountKey }])}>
          {S.banks.add}
        </Button>
      ) : null}
    </SectionForm>
  );
}

const CREDENTIALS = ['midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token'] as const;
type Credential = (typeof CREDENTIALS)[number];

function CredentialsSection({ settings, owner, onSave }: SensitiveProps) {
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
    <SectionForm title={S.credentials.title} badge={<SensitiveBadge />} lead={S.credentials.lead} busy={false} error={null} saved={false} onSubmit={submit}>
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

const TEMPLATES = [
  { kind: 'thank_you', field: 'thank_you_template', label: S.messages.thankYou, hint: S.messages.thankYouHint },
  { kind: 'opening', field: 'opening_message_template', label: S.messages.opening, hint: S.messages.openingHint },
] as const;

function MessagesSection({ settings }: { settings: Settings }) {
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

const INDONESIA = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'];

function TimeZoneSection({ settings }: { settings: Settings }) {
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

function UniqueCodeSection({ settings, owner, onSave }: SensitiveProps) {
  const [on, setOn] = useState(settings.unique_code);
  if (!owner) {
    return (
      <Card title={S.uniqueCode.title}>
        <p className="mb-3 text-sm text-slate-700">{S.ownerOnly}</p>
        <Badge tone={settings.unique_code ? 'good' : 'neutral'}>{settings.unique_code ? S.uniqueCode.on : S.uniqueCode.off}</Badge>
      </Card>
    );
  }
  return (
    <SectionForm title={S.uniqueCode.title} badge={<SensitiveBadge />} busy={false} error={null} saved={false} onSubmit={() => onSave({ unique_code: on })}>
      <CheckboxField label={S.uniqueCode.label} hint={S.uniqueCode.hint} checked={on} onChange={(e) => setOn(e.target.checked)} />
    </SectionForm>
  );
}

function AuditSection() {
  const audit = useQuery(auditQuery);
  return (
    <Card title={S.audit.title}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{S.audit.lead}</p>
      {audit.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={audit.error as ApiError | null} />
      {audit.data?.length === 0 ? <p className="text-sm text-slate-700">{S.audit.empty}</p> : null}
      <ul className="divide-y divide-slate-200" data-testid="audit-log">
        {audit.data?.map((entry) => (
          <li key={entry.id} className="py-2">
            <Facts
              items={[
                [S.audit.what, S.audit.fields[entry.field] ?? entry.field],
                [S.audit.who, entry.user.name],
                [S.audit.when, formatDateTime(entry.created_at)],
              ]}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
