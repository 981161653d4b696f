// Risky orders in the settings (issue 43 §1, §4): the store's blocked phones (added here by hand
// with a note, or from an order's page in one tap; removed here), with how many form orders were
// refused today, and the burst rule's two thresholds. Owners and admins, as the whole page.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { blockedPhonesQuery, riskSettingsQuery, useBlockPhone, useSaveRiskSettings, useUnblockPhone, type RiskSettings } from './use-risk-settings';

const R = T.risk;

export function BlockedPhonesSection() {
  const list = useQuery(blockedPhonesQuery);
  const block = useBlockPhone();
  const unblock = useUnblockPhone();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const fields = block.error?.body.fields ?? {};
  const add = () => {
    setSaid(null);
    block.mutate(
      { phone: phone.trim(), ...(note.trim() === '' ? {} : { note: note.trim() }) },
      {
        onSuccess: (blocked) => {
          setPhone('');
          setNote('');
          setSaid(R.added(formatWhatsApp(blocked.phone)));
        },
      },
    );
  };
  const remove = (digits: string) => {
    setSaid(null);
    unblock.mutate(digits, { onSuccess: () => setSaid(R.unblocked(formatWhatsApp(digits))) });
  };
  return (
    <Card title={R.blockedTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{R.blockedLead}</p>
      {list.data ? <p className="mb-3 text-sm font-medium text-slate-900">{R.refusedToday(list.data.refused_today)}</p> : null}
      <form
        className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField label={R.phone} hint={R.phoneHint} value={phone} onChange={(event) => setPhone(event.target.value)} required inputMode="tel" autoComplete="off" maxLength={40} error={fields.phone} />
        <TextField label={R.note} hint={R.noteHint} value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} autoComplete="off" error={fields.note} />
        <Button type="submit" className="sm:mt-6" busy={block.isPending}>
          {R.add}
        </Button>
      </form>
      <div className="mt-3 space-y-2">
        {block.error && block.error.code !== 'invalid_request' ? <ErrorNotice error={block.error} /> : null}
        <ErrorNotice error={unblock.error} />
        {said ? <Notice tone="success">{said}</Notice> : null}
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{R.list}</h3>
      {list.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={list.error as ApiError | null} />
      {list.data && list.data.phones.length === 0 ? <p className="mt-1 text-sm text-slate-700">{R.none}</p> : null}
      {list.data && list.data.phones.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={R.list}>
          {list.data.phones.map((blocked) => {
            const shown = formatWhatsApp(blocked.phone);
            return (
              <li key={blocked.phone} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{shown}</p>
                  {blocked.note ? <p className="break-words text-sm text-slate-700">{blocked.note}</p> : null}
                  <p className="text-xs text-slate-600">{R.since(formatDateTime(blocked.created_at))}</p>
                </div>
                <Button variant="secondary" aria-label={R.unblockName(shown)} busy={unblock.isPending && unblock.variables === blocked.phone} onClick={() => remove(blocked.phone)}>
                  {R.unblock}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

export function BurstSection() {
  const current = useQuery(riskSettingsQuery);
  return (
    <>
      {current.isPending ? (
        <Card title={R.burstTitle}>
          <Loading label={T.loading} />
        </Card>
      ) : null}
      {current.error ? (
        <Card title={R.burstTitle}>
          <ErrorNotice error={current.error as ApiError} />
        </Card>
      ) : null}
      {current.data ? <BurstForm settings={current.data} /> : null}
    </>
  );
}

function BurstForm({ settings }: { settings: RiskSettings }) {
  const save = useSaveRiskSettings();
  const [phone, setPhone] = useState(String(settings.burst_phone_limit));
  const [ip, setIp] = useState(String(settings.burst_ip_limit));
  const fields = save.error?.body.fields ?? {};
  return (
    <SectionForm
      title={R.burstTitle}
      lead={R.burstLead}
      busy={save.isPending}
      error={save.error}
      saved={save.isSuccess}
      onSubmit={() => save.mutate({ burst_phone_limit: Number(phone), burst_ip_limit: Number(ip) })}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={R.burstPhone} hint={R.burstPhoneHint} type="number" inputMode="numeric" min={1} max={100} step={1} required value={phone} onChange={(event) => setPhone(event.target.value)} error={fields.burst_phone_limit} />
        <TextField label={R.burstIp} hint={R.burstIpHint} type="number" inputMode="numeric" min={1} max={100} step={1} required value={ip} onChange={(event) => setIp(event.target.value)} error={fields.burst_ip_limit} />
      </div>
    </SectionForm>
  );
}
