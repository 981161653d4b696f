// The person's own fields, the same at sign-up and when accepting an invitation.
import { useState } from 'react';
import { TextField } from '../../components/ui/field';
import { T } from '../../text/id';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const useAccountForm = () => useState<Account>({ name: '', email: '', password: '' });

export function AccountFields({ value, onChange, errors }: { value: Account; onChange(next: Account): void; errors: Record<string, string> | undefined }) {
  const set = (field: keyof Account) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <>
      <TextField label={T.field.name} required maxLength={200} autoComplete="name" value={value.name} onChange={set('name')} error={errors?.name} />
      <TextField label={T.field.email} type="email" inputMode="email" required autoComplete="email" value={value.email} onChange={set('email')} error={errors?.email} />
      <TextField label={T.field.password} type="password" required minLength={10} autoComplete="new-password" hint={T.field.passwordHint} value={value.password} onChange={set('password')} error={errors?.password} />
    </>
  );
}
