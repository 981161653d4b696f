// The owner's team page: members with their roles (change, remove, a password-reset link),
// open invitations (revoke), and a new invitation link to copy or send by WhatsApp.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { useMe } from '../../api/use-session';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogForm } from '../../components/ui/dialog';
import { CheckboxField, SelectField } from '../../components/ui/field';
import { Badge, ErrorNotice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { InviteDialog } from './invite-dialog';
import { LinkDialog, type OneTimeLink } from './link-dialog';
import { invitationsQuery, teamQuery, useChangeRole, useRemoveMember, useResetLink, useRevokeInvitation, type Invitation, type Member, type Role } from './use-team';

export function TeamPage() {
  const myId = useMe().user.id;
  const team = useQuery(teamQuery);
  const invitations = useQuery(invitationsQuery);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<OneTimeLink | null>(null);
  return (
    <>
      <PageHeader title={T.team.title} lead={T.team.lead} actions={<Button onClick={() => setInviting(true)}>{T.team.invite}</Button>} />
      <Card className="mb-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 flex-1 basis-56 text-sm text-slate-700">{T.rotation.teamLead}</p>
          <Link to="/rotation" className={buttonClass('secondary')}>
            {T.rotation.teamLink}
          </Link>
        </div>
      </Card>
      <h2 className="mb-3 text-lg font-semibold">{T.team.members}</h2>
      {team.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={team.error as ApiError | null} />
      <ul className="space-y-3">
        {team.data?.members.map((member) => (
          <li key={member.user_id}>
            <MemberCard member={member} isMe={member.user_id === myId} onLink={setLink} />
          </li>
        ))}
      </ul>
      <h2 className="mb-3 mt-8 text-lg font-semibold">{T.team.invitations}</h2>
      <ErrorNotice error={invitations.error as ApiError | null} />
      {invitations.data?.invitations.length === 0 ? <p className="text-sm text-slate-700">{T.team.noInvitations}</p> : null}
      <ul className="space-y-3">
        {invitations.data?.invitations.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard invitation={invitation} />
          </li>
        ))}
      </ul>
      <InviteDialog open={inviting} onOpenChange={setInviting} onLink={setLink} />
      <LinkDialog link={link} onClose={() => setLink(null)} />
    </>
  );
}

function MemberCard({ member, isMe, onLink }: { member: Member; isMe: boolean; onLink(link: OneTimeLink): void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const [integrations, setIntegrations] = useState(member.integrations);

  const change = useChangeRole(member.user_id);
  const remove = useRemoveMember(member.user_id);
  const reset = useResetLink(member.user_id);
  const resetLink = () =>
    reset.mutate(undefined, {
      onSuccess: (created) => onLink({ title: T.team.resetReady, lead: T.team.resetLead, url: created.reset_url, expiresAt: created.expires_at, message: T.team.resetMessage(created.reset_url) }),
    });

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold">
          {member.name} {isMe ? <span className="font-normal text-slate-600">{T.team.you}</span> : null}
        </h3>
        <Badge>{T.roles[member.role] ?? member.role}</Badge>
      </div>
      <Facts
        items={[
          [T.field.email, member.email, 'wide'],
          [T.team.integrationsShort, member.role === 'owner' || member.integrations ? T.yes : T.no],
          [T.team.joined, formatDateTime(member.joined_at)],
        ]}
      />
      <div className="mt-3">
        <ErrorNotice error={reset.error} />
      </div>
      {isMe ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {T.team.changeRole}
          </Button>
          <Button variant="secondary" onClick={resetLink} busy={reset.isPending}>
            {T.team.resetLink}
          </Button>
          <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setRemoving(true)}>
            {T.team.remove}
          </Button>
        </div>
      )}
      <Dialog open={editing} onOpenChange={setEditing} title={T.team.changeRole} description={T.team.changeRoleLead(member.name)}>
        <DialogForm onSubmit={() => change.mutate({ role, integrations: role === 'admin' && integrations }, { onSuccess: () => setEditing(false) })} onCancel={() => setEditing(false)} submitLabel={T.save} busy={change.isPending}>
          <SelectField label={T.team.role} value={role} onChange={(event) => setRole(event.target.value as Role)} hint={T.team.roleHelp[role]}>
            <option value="owner">{T.roles.owner}</option>
            <option value="admin">{T.roles.admin}</option>
            <option value="cs">{T.roles.cs}</option>
          </SelectField>
          {role === 'admin' ? <CheckboxField label={T.team.integrations} checked={integrations} onChange={(event) => setIntegrations(event.target.checked)} /> : null}
          <ErrorNotice error={change.error} />
        </DialogForm>
      </Dialog>
      <ConfirmDialog open={removing} onOpenChange={setRemoving} title={T.team.remove} description={T.team.removeConfirm(member.name)} confirmLabel={T.team.remove} busy={remove.isPending} onConfirm={() => remove.mutate(undefined, { onSuccess: () => setRemoving(false) })}>
        <ErrorNotice error={remove.error} />
      </ConfirmDialog>
    </Card>
  );
}

function InvitationCard({ invitation }: { invitation: Invitation }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeInvitation(invitation.id);
  const who = invitation.name ?? (invitation.whatsapp_number ? formatWhatsApp(invitation.whatsapp_number) : null);
  return (
    <Card>
      <h3 className="mb-2 min-w-0 break-words font-semibold">{who ? T.team.inviteeFor(who) : T.team.inviteeUnknown}</h3>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Facts
          items={[
            ...(invitation.name && invitation.whatsapp_number ? [[T.team.sentTo, formatWhatsApp(invitation.whatsapp_number)] as [string, string]] : []),
            [T.team.role, `${T.roles[invitation.role] ?? invitation.role}${invitation.integrations ? ` + ${T.team.integrationsShort}` : ''}`],
            [T.team.created, formatDateTime(invitation.created_at)],
            [T.team.expires, formatDateTime(invitation.expires_at)],
          ]}
        />
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {T.team.revokeInvite}
        </Button>
      </div>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={T.team.revokeInvite} description={T.team.revokeInviteConfirm} confirmLabel={T.team.revokeInvite} busy={revoke.isPending} onConfirm={() => revoke.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
        <ErrorNotice error={revoke.error} />
      </ConfirmDialog>
    </Card>
  );
}
