// One endpoint's delivery log: each delivery with its event type, the change it tells
// (Menunggu → Closing) and its order (a link to the order's page), every attempt (time, answer,
// latency, error, the answer's first bytes), the body it sends on demand, and redelivery of one
// that ended.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { deliveriesQuery, deliveryQuery, useRedeliver, webhooksQuery, type Delivery } from './use-webhooks';

const STATUS_TONE = { pending: 'neutral', delivered: 'good', failed: 'bad', cancelled: 'warn' } as const;

export function DeliveriesPage() {
  const endpointId = Number(useParams({ from: '/app/webhooks/$endpointId' }).endpointId);
  const endpoints = useQuery(webhooksQuery);
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const endpoint = endpoints.data?.find((candidate) => candidate.id === endpointId);
  return (
    <>
      <Link to="/webhooks" className="mb-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
        ← {T.webhooks.back}
      </Link>
      <PageHeader title={T.webhooks.deliveries} lead={endpoint ? <span className="break-all font-mono">{endpoint.url}</span> : undefined} />
      {deliveries.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={deliveries.error as ApiError | null} />
      {deliveries.data?.length === 0 ? <p className="text-sm text-slate-700">{T.webhooks.noDeliveries}</p> : null}
      <ul className="space-y-3">
        {deliveries.data?.map((delivery) => (
          <li key={delivery.id}>
            <DeliveryCard delivery={delivery} />
          </li>
        ))}
      </ul>
    </>
  );
}

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const redeliver = useRedeliver(delivery);
  const status = (state: string) => T.orderStatus[state] ?? state;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{T.webhooks.eventTypes[delivery.type] ?? delivery.type}</h2>
          <p className="break-all font-mono text-xs text-slate-600">
            {delivery.type} · {T.webhooks.deliveryId(delivery.id)}
          </p>
        </div>
        <Badge tone={STATUS_TONE[delivery.status as keyof typeof STATUS_TONE] ?? 'neutral'}>{T.webhooks.status[delivery.status] ?? delivery.status}</Badge>
      </div>
      <Facts
        items={[
          ...(delivery.order_id !== null
            ? ([
                [
                  T.webhooks.order,
                  <Link key="order" to="/orders/$orderId" params={{ orderId: String(delivery.order_id) }} className="inline-flex min-h-11 min-w-11 items-center font-semibold text-brand-800 underline">
                    {T.webhooks.orderNumber(delivery.order_id)}
                  </Link>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
          ...(delivery.change ? ([[T.webhooks.change, T.webhooks.changeText(status(delivery.change.previous_status), status(delivery.change.status))]] as Array<[string, string]>) : []),
          [T.keys.created, formatDateTime(delivery.created_at)],
          [T.webhooks.attempts, String(delivery.attempts)],
          delivery.delivered_at ? [T.webhooks.deliveredAt, formatDateTime(delivery.delivered_at)] : [T.webhooks.nextAttempt, delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : T.none],
        ]}
      />
      {delivery.attempt_log.length > 0 ? (
        <ol className="mt-4 space-y-2">
          {delivery.attempt_log.map((attempt, index) => (
            <li key={attempt.attempted_at + index} className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{T.webhooks.attempt(index + 1)}</span>
                <span className="text-slate-700">{formatDateTime(attempt.attempted_at)}</span>
              </div>
              <p className="mt-1">
                <Badge tone={attempt.status_code !== null && attempt.status_code < 300 ? 'good' : 'bad'}>{attempt.status_code ?? T.webhooks.noAnswer}</Badge>{' '}
                <span className="text-slate-700">{T.webhooks.latency(attempt.latency_ms)}</span>
              </p>
              {attempt.error ? <p className="mt-1 break-words text-red-800">{attempt.error}</p> : null}
              {attempt.response_snippet ? (
                <details className="mt-1">
                  <summary className="flex min-h-11 cursor-pointer items-center text-slate-700">{T.webhooks.response}</summary>
                  <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all text-xs">{attempt.response_snippet}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <Payload deliveryId={delivery.id} />
      {redeliver.isSuccess ? (
        <div className="mt-3">
          <Notice tone="success">{T.webhooks.redelivered}</Notice>
        </div>
      ) : null}
      <div className="mt-3">
        <ErrorNotice error={redeliver.error} />
      </div>
      {delivery.status === 'failed' || delivery.status === 'delivered' || delivery.status === 'cancelled' ? (
        <div className="mt-3">
          <Button variant="secondary" onClick={() => redeliver.mutate()} busy={redeliver.isPending}>
            {T.webhooks.redeliver}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The body the delivery sends, read from the server when asked for (it can be long). */
function Payload({ deliveryId }: { deliveryId: number }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...deliveryQuery(deliveryId), enabled: open });
  return (
    <div className="mt-3 space-y-2">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? T.webhooks.hidePayload : T.webhooks.showPayload}
      </Button>
      {open && detail.isPending ? <Loading label={T.loading} /> : null}
      {open ? <ErrorNotice error={detail.error as ApiError | null} /> : null}
      {open && detail.data ? <CopyField label={T.webhooks.payload} hint={T.webhooks.payloadHint} value={detail.data.payload} /> : null}
    </div>
  );
}
