// The bulk bar (issue 33 §1): once orders are chosen it says how many, and offers "Ubah status"
// (every member, on their own orders), "Tugaskan CS" (owners and admins), "Tandai spam" (every
// member; "Bukan spam" under the tab "Spam", issue 43) and "Cetak label"/"Cetak invoice" (issue 44,
// the print page in the same tab). Each action sends
// the ids chosen, or the view itself for "all in this view"; the server moves each order as its
// own move and the bar then says what became of them: changed, unchanged, and the refused ones
// with why. On a phone the bar sticks to the bottom of the screen, at the thumb. Over 500 orders
// the server answers with a job instead (issue 40 §5): the bar then shows its progress and its
// result (bulk-jobs.tsx), and keeps showing them after the page is closed and opened again.
import { useState } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import type { Selection } from './bulk-select';
import { ORDER_STATUSES, type OrderStatus, type OrdersSearch } from './orders-search';
import { statusName } from './status-word';
import { BulkJobs } from './bulk-jobs';
import { useBulkJobs, useJobStarted, type StartedJob } from './use-bulk-jobs';
import { useAssignees, useBulkAssign, useBulkStatus, type BulkJobStarted, type BulkStatusResult } from './use-orders';
import { useBulkSpam } from './use-risk';
import { PrintButtons } from '../printing/print-buttons';

type Results = BulkStatusResult['results'];
/** What an action answered: each order's outcome (up to 500), or the job that works them. */
type Answer = { results: Results } | BulkJobStarted;

/** The orders an action names: the ids chosen, or the view (its tab and filters). */
const chosenOf = (selection: Selection, search: OrdersSearch) => (selection.allInView ? { query: search } : { ids: [...selection.ids] });

export function BulkBar({ selection, search }: { selection: Selection; search: OrdersSearch }) {
  const me = useMe();
  const [dialog, setDialog] = useState<'status' | 'assign' | 'spam' | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const jobs = useBulkJobs();
  const started = useJobStarted();
  const count = selection.count;
  // A status move ends the work on the orders chosen; an assignment keeps them chosen, so a move can follow.
  const done = (answer: Answer, keep = false) => {
    setDialog(null);
    if ('job' in answer) started(answer.job as StartedJob);
    else setResults(answer.results);
    if (!keep) selection.clear();
  };
  if (!count && !results && jobs.length === 0) return null;
  const manager = can(me, 'orders:all');
  // Under the tab "Spam" the mark comes off; anywhere else it goes on.
  const unspam = search.spam === 'only';
  return (
    <>
      <section aria-label={T.bulk.bar} className="sticky bottom-0 z-20 -mx-3 mt-4 border-t border-slate-200 bg-white/95 px-3 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {jobs.length > 0 ? <BulkJobs jobs={jobs} spaced={Boolean(count || results)} /> : null}
        {results ? <BulkResults results={results} onClose={() => setResults(null)} spaced={Boolean(count)} /> : null}
        {count ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <p className="text-sm font-semibold text-slate-900" role="status">
              {T.bulk.chosen(count)}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex">
              <Button onClick={() => setDialog('status')}>{T.bulk.changeStatus}</Button>
              {manager ? (
                <Button variant="secondary" onClick={() => setDialog('assign')}>
                  {T.bulk.assign}
                </Button>
              ) : null}
              <Button variant={unspam ? 'secondary' : 'dangerQuiet'} onClick={() => setDialog('spam')}>
                {unspam ? T.risk.unmarkSpam : T.risk.markSpam}
              </Button>
              <PrintButtons selection={selection} search={search} />
              {/* A whole row on a phone when the actions above leave none of it free. */}
              <Button variant="ghost" className={manager ? '' : 'col-span-2 sm:col-span-1'} onClick={selection.clear}>
                {T.bulk.clear}
              </Button>
            </div>
          </div>
        ) : null}
      </section>
      {dialog === 'status' ? <StatusDialog chosen={chosenOf(selection, search)} count={count} manager={can(me, 'orders:all')} onClose={() => setDialog(null)} onDone={done} /> : null}
      {dialog === 'assign' ? <AssignDialog chosen={chosenOf(selection, search)} count={count} onClose={() => setDialog(null)} onDone={(answer) => done(answer, true)} /> : null}
      {dialog === 'spam' ? <SpamDialog chosen={chosenOf(selection, search)} count={count} spam={!unspam} onClose={() => setDialog(null)} onDone={done} /> : null}
    </>
  );
}

type Chosen = ReturnType<typeof chosenOf>;

