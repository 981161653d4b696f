// An invitation link: a visitor creates an account; someone already logged in joins with the
// account they have (accepting never changes an existing user).
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { meQuery } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { AccountFields, useAccountForm } from './account-fields';
import { invitationQuery, useAcceptInvitation } from './use-auth';

export function AcceptInvitePage() {
  const { token } = useSearch({ from: '/entry/invite' });
  const navigate = useNavigate();
  const me = useQuery(meQuery);
  const accept = useAcceptInvitation();
  // Accepting starts a fresh cache for the new store while this page is still shown: the
  // preview must not be asked again then (the used invitation answers 404).
  const preview = useQuery({ ...invitationQuery(token), enabled: token !== '' && (accept.isIdle || accept.isError) });
  const [account, setAccount] = useAccountForm();
  const loggedIn = me.isSuccess;
  const fields = accept.error?.body.fields;
  const here = `/invite?token=${encodeURIComponent(token)}`;

  if (!token) {
    return (
      <>
        <h1 className="text-2xl font-bold">{T.auth.inviteTitle}</h1>
        <div className="mt-6">
          <Notice tone="error">{T.auth.inviteMissingToken}</Notice>
        </div>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{T.auth.inviteTitle}</h1>
      {preview.data ? (
        <p className="mt-1 text-sm text-slate-700">
          {T.auth.inviteStore(preview.data.store.name, T.roles[preview.data.role] ?? preview.data.role)} {T.team.expires}: {formatDateTime(preview.data.expires_at)}.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{T.auth.inviteLead}</p>
      )}
      {preview.error ? (
        <div className="mt-6">
          <ErrorNotice error={preview.error} />
        </div>
      ) : (
      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          accept.mutate(loggedIn ? { token } : { token, ...account }, { onSuccess: () => void navigate({ to: '/' }) });
        }}
      >
        {me.isPending ? null : loggedIn ? (
          <p className="text-sm">{T.auth.inviteAsUser(me.data.user.name)}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{T.auth.inviteNewAccount}</p>
            <AccountFields value={account} onChange={setAccount} errors={fields} />
          </>
        )}
        <ErrorNotice error={fields ? null : accept.error} />
        <Button type="submit" busy={accept.isPending} disabled={me.isPending} className="w-full">
          {T.auth.inviteAccept}
        </Button>
      </form>
      )}
      {loggedIn || preview.error ? null : (
        <p className="mt-6 text-sm text-slate-700">
          {T.auth.inviteHaveAccount}{' '}
          <Link to="/login" search={{ next: here }} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            {T.auth.toLogin}
          </Link>
        </p>
      )}
    </>
  );
}
