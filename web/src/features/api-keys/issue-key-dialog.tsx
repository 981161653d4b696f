// Issue a key for one of SPEC's purposes; the key is shown this once, with a copy button.
import { useState } from 'react';
import { Dialog, DialogForm, ShownOnce } from '../../components/ui/dialog';
import { CheckboxField, TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { isoDateFromToday } from '../../lib/format';
import { T } from '../../text/id';
import { PURPOSE_SCOPES, PURPOSES, useIssueKey, type Purpose } from './use-keys';

export function IssueKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [name, setName] = useState('');
  const [purpose, setPurpose] = useState<Purpose>('order_status');
  const [expiresAt, setExpiresAt] = useState(() => isoDateFromToday(365));
  const issue = useIssueKey();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      issue.reset();
      setName('');
    }
  };
  const fields = issue.error?.body.fields;
  const fieldError = (field: string) => fields?.[field] ?? (issue.error && issue.error.code.startsWith(field) ? issue.error.body.error : undefined);
  const nameError = issue.error?.code === 'key_name_taken' ? issue.error.body.error : fields?.name;
  const expiryError = fieldError('expires_at');

  return (
    <Dialog open={open} onOpenChange={close} title={issue.data ? T.keys.keyReady : T.keys.issueTitle}>
      {issue.data ? (
        <ShownOnce warning={T.keys.keyOnce} label={name} value={issue.data.key} onClose={() => close(false)}>
          <p className="text-sm text-slate-700">
            {T.keys.scopes}: <code>{issue.data.scopes.join(', ')}</code>
          </p>
        </ShownOnce>
      ) : (
        <DialogForm onSubmit={() => issue.mutate({ name, purpose, expires_at: expiresAt })} onCancel={() => close(false)} submitLabel={T.keys.issue} busy={issue.isPending}>
          <TextField label={T.keys.name} hint={T.keys.nameHelp} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={nameError} />
          {/* Choices rather than a select: each purpose and its scopes stay whole on a phone. */}
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">{T.keys.purpose}</legend>
            {PURPOSES.map((value) => (
              <CheckboxField key={value} type="radio" name="purpose" value={value} label={T.keys.purposeShort[value]!} hint={`${T.keys.scopes}: ${PURPOSE_SCOPES[value]}`} checked={purpose === value} onChange={() => setPurpose(value)} />
            ))}
            {fields?.purpose ? <p className="text-sm font-medium text-red-700">{fields.purpose}</p> : null}
          </fieldset>
          <TextField label={T.keys.expiresAt} hint={T.keys.expiresHelp} type="date" required value={expiresAt} min={isoDateFromToday(0)} onChange={(event) => setExpiresAt(event.target.value)} error={expiryError} />
          <ErrorNotice error={nameError || expiryError || fields ? null : issue.error} />
        </DialogForm>
      )}
    </Dialog>
  );
}
