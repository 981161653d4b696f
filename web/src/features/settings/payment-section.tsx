// The payment methods the order form offers, in order, and the gateway.
import { useState } from 'react';
import { CheckboxField, SelectField } from '../../components/ui/field';
import { Facts } from '../../components/ui/page';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { useSaveSettings, type Settings } from './use-settings';

const S = T.settings;

const METHODS = ['bank_transfer', 'cod', 'gateway'] as const;

export function PaymentSection({ settings }: { settings: Settings }) {
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