function StatusDialog({ chosen, count, manager, onClose, onDone }: { chosen: Chosen; count: number | undefined; manager: boolean; onClose(): void; onDone(answer: Answer): void }) {
  const bulk = useBulkStatus();
  const [status, setStatus] = useState('');
  const [resi, setResi] = useState('');
  const [reason, setReason] = useState('');
  const fields = bulk.error?.body.fields ?? {};
  const submit = () => {
    if (status === '') return;
    bulk.mutate(
      {
        ...chosen,
        status: status as OrderStatus,
        ...(status === 'shipped' && resi.trim() !== '' ? { resi: resi.trim() } : {}),
        ...(manager && reason.trim() !== '' ? { reason: reason.trim() } : {}),
      },
      { onSuccess: onDone },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={T.bulk.changeStatus} description={count === undefined ? undefined : T.bulk.chosen(count)}>
      <DialogForm onSubmit={submit} onCancel={onClose} submitLabel={T.bulk.apply} busy={bulk.isPending}>
        <SelectField label={T.bulk.newStatus} value={status} onChange={(event) => setStatus(event.target.value)} required error={fields.status}>
          <option value="">{T.bulk.chooseStatus}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusName(s)}
            </option>
          ))}
        </SelectField>
        {status === 'shipped' ? (
          <TextField label={T.bulk.resi} hint={T.bulk.resiHint} value={resi} onChange={(event) => setResi(event.target.value)} autoComplete="off" maxLength={60} error={fields.resi} />
        ) : null}
        {manager && status !== '' ? (
          <TextAreaField label={T.bulk.reason} hint={T.bulk.reasonHint} value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={500} error={fields.reason} />
        ) : null}
        {bulk.error && !bulk.error.body.fields ? <ErrorNotice error={bulk.error} /> : null}
        {bulk.error?.body.fields?.ids ? <Notice tone="error">{bulk.error.body.fields.ids}</Notice> : null}
      </DialogForm>
    </Dialog>
  );
}

function AssignDialog({ chosen, count, onClose, onDone }: { chosen: Chosen; count: number | undefined; onClose(): void; onDone(answer: Answer): void }) {
  const assignees = useAssignees(useMe());
  const assign = useBulkAssign();
  const [member, setMember] = useState('');
  const submit = () => {
    if (member === '') return;
    assign.mutate({ ...chosen, cs: member === 'none' ? null : Number(member) }, { onSuccess: onDone });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={T.bulk.assign} description={count === undefined ? undefined : T.bulk.chosen(count)}>
      <DialogForm onSubmit={submit} onCancel={onClose} submitLabel={T.bulk.apply} busy={assign.isPending}>
        <SelectField label={T.bulk.assignTo} value={member} onChange={(event) => setMember(event.target.value)} required error={assign.error?.body.fields?.cs}>
          <option value="">{T.bulk.chooseMember}</option>
          {assignees.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {T.orders.assignRole(m.name, T.roles[m.role] ?? m.role)}
            </option>
          ))}
          <option value="none">{T.bulk.unassign}</option>
        </SelectField>
        {assign.error && !assign.error.body.fields?.cs ? <ErrorNotice error={assign.error} /> : null}
      </DialogForm>
    </Dialog>
  );
}

/** The spam mark on the chosen orders, or off them (under the tab "Spam"), with a reason for their histories. */
function SpamDialog({ chosen, count, spam, onClose, onDone }: { chosen: Chosen; count: number | undefined; spam: boolean; onClose(): void; onDone(answer: Answer): void }) {
  const mark = useBulkSpam();
  const [reason, setReason] = useState('');
  const submit = () => mark.mutate({ ...chosen, spam, reason: reason.trim() === '' ? null : reason.trim() }, { onSuccess: onDone });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={spam ? T.risk.bulkSpamTitle : T.risk.bulkUnspamTitle}
      description={`${count === undefined ? '' : `${T.bulk.chosen(count)}. `}${spam ? T.risk.bulkSpamLead : T.risk.bulkUnspamLead}`}
    >
      <DialogForm onSubmit={submit} onCancel={onClose} submitLabel={spam ? T.risk.markSpam : T.risk.unmarkSpam} busy={mark.isPending} destructive={spam}>
        <TextAreaField label={T.risk.reason} hint={T.risk.reasonHint} value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={500} error={mark.error?.body.fields?.reason} />
        {mark.error && !mark.error.body.fields ? <ErrorNotice error={mark.error} /> : null}
        {mark.error?.body.fields?.ids ? <Notice tone="error">{mark.error.body.fields.ids}</Notice> : null}
      </DialogForm>
    </Dialog>
  );
}

/** What became of the orders: how many of each outcome, and each refused one with why. */
function BulkResults({ results, onClose, spaced }: { results: Results; onClose(): void; spaced: boolean }) {
  const count = (outcome: Results[number]['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const refused = results.filter((r) => r.outcome === 'refused');
  return (
    <div className={spaced ? 'mb-3' : undefined}>
      <Notice tone={refused.length > 0 ? 'warning' : 'success'}>
        <p className="font-semibold">{T.bulk.result(count('changed'), count('unchanged'), refused.length)}</p>
        {refused.length > 0 ? (
          <>
            <p className="mt-1">{T.bulk.refusedTitle}</p>
            <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5">
              {refused.map((r) => (
                <li key={r.id}>{T.bulk.refusedLine(r.id, (r.code && T.bulk.refusals[r.code]) ?? r.code ?? '')}</li>
              ))}
            </ul>
          </>
        ) : null}
        <Button variant="ghost" className="mt-1 -ml-2 px-2" onClick={onClose}>
          {T.close}
        </Button>
      </Notice>
    </div>
  );
}
