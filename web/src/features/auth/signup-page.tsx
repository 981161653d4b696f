import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { AccountFields, useAccountForm } from './account-fields';
import { useSignup } from './use-auth';

export function SignupPage() {
  const navigate = useNavigate();
  const [storeName, setStoreName] = useState('');
  const [account, setAccount] = useAccountForm();
  const signup = useSignup();
  const fields = signup.error?.body.fields;
  return (
    <>
      <h1 className="text-2xl font-bold">{T.auth.signupTitle}</h1>
      <p className="mt-1 text-sm text-slate-700">{T.auth.signupLead}</p>
      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          signup.mutate({ store_name: storeName, ...account }, { onSuccess: () => void navigate({ to: '/' }) });
        }}
      >
        <TextField label={T.field.storeName} required maxLength={200} autoComplete="organization" value={storeName} onChange={(event) => setStoreName(event.target.value)} error={fields?.store_name} />
        <AccountFields value={account} onChange={setAccount} errors={fields} />
        <ErrorNotice error={fields ? null : signup.error} />
        <Button type="submit" busy={signup.isPending} className="w-full">
          {T.auth.signupButton}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {T.auth.haveAccount}{' '}
        <Link to="/login" search={{ next: undefined }} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {T.auth.toLogin}
        </Link>
      </p>
    </>
  );
}
