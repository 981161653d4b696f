// The store's API keys: purpose, marker, expiry and last use of each (never the key itself),
// a dialog that issues one, and revocation after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Badge, ErrorNotice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDate, formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { IssueKeyDialog } from './issue-key-dialog';
import { keysQuery, keyState, useRevokeKey, type ApiKey } from './use-keys';

const STATE_BADGE = { active: ['good', T.keys.active], revoked: ['bad', T.keys.revoked], expired: ['warn', T.keys.expired] } as const;

export function KeysPage() {
  const keys = useQuery(keysQuery);
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeKey();

  return (
    <>
      <PageHeader title={T.keys.title} lead={T.keys.lead} actions={<Button onClick={() => setIssuing(true)}>{T.keys.issue}</Button>} />
      {keys.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={keys.error as ApiError | null} />
      {keys.data?.length === 0 ? <p className="text-sm text-slate-700">{T.keys.empty}</p> : null}
      <ul className="space-y-3">
        {keys.data?.map((key) => {
          const [tone, label] = STATE_BADGE[keyState(key)];
          return (
            <li key={key.id}>
              <Card>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h2 className="min-w-0 break-words text-base font-semibold">{key.name}</h2>
                  <div className="flex items-center gap-2">
                    <Badge tone={tone}>{label}</Badge>
                    {keyState(key) === 'active' ? (
                      <Button variant="secondary" onClick={() => setRevoking(key)} aria-label={`${T.keys.revoke} ${key.name}`}>
                        {T.keys.revoke}
                      </Button>
                    ) : null}
                  </div>
                </div>
                <Facts
                  items={[
                    [T.keys.purpose, key.purpose ? T.keys.purposeShort[key.purpose] : T.keys.cliPurpose],
                    [T.keys.marker, <code key="m">{key.marker}</code>],
                    [T.keys.expiresAt, key.expires_at ? formatDate(key.expires_at) : T.none],
                    [T.keys.lastUsed, key.last_used_at ? formatDateTime(key.last_used_at) : T.never],
                    [T.keys.created, formatDateTime(key.created_at)],
                    [T.keys.scopes, <code key="s">{key.scopes.join(', ')}</code>, 'wide'],
                  ]}
                />
              </Card>
            </li>
          );
        })}
      </ul>
      <IssueKeyDialog open={issuing} onOpenChange={setIssuing} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null);
            revoke.reset();
          }
        }}
        title={T.keys.revokeTitle}
        description={revoking ? T.keys.revokeConfirm(revoking.name) : ''}
        confirmLabel={T.keys.revoke}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      >
        <ErrorNotice error={revoke.error} />
      </ConfirmDialog>
    </>
  );
}
