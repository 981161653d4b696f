// The CS rotation's settings (owner and admins; linked from the team page too): the mode, sticky
// buyers, and each member's weight (shown in Berbobot only), duty and orders of today. The whole list is saved at once (PUT
// /dashboard/api/rotation); a refused field shows beside its member.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import { rotationQuery, useSaveRotation, type Rotation, type RotationMode } from './use-rotation';

const R = T.rotation;
const MODES: RotationMode[] = ['off', 'round_robin', 'weighted'];
const WEIGHTS = Array.from({ length: 10 }, (_, i) => i + 1);

type Row = Rotation['members'][number];

export function RotationPage() {
  const rotation = useQuery(rotationQuery);
  return (
    <>
      <PageHeader title={R.title} lead={R.lead} />
      {rotation.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={rotation.error as ApiError | null} />
      {rotation.data ? <RotationForm saved={rotation.data} /> : null}
    </>
  );
}

function RotationForm({ saved }: { saved: Rotation }) {
  const [mode, setMode] = useState<RotationMode>(saved.mode);
  const [sticky, setSticky] = useState(saved.sticky);
  const [rows, setRows] = useState<Row[]>(saved.members);
  const [adding, setAdding] = useState('');
  const save = useSaveRotation();
  useEffect(() => {
    setMode(saved.mode);
    setSticky(saved.sticky);
    setRows(saved.members);
  }, [saved]);

  const everyone = [...saved.members, ...saved.others];
  const others = everyone.filter((m) => !rows.some((r) => r.user_id === m.user_id)).sort((a, b) => a.user_id - b.user_id);
  const change = (userId: number, patch: Partial<Row>) => setRows((current) => current.map((r) => (r.user_id === userId ? { ...r, ...patch } : r)));
  const add = () => {
    const member = others.find((m) => String(m.user_id) === adding);
    if (!member) return;
    setRows((current) => [...current, { user_id: member.user_id, name: member.name, role: member.role, weight: 1, on_duty: true, orders_today: 0 }]);
    setAdding('');
  };
  const fields = (save.error?.body as { fields?: Record<string, string> } | undefined)?.fields ?? {};

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ mode, sticky, members: rows.map((r) => ({ user_id: r.user_id, weight: r.weight, on_duty: r.on_duty })) });
      }}
    >
      <Card>
        <div className="space-y-4">
          <SelectField label={R.mode} hint={R.modeHint} value={mode} onChange={(e) => setMode(e.target.value as RotationMode)} error={fields.mode}>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {R.modes[m]}
              </option>
            ))}
          </SelectField>
          <CheckboxField label={R.sticky} hint={R.stickyHint} checked={sticky} onChange={(e) => setSticky(e.target.checked)} />
        </div>
      </Card>
      <Card title={R.members}>
        {rows.length === 0 ? <p className="mb-3 text-sm text-slate-700">{R.noMembers}</p> : null}
        <ul className="divide-y divide-slate-200">
          {rows.map((row, index) => (
            <li key={row.user_id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid={`rotation-member-${row.user_id}`}>
              <div className="min-w-0 flex-1 basis-40">
                <p className="break-words font-semibold">{row.name}</p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <Badge>{T.roles[row.role] ?? row.role}</Badge>
                  <span className="text-sm text-slate-700" data-testid={`orders-today-${row.user_id}`}>
                    {R.ordersToday(row.orders_today)}
                  </span>
                </div>
                {fields[`members.${index}.user_id`] ? <p className="mt-1 text-sm text-red-700">{fields[`members.${index}.user_id`]}</p> : null}
              </div>
              {/* A weight means something in Berbobot only: the other modes hide it (kept, and saved as it was). */}
              {mode === 'weighted' ? (
                <div className="w-28">
                  <SelectField
                    label={R.weightShort}
                    aria-label={R.weight(row.name)}
                    value={row.weight}
                    onChange={(e) => change(row.user_id, { weight: Number(e.target.value) })}
                    error={fields[`members.${index}.weight`]}
                  >
                    {WEIGHTS.map((w) => (
                      <option key={w} value={w}>
                        {w}
                      </option>
                    ))}
                  </SelectField>
                </div>
              ) : null}
              <CheckboxField label={R.onDuty} aria-label={R.onDutyFor(row.name)} checked={row.on_duty} onChange={(e) => change(row.user_id, { on_duty: e.target.checked })} />
              <Button variant="ghost" aria-label={R.removeFor(row.name)} onClick={() => setRows((current) => current.filter((r) => r.user_id !== row.user_id))}>
                {R.remove}
              </Button>
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
            <div className="min-w-0 flex-1 basis-48">
              <SelectField label={R.addWho} value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">—</option>
                {others.map((m) => (
                  <option key={m.user_id} value={m.user_id}>
                    {m.name} ({T.roles[m.role] ?? m.role})
                  </option>
                ))}
              </SelectField>
            </div>
            <Button variant="secondary" onClick={add} disabled={adding === ''}>
              {R.add}
            </Button>
          </div>
        ) : null}
      </Card>
      <ErrorNotice error={save.error} />
      {save.isSuccess ? <Notice tone="success">{R.saved}</Notice> : null}
      <Button type="submit" busy={save.isPending}>
        {R.save}
      </Button>
    </form>
  );
}
