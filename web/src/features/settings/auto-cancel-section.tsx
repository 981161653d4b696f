// Unpaid orders that close themselves (issue 44 §3; docs/auto-cancel.md): the switch and its
// days (an ordinary setting), since when it applies, and the older pending orders it leaves
// alone, with a button that includes them after a confirmation naming their count (the count
// shown travels with the request: a count that changed meanwhile is refused and shown anew).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { CheckboxField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { SectionForm } from './section-form';
import { autoCancelQuery, useIncludeOlder, type AutoCancelState } from './use-auto-cancel';
import { useSaveSettings, type Settings } from './use-settings';

const A = T.autoCancel;

export function AutoCancelSection({ settings }: { settings: Settings }) {
  const [on, setOn] = useState(settings.auto_cancel_days !== null);
  const [days, setDays] = useState(String(settings.auto_cancel_days ?? 3));
  const save = useSaveSettings();
  const queryClient = useQueryClient();
  const state = useQuery(autoCancelQuery);
  // A value out of 1-30 or not whole goes as it is: the server's refusal names the field.
  const submit = () =>
    save.mutate({ auto_cancel_days: on ? Number(days) : null }, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: autoCancelQuery.queryKey }) });
  return (
    <SectionForm title={A.title} lead={A.lead} busy={save.isPending} error={save.error} saved={save.isSuccess} onSubmit={submit}>
      <CheckboxField label={A.on} checked={on} onChange={(event) => setOn(event.target.checked)} />
      {on ? (
        <TextField
          label={A.days}
          hint={A.daysHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          step={1}
          required
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={save.error?.body.fields?.auto_cancel_days}
        />
      ) : null}
      {settings.auto_cancel_days !== null && state.data ? <OlderOrders state={state.data} /> : null}
      {state.error ? <ErrorNotice error={state.error as ApiError} /> : null}
    </SectionForm>
  );
}

/** Since when it applies, and the older pending orders with their button. */
function OlderOrders({ state }: { state: AutoCancelState }) {
  const include = useIncludeOlder();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  if (state.days === null || state.since === null) return null;
  const count = state.older_pending;
  const changed = include.error?.code === 'older_count_changed';
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="auto-cancel-older">
      <p className="text-sm text-slate-800">{state.cutoff === null ? A.allIncluded : A.since(formatDateTime(state.since))}</p>
      {state.cutoff !== null ? (
        <>
          <h3 className="text-base font-semibold">{A.olderTitle}</h3>
          <p className="text-sm text-slate-800" data-testid="auto-cancel-older-count">
            {A.older(count)}
          </p>
          {count > 0 ? (
            <Button type="button" variant="secondary" onClick={() => setAsking(true)}>
              {A.include(count)}
            </Button>
          ) : null}
        </>
      ) : null}
      {done !== null ? <Notice tone="success">{A.included(done)}</Notice> : null}
      {changed ? <Notice tone="warning">{A.changed}</Notice> : include.error ? <ErrorNotice error={include.error} /> : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={A.confirmTitle(count)}
        description={A.confirmText(count, state.days)}
        confirmLabel={A.confirm(count)}
        busy={include.isPending}
        onConfirm={() =>
          include.mutate(
            { older_pending: count, cutoff: state.cutoff ?? '' },
            {
              onSuccess: (answer) => setDone(answer.included),
              onSettled: () => setAsking(false),
            },
          )
        }
      />
    </div>
  );
}
