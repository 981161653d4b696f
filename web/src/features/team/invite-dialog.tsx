import { useState } from 'react';
import { useMe } from '../../api/use-session';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { T } from '../../text/id';
import type { OneTimeLink } from './link-dialog';
import { useInvite } from './use-team';

export function InviteDialog({ open, onOpenChange, onLink }: { open: boolean; onOpenChange(open: boolean): void; onLink(link: OneTimeLink): void }) {
  const store = useMe().store.name;
  const [role, setRole] = useState<'admin' | 'cs'>('cs');
  const [integrations, setIntegrations] = useState(false);
  // Whom it is for: the open invitations name them; a number sends the link straight to that chat.
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const invite = useInvite();
  const submit = () =>
    invite.mutate(
      { role, integrations: role === 'admin' && integrations, name: name.trim(), whatsapp_number: number.trim() === '' ? null : number.trim() },
      {
        onSuccess: (created) => {
          onOpenChange(false);
          setName('');
          setNumber('');
          onLink({
            title: T.team.inviteReady,
            lead: T.team.inviteLead,
            url: created.invite_url,
            expiresAt: created.expires_at,
            message: T.team.inviteMessage(store, T.roles[role] ?? role, created.invite_url),
            whatsappNumber: created.whatsapp_number,
          });
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={T.team.invite} description={T.team.inviteLead}>
      <DialogForm onSubmit={submit} onCancel={() => onOpenChange(false)} submitLabel={T.team.createInvite} busy={invite.isPending}>
        <TextField label={T.team.inviteeName} hint={T.team.inviteeNameHint} required maxLength={100} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} error={invite.error?.body.fields?.name} />
        <TextField
          label={T.team.inviteeNumber}
          hint={T.team.inviteeNumberHint}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={invite.error?.body.fields?.whatsapp_number}
        />
        <SelectField label={T.team.role} value={role} onChange={(event) => setRole(event.target.value as 'admin' | 'cs')} hint={T.team.roleHelp[role]}>
          <option value="admin">{T.roles.admin}</option>
          <option value="cs">{T.roles.cs}</option>
        </SelectField>
        {role === 'admin' ? <CheckboxField label={T.team.integrations} checked={integrations} onChange={(event) => setIntegrations(event.target.checked)} /> : null}
        <ErrorNotice error={invite.error?.body.fields ? null : invite.error} />
      </DialogForm>
    </Dialog>
  );
}
