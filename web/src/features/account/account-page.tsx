// The user's own account: who they are, their stores, their own WhatsApp number in the selected
// store (where the buyers of their orders reach them), and a password change (which ends every
// session of theirs, this one included).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { Card, Facts, PageHeader } from '../../components/ui/page';
import { showFlash } from '../../lib/flash';
import { T } from '../../text/id';
import { Notice } from '../../components/ui/notice';
import { formatWhatsApp } from '../../lib/phone';
import { useChangePassword, useSetWhatsapp } from './use-account';

export function AccountPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();
  const submit = () =>
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          showFlash({ tone: 'success', text: T.account.passwordChanged });
          void navigate({ to: '/login', search: { next: undefined } });
        },
      },
    );
  const fields = change.error?.body.fields;
  return (
    <>
      <PageHeader title={T.account.title} />
      <div className="space-y-4">
        <Card title={T.account.profile}>
          <Facts
            items={[
              [T.field.name, me.user.name],
              [T.field.email, me.user.email, 'wide'],
              [T.account.stores, me.stores.map((store) => `${store.name} (${T.roles[store.role] ?? store.role})`).join(', ')],
            ]}
          />
        </Card>
        <WhatsappCard />
        <Card title={T.account.changePassword}>
          <p className="mb-4 text-sm text-slate-700">{T.account.changePasswordLead}</p>
          <form
            className="max-w-md space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <TextField label={T.field.currentPassword} type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} error={fields?.current_password} />
            <TextField label={T.field.newPassword} type="password" autoComplete="new-password" required minLength={10} hint={T.field.passwordHint} value={next} onChange={(event) => setNext(event.target.value)} error={fields?.new_password} />
            <ErrorNotice error={fields ? null : change.error} />
            <Button type="submit" busy={change.isPending}>
              {T.account.changePassword}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}

function WhatsappCard() {
  const me = useMe();
  const [value, setValue] = useState(me.whatsapp_number ? formatWhatsApp(me.whatsapp_number) : '');
  const set = useSetWhatsapp();
  return (
    <Card title={T.account.whatsappTitle}>
      <form
        className="max-w-md space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          set.mutate(value.trim() === '' ? null : value.trim());
        }}
      >
        <TextField label={T.account.whatsapp} type="tel" autoComplete="tel" hint={T.account.whatsappHint} value={value} onChange={(event) => setValue(event.target.value)} error={set.error?.body.fields?.whatsapp_number} />
        <ErrorNotice error={set.error?.body.fields ? null : set.error} />
        {set.isSuccess ? <Notice tone="success">{T.account.whatsappSaved}</Notice> : null}
        <Button type="submit" variant="secondary" busy={set.isPending}>
          {T.save}
        </Button>
      </form>
    </Card>
  );
}
