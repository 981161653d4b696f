// Follow-up in one tap (issue 34 §2): the buttons of the steps that fit the order's status. A
// press asks the server to record it (POST /dashboard/api/orders/{id}/follow-ups) and opens the
// wa.me link it answers in a new tab, which a phone hands to WhatsApp. Browsers only let a tap
// open a tab while the tap is being handled, not after a request returns, so the tab is opened
// blank at the tap and sent to the link when it arrives (closed again if the press is refused);
// where the browser held it back all the same, the link is shown to tap (docs/decisions.md).
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { followUpPreviewsQuery, useFollowUp, type FollowUpStep, type ListedOrder, type Order } from './use-orders';

const F = T.orders.followUp;

type FollowUps = Order['follow_ups'];

/** "2× follow-up · terakhir FU2, 27 Nov 2026 14.00" ("terakhir FU1 otomatis" when the automation sent it), or that there was none. */
export const followUpSummary = (followUps: FollowUps): string =>
  followUps.count === 0 || !followUps.last_step || !followUps.last_at
    ? F.never
    : `${F.count(followUps.count)} · ${(followUps.last_automatic ? F.lastAutomatic : F.last)(F.steps[followUps.last_step] ?? followUps.last_step, formatDateTime(followUps.last_at))}`;

/** The first words of a message, on one line: what the chooser shows under a step's name. */
export function firstWords(text: string, words = 12): string {
  const all = text.replace(/[*_~]/g, '').split(/\s+/).filter((word) => word !== '');
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

function FollowUpButtons({ orderId, steps, onOpened }: { orderId: number; steps: readonly FollowUpStep[]; onOpened?(): void }) {
  const press = useFollowUp(orderId);
  // Each step's text as it would go now: the buttons show its name and first words (without them until it comes).
  const previews = useQuery(followUpPreviewsQuery(orderId));
  const previewOf = (step: FollowUpStep) => previews.data?.find((preview) => preview.step === step)?.text;
  const [held, setHeld] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  // The tab opens before the press is sent, so the press's own once-guard comes too late for it:
  // a second tap before the first settles (a double click) opens no second, blank tab.
  const pressing = useRef(false);
  const open = (step: FollowUpStep) => {
    if (pressing.current) return;
    pressing.current = true;
    setHeld(null);
    setOpened(false);
    // Opened now, while the tap is being handled; told where to go once the server answers.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    press.mutate(step, {
      onSuccess: ({ wa_url }) => {
        if (tab && !tab.closed) {
          tab.location.href = wa_url;
          setOpened(true);
          onOpened?.();
        } else setHeld(wa_url);
      },
      onError: () => tab?.close(),
      onSettled: () => {
        pressing.current = false;
      },
    });
  };
  if (steps.length === 0) return <p className="text-sm text-slate-700">{F.none}</p>;
  return (
    <div className="space-y-3">
      <ul className="grid gap-2 sm:grid-cols-2">
        {steps.map((step) => {
          const preview = previewOf(step);
          return (
            <li key={step}>
              <Button
                variant="secondary"
                className="h-full w-full flex-col !items-start !justify-start text-left"
                busy={press.isPending && press.variables === step}
                onClick={() => open(step)}
                aria-label={F.stepNames[step] ?? step}
                aria-describedby={preview ? `follow-up-${orderId}-${step}` : undefined}
              >
                <span>{F.stepNames[step] ?? step}</span>
                {preview ? (
                  <span id={`follow-up-${orderId}-${step}`} className="block text-sm font-normal text-slate-700">
                    {firstWords(preview)}
                  </span>
                ) : null}
              </Button>
            </li>
          );
        })}
      </ul>
      {opened ? <Notice tone="success">{F.opened}</Notice> : null}
      {held ? (
        <Notice tone="info">
          {F.blocked}{' '}
          <a className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline" href={held} target="_blank" rel="noopener noreferrer">
            {F.openLink}
          </a>
        </Notice>
      ) : null}
      <ErrorNotice error={press.error as ApiError | null} />
    </div>
  );
}

/** The order page's card: the presses so far, and the steps that fit now. */
export function FollowUpCard({ order }: { order: Order }) {
  return (
    <Card title={F.title}>
      <p className="-mt-2 mb-1 text-sm text-slate-700">{F.lead}</p>
      <p className="mb-3 text-sm font-medium text-slate-900" data-testid="follow-up-summary">
        {followUpSummary(order.follow_ups)}
      </p>
      <FollowUpButtons orderId={order.id} steps={order.follow_ups.steps} />
    </Card>
  );
}

/** The list row's WhatsApp button: one tap opens the step chooser, the second opens WhatsApp. */
export function FollowUpRowButton({ order }: { order: ListedOrder }) {
  const [open, setOpen] = useState(false);
  if (order.follow_ups.steps.length === 0) return null;
  return (
    <>
      <Button variant="secondary" className="relative z-10 min-w-11 px-3" aria-label={F.open(order.id, order.customer_name)} onClick={() => setOpen(true)}>
        <WhatsAppIcon />
        <span aria-hidden="true">WA</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={F.chooserTitle(order.id)} description={F.chooserLead(order.customer_name)}>
        <p className="mb-3 text-sm text-slate-700">{followUpSummary(order.follow_ups)}</p>
        <FollowUpButtons orderId={order.id} steps={order.follow_ups.steps} />
        <div className="mt-4">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {F.close}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** The row's short line: how many follow-ups and when the last was (and that it was automatic). */
export function FollowUpLine({ order }: { order: ListedOrder }) {
  const { count, last_at, last_automatic } = order.follow_ups;
  if (count === 0 || !last_at) return <span className="text-slate-700">{F.rowNever}</span>;
  return <span className="text-slate-700">{`${F.count(count)} · ${formatDateTime(last_at)}${last_automatic ? ` · ${F.automatic}` : ''}`}</span>;
}

const WhatsAppIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current text-emerald-700">
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .2-1.2c-.1-.1-.3-.2-.5-.3Z" />
  </svg>
);
