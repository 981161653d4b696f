// A sensitive change asks for the password again: the dialog holds the change until the owner
// confirms; a wrong password keeps it open with the server's answer.
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { useSaveSensitive, type SensitiveChange } from './use-settings';

export function PasswordDialog({ change, onDone }: { change: SensitiveChange | null; onDone(saved: boolean): void }) {
  const [password, setPassword] = useState('');
  const save = useSaveSensitive();
  const close = (saved: boolean) => {
    setPassword('');
    save.reset();
    onDone(saved);
  };
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && close(false)} title={T.settings.confirm.title} description={T.settings.confirm.lead}>
      <DialogForm
        submitLabel={T.settings.confirm.submit}
        busy={save.isPending}
        onCancel={() => close(false)}
        onSubmit={() => change && save.mutate({ ...change, password }, { onSuccess: () => close(true) })}
      >
        <TextField label={T.field.password} type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        <ErrorNotice error={save.error as ApiError | null} />
      </DialogForm>
    </Dialog>
  );
}
