import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { showFlash, useFlash } from '../../lib/flash';
import { T } from '../../text/id';
import { useLogin } from './use-auth';

export function LoginPage() {
  const { next } = useSearch({ from: '/entry/login' });
  const navigate = useNavigate();
  const flash = useFlash();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const submit = () =>
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          showFlash(null);
          void navigate({ href: next ?? '/' });
        },
      },
    );
  return (
    <>
      <h1 className="text-2xl font-bold">{T.auth.loginTitle}</h1>
      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {flash ? <Notice tone={flash.tone}>{flash.text}</Notice> : null}
        <TextField label={T.field.email} type="email" autoComplete="username" inputMode="email" required value={email} onChange={(event) => setEmail(event.target.value)} error={login.error?.body.fields?.email} />
        <TextField label={T.field.password} type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} error={login.error?.body.fields?.password} />
        <ErrorNotice error={login.error?.body.fields ? null : login.error} />
        <Button type="submit" busy={login.isPending} className="w-full">
          {T.auth.loginButton}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {T.auth.noAccount}{' '}
        <Link to="/signup" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {T.auth.toSignup}
        </Link>
      </p>
      <p className="mt-3 text-sm text-slate-600">{T.auth.forgotHint}</p>
    </>
  );
}
