// The order's risk (issue 43) on its page: each flag with the server's reason, "Sudah dicek" on
// those not dismissed (dismissed ones stay, greyed, with who and when), a duplicate's link to the
// order it repeats; the spam mark ("Tandai spam" / "Bukan spam", with an optional reason for the
// history); and for owners and admins the one-tap block of the buyer's phone, after which the
// card says "Nomor diblokir". The page puts the card first when the order has a flag or the mark.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { FLAG_CHIP, flagName } from './flag-chips';
import { useBlockOrderPhone, useDismissFlag, useMarkSpam, type Flag } from './use-risk';
import type { Order } from './use-orders';

const R = T.risk;

export function RiskCard({ order }: { order: Order }) {
  const open = order.flags.filter((flag) => flag.dismissed_at === null);
  const lead = order.flags.length === 0 ? R.leadNone : open.length > 0 ? R.leadOpen : R.leadChecked;
  return (
    <Card title={R.title}>
      <div className="space-y-3" data-testid="risk-card">
        {order.spam ? <Notice tone="warning">{R.isSpam}</Notice> : null}
        <p className="text-sm text-slate-700">{lead}</p>
        {order.flags.length > 0 ? (
          <ul className="space-y-3">
            {/* The flags to check first, then the ones checked. */}
            {[...open, ...order.flags.filter((flag) => flag.dismissed_at !== null)].map((flag) => (
              <FlagItem key={flag.flag} orderId={order.id} flag={flag} />
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <SpamButton order={order} />
          <BlockPhone order={order} />
        </div>
      </div>
    </Card>
  );
}

function FlagItem({ orderId, flag }: { orderId: number; flag: Flag }) {
  const dismiss = useDismissFlag(orderId);
  const name = flagName(flag.flag);
  const checked = flag.dismissed_at !== null;
  return (
    <li className={`rounded-lg border p-3 ${checked ? 'border-slate-200 bg-slate-50' : 'border-orange-300 bg-orange-50/60'}`} data-testid={`flag-${flag.flag}`}>
      <p className="flex flex-wrap items-center gap-2">
        {checked ? (
          <span className="inline-flex items-center whitespace-nowrap rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 line-through">{name}</span>
        ) : (
          <span className={FLAG_CHIP}>
            <span aria-hidden="true">!</span>
            {name}
          </span>
        )}
      </p>
      <p className={`mt-1 break-words text-sm ${checked ? 'text-slate-600' : 'text-slate-900'}`}>{flag.reason}</p>
      {flag.related_order_id !== null ? (
        <Link
          to="/orders/$orderId"
          params={{ orderId: String(flag.related_order_id) }}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
        >
          {R.related(flag.related_order_id)} →
        </Link>
      ) : null}
      {checked ? (
        <p className="mt-1 text-xs text-slate-600">
          {flag.dismissed_by ? R.dismissedBy(flag.dismissed_by.name, formatDateTime(flag.dismissed_at!)) : R.dismissedAt(formatDateTime(flag.dismissed_at!))}
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-700">{R.raisedAt(formatDateTime(flag.created_at))}</p>
          <Button variant="secondary" className="mt-2" aria-label={R.dismissName(name)} busy={dismiss.isPending} onClick={() => dismiss.mutate(flag.flag)}>
            <span aria-hidden="true">✓</span> {R.dismiss}
          </Button>
          <ErrorNotice error={dismiss.error} />
        </>
      )}
    </li>
  );
}

function SpamButton({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<boolean | null>(null);
  return (
    <>
      {done !== null && done === order.spam ? (
        <div className="sm:basis-full">
          <Notice tone="success">{done ? R.markedSpam : R.unmarkedSpam}</Notice>
        </div>
      ) : null}
      <Button
        variant={order.spam ? 'secondary' : 'dangerQuiet'}
        onClick={() => {
          setDone(null);
          setAsking(true);
        }}
      >
        {order.spam ? R.unmarkSpam : R.markSpam}
      </Button>
      {asking ? (
        <SpamDialog
          order={order}
          onClose={(changed) => {
            setAsking(false);
            if (changed) setDone(!order.spam);
          }}
        />
      ) : null}
    </>
  );
}

function SpamDialog({ order, onClose }: { order: Order; onClose(changed: boolean): void }) {
  const mark = useMarkSpam(order.id);
  const [reason, setReason] = useState('');
  const spam = !order.spam;
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose(false))} title={spam ? R.markSpamTitle(order.id) : R.unmarkSpamTitle(order.id)} description={spam ? R.markSpamLead : R.unmarkSpamLead}>
      <DialogForm
        onSubmit={() => mark.mutate({ spam, reason: reason.trim() === '' ? null : reason.trim() }, { onSuccess: () => onClose(true) })}
        onCancel={() => onClose(false)}
        submitLabel={spam ? R.markSpam : R.unmarkSpam}
        busy={mark.isPending}
        destructive={spam}
      >
        <TextAreaField label={R.reason} hint={R.reasonHint} value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={500} error={mark.error?.body.fields?.reason} />
        {mark.error && !mark.error.body.fields ? <ErrorNotice error={mark.error} /> : null}
      </DialogForm>
    </Dialog>
  );
}

/** Owners and admins block the buyer's phone in one tap; everyone sees that it is blocked. */
function BlockPhone({ order }: { order: Order }) {
  const me = useMe();
  const block = useBlockOrderPhone(order.id);
  const phone = order.customer.phone;
  const manager = can(me, 'settings:manage');
  if (order.phone_blocked) {
    return (
      <div className="text-sm" data-testid="phone-blocked">
        <p>
          <span className="inline-flex items-center whitespace-nowrap rounded-full border border-red-400 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">{R.phoneBlocked}</span>
        </p>
        <p className="mt-1 text-slate-700">
          {R.phoneBlockedLead}{' '}
          {manager ? (
            <Link to="/settings" hash="blocked-phones" className="font-semibold text-brand-800 underline">
              {R.manageBlocked}
            </Link>
          ) : null}
        </p>
      </div>
    );
  }
  if (!manager || phone === '') return null;
  return (
    <>
      <Button variant="dangerQuiet" aria-label={R.blockName(formatWhatsApp(phone))} busy={block.isPending} onClick={() => block.mutate({ phone, note: R.blockNote(order.id) })}>
        {R.block}
      </Button>
      <ErrorNotice error={block.error} />
    </>
  );
}
