// The store's webhook endpoints: add (the signing secret shown once), send a test event,
// enable or disable, rotate the secret (both signatures for 24 hours), remove, and each
// endpoint's delivery log.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog, Dialog, ShownOnce } from '../../components/ui/dialog';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { useRemoveEndpoint, useRotateSecret, useTestEndpoint, useToggleEndpoint, webhooksQuery, type Endpoint } from './use-webhooks';

export function WebhooksPage() {
  const endpoints = useQuery(webhooksQuery);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader title={T.webhooks.title} lead={T.webhooks.lead} actions={<Button onClick={() => setAdding(true)}>{T.webhooks.add}</Button>} />
      {endpoints.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={endpoints.error as ApiError | null} />
      {endpoints.data?.length === 0 ? <p className="text-sm text-slate-700">{T.webhooks.empty}</p> : null}
      <ul className="space-y-3">
        {endpoints.data?.map((endpoint) => (
          <li key={endpoint.id}>
            <EndpointCard endpoint={endpoint} />
          </li>
        ))}
      </ul>
      <AddEndpointDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

type Confirming = 'rotate' | 'remove' | null;

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const test = useTestEndpoint(endpoint.id);
  const toggle = useToggleEndpoint(endpoint);
  const rotate = useRotateSecret(endpoint.id);
  const remove = useRemoveEndpoint(endpoint.id);
  const closeConfirm = { onSuccess: () => setConfirming(null) };
  const failed = test.error ?? toggle.error;

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-all font-mono text-sm font-semibold">{endpoint.url}</h2>
        <Badge tone={endpoint.enabled ? 'good' : 'warn'}>{endpoint.enabled ? T.webhooks.enabled : T.webhooks.disabled}</Badge>
      </div>
      <Facts
        items={[
          [T.webhooks.description, endpoint.description || T.none],
          [T.keys.created, formatDateTime(endpoint.created_at)],
          ...(endpoint.disabled_reason ? ([[T.webhooks.disabled, endpoint.disabled_reason]] as Array<[string, string]>) : []),
        ]}
      />
      {notice ? (
        <div className="mt-3">
          <Notice tone="success">{notice}</Notice>
        </div>
      ) : null}
      {failed ? (
        <div className="mt-3">
          <ErrorNotice error={failed} />
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/webhooks/$endpointId" params={{ endpointId: String(endpoint.id) }} className={buttonClass('secondary')}>
          {T.webhooks.deliveries}
        </Link>
        <Button variant="secondary" onClick={() => test.mutate(undefined, { onSuccess: () => setNotice(T.webhooks.testSent) })} busy={test.isPending} disabled={!endpoint.enabled}>
          {T.webhooks.test}
        </Button>
        <Button variant="secondary" onClick={() => toggle.mutate()} busy={toggle.isPending}>
          {endpoint.enabled ? T.webhooks.disable : T.webhooks.enable}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming('rotate')}>
          {T.webhooks.rotate}
        </Button>
        <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setConfirming('remove')}>
          {T.webhooks.remove}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={T.webhooks.rotateTitle}
        description={T.webhooks.rotateConfirm}
        confirmLabel={T.webhooks.rotate}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, closeConfirm)}
      >
        <ErrorNotice error={rotate.error} />
      </ConfirmDialog>
      <Dialog open={rotate.data !== undefined} onOpenChange={(open) => !open && rotate.reset()} title={T.webhooks.secretReady}>
        {rotate.data ? (
          <ShownOnce
            warning={`${T.webhooks.secretOnce} ${T.webhooks.rotated(formatDateTime(rotate.data.previous_secret_expires_at))}`}
            label={T.webhooks.secretReady}
            value={rotate.data.secret}
            onClose={() => rotate.reset()}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirming === 'remove'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={T.webhooks.removeTitle}
        description={T.webhooks.removeConfirm(endpoint.url)}
        confirmLabel={T.webhooks.remove}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, closeConfirm)}
      >
        <ErrorNotice error={remove.error} />
      </ConfirmDialog>
    </Card>
  );
}
