import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call, type ApiError } from '../../api/client';
import { enterStore, type Me } from '../../api/session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { T } from '../../text/id';

export function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ store_name: '', name: '', email: '', password: '' });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const signup = useMutation<Me, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/signup', { body: form })),
    onSuccess: (me) => {
      enterStore(queryClient, me);
      void navigate({ to: '/' });
    },
  });
  const fields = signup.error?.body.fields;
  return (
    <>
      <h1 className="text-2xl font-bold">{T.auth.signupTitle}</h1>
      <p className="mt-1 text-sm text-slate-700">{T.auth.signupLead}</p>
      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          signup.mutate();
        }}
      >
        <TextField label={T.field.storeName} required maxLength={200} autoComplete="organization" value={form.store_name} onChange={set('store_name')} error={fields?.store_name} />
        <TextField label={T.field.name} required maxLength={200} autoComplete="name" value={form.name} onChange={set('name')} error={fields?.name} />
        <TextField label={T.field.email} type="email" inputMode="email" required autoComplete="email" value={form.email} onChange={set('email')} error={fields?.email} />
        <TextField label={T.field.password} type="password" required minLength={10} autoComplete="new-password" hint={T.field.passwordHint} value={form.password} onChange={set('password')} error={fields?.password} />
        <ErrorNotice error={fields ? null : signup.error} />
        <Button type="submit" busy={signup.isPending} className="w-full">
          {T.auth.signupButton}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        {T.auth.haveAccount}{' '}
        <Link to="/login" search={{ next: undefined }} className="font-semibold text-brand-800 underline">
          {T.auth.toLogin}
        </Link>
      </p>
    </>
  );
}
