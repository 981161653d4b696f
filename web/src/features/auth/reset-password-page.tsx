import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { showFlash } from '../../lib/flash';
import { T } from '../../text/id';
import { useResetPassword } from './use-auth';

/** The page of a reset link (the owner's for a member, the CLI's, or `npm start`'s first one). */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/entry/reset-password' });
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const reset = useResetPassword();
  const submit = () =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          showFlash({ tone: 'success', text: T.auth.resetDone });
          void navigate({ to: '/login', search: { next: undefined } });
        },
      },
    );
  return (
    <>
      <h1 className="text-2xl font-bold">{T.auth.resetTitle}</h1>
      <p className="mt-1 text-sm text-slate-700">{T.auth.resetLead}</p>
      {token ? (
        <form
          className="mt-6 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField label={T.field.newPassword} type="password" required minLength={10} autoComplete="new-password" hint={T.field.passwordHint} value={password} onChange={(event) => setPassword(event.target.value)} error={reset.error?.body.fields?.password} />
          <ErrorNotice error={reset.error?.body.fields?.password ? null : reset.error} />
          <Button type="submit" busy={reset.isPending} className="w-full">
            {T.auth.resetButton}
          </Button>
        </form>
      ) : (
        <div className="mt-6">
          <Notice tone="error">{T.auth.resetMissingToken}</Notice>
        </div>
      )}
    </>
  );
}
