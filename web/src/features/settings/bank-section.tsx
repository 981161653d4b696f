// The bank accounts shown to a buyer who pays by transfer (the owner changes them, with the password).
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { SectionForm, SensitiveBadge, type SensitiveProps } from './section-form';
import type { BankAccount } from './use-settings';

const S = T.settings;

let accountKey = 0;
type AccountRow = BankAccount & { key: number };

export function BankSection({ settings, owner, onSave, saved = false }: SensitiveProps) {
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
      saved={saved}
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
