// The shipping rate table: one row per courier and province ("Semua provinsi" = '*'). On a
// phone each rate is a small card with one field a line, so the chosen province is whole; on
// a desktop a row. Saving replaces the store's whole table.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { useSaveSettings, type Rate, type Settings } from './use-settings';

interface Row {
  key: number;
  courier: string;
  province: string;
  fee: string;
}

let nextKey = 0;
const toRow = (rate: Rate): Row => ({ key: ++nextKey, courier: rate.courier, province: rate.province, fee: String(rate.fee) });

export function RatesSection({ settings }: { settings: Settings }) {
  const [rows, setRows] = useState<Row[]>(() => settings.shipping_rates.map(toRow));
  const save = useSaveSettings();
  const fields = save.error?.body.fields ?? {};
  const update = (key: number, patch: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const submit = () =>
    save.mutate(
      { shipping_rates: rows.map((row) => ({ courier: row.courier.trim(), province: row.province as Rate['province'], fee: Number(row.fee) })) },
      { onSuccess: (saved) => setRows(saved.shipping_rates.map(toRow)) },
    );
  return (
    <Card title={T.settings.rates.title}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.settings.rates.lead}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {rows.length === 0 ? <p className="mb-3 text-sm text-slate-700">{T.settings.rates.empty}</p> : null}
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="grid grid-cols-1 items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:border-0 sm:p-0">
                <legend className="sr-only">{T.settings.rates.row(index + 1)}</legend>
                <TextField label={T.settings.rates.courier} value={row.courier} required maxLength={40} error={fields[`shipping_rates.${index}.courier`]} onChange={(e) => update(row.key, { courier: e.target.value })} />
                <SelectField label={T.settings.rates.province} value={row.province} error={fields[`shipping_rates.${index}.province`]} onChange={(e) => update(row.key, { province: e.target.value })}>
                  <option value="*">{T.settings.rates.allProvinces}</option>
                  {settings.provinces.map((province) => (
                    <option key={province} value={province}>
                      {province}
                    </option>
                  ))}
                </SelectField>
                <TextField label={T.settings.rates.fee} inputMode="numeric" type="number" min={0} step={1} required value={row.fee} error={fields[`shipping_rates.${index}.fee`]} onChange={(e) => update(row.key, { fee: e.target.value })} />
                <Button variant="ghost" className="text-red-800 hover:bg-red-50" aria-label={`${T.settings.rates.remove} ${index + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  {T.settings.rates.remove}
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        {fields.shipping_rates ? (
          <div className="mt-3">
            <Notice tone="error">{fields.shipping_rates}</Notice>
          </div>
        ) : null}
        <div className="mt-3">
          <ErrorNotice error={save.error} />
          {save.isSuccess ? <Notice tone="success">{T.settings.saved}</Notice> : null}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setRows((all) => [...all, { key: ++nextKey, courier: all.at(-1)?.courier ?? '', province: '*', fee: '' }])}>
            {T.settings.rates.add}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {T.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
