// One order of the list, in the two forms the list takes: a card on a phone (a tap anywhere on
// it opens the order) and a table row on a desktop. Both show the number, date, buyer, phone
// (0812-3456-7890), product and variant × quantity, total in rupiah, payment method, courier,
// status, CS and resi, the follow-ups it has had (and when its next automated message goes),
// "Balasan baru" when the buyer's reply waits and "Berhenti (STOP)" when the phone opted out, its
// flags not checked yet and the spam mark (issue 43), and a WhatsApp button that opens the step
// chooser (the list to the buyer's WhatsApp in two taps).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime, formatRupiah } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { Badge } from '../../components/ui/notice';
import { T } from '../../text/id';
import { FlagChips } from './flag-chips';
import { FollowUpLine, FollowUpRowButton } from './follow-up';
import { StatusWord } from './status-word';
import type { ListedOrder } from './use-orders';

const payment = (method: string) => T.orders.payment[method] ?? method;

/** When the order's next automated message goes (issue 41), if one is planned. */
function NextMessage({ order, className = '' }: { order: ListedOrder; className?: string }) {
  return order.next_message_at ? <span className={`block text-slate-700 ${className}`}>{T.messaging.nextMessage(formatDateTime(order.next_message_at))}</span> : null;
}

/** "Balasan baru" (the buyer wrote and nobody answered yet) and "Berhenti (STOP)" (the phone opted out), when so (issue 42 §4). */
function ReplyBadges({ order, className = '' }: { order: ListedOrder; className?: string }) {
  if (order.buyer_reply_at === null && !order.opted_out) return null;
  return (
    <span className={`flex flex-wrap gap-1 ${className}`} data-testid="reply-badges">
      {order.buyer_reply_at !== null ? <Badge tone="info">{T.orders.reply.badge}</Badge> : null}
      {order.opted_out ? (
        <span title={T.orders.reply.optedOutHint}>
          <Badge tone="bad">{T.orders.reply.optedOut}</Badge>
        </span>
      ) : null}
    </span>
  );
}

/** The order's link: its number and buyer, which is what a screen reader's list of links says. */
function OrderLink({ order, stretched }: { order: ListedOrder; stretched: boolean }) {
  return (
    <Link
      to="/orders/$orderId"
      params={{ orderId: String(order.id) }}
      aria-label={T.orders.linkName(order.id, order.customer_name)}
      className={`inline-flex min-h-11 min-w-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline ${stretched ? "after:absolute after:inset-0 after:rounded-xl" : ''}`}
    >
      {T.orders.number(order.id)}
    </Link>
  );
}

/** `select`: the card's checkbox for a bulk action (bulk-select.tsx), before its number. */
export function OrderCard({ order, select }: { order: ListedOrder; select?: ReactNode }) {
  return (
    <article className="relative rounded-xl border border-slate-200 bg-white px-4 pb-3 shadow-sm hover:border-brand-600">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center">
          {select}
          <OrderLink order={order} stretched />
        </div>
        <StatusWord status={order.status} />
      </div>
      <p className="text-xs text-slate-600">{formatDateTime(order.created_at)}</p>
      <FlagChips order={order} className="mt-1" />
      <ReplyBadges order={order} className="mt-1" />
      <p className="mt-1 break-words font-semibold text-slate-900">{order.customer_name}</p>
      <p className="text-sm text-slate-700">{formatWhatsApp(order.customer_phone)}</p>
      <p className="mt-1 break-words text-sm text-slate-800">{T.orders.productLine(order.product, order.variant, order.quantity)}</p>
      <p className="mt-1 text-sm">
        <span className="font-semibold">{formatRupiah(order.total)}</span> <span className="text-slate-700">· {payment(order.payment_method)}</span>
      </p>
      <p className="mt-1 break-words text-sm text-slate-700">
        {order.courier} · {order.resi ? <span className="font-mono">{order.resi}</span> : T.orders.noResi}
      </p>
      <div className="mt-1 flex items-center justify-between gap-2 text-sm">
        <p className="text-slate-700">
          {T.orders.cs}: {order.assigned_to?.name ?? T.orders.noCs}
          <br />
          <FollowUpLine order={order} />
          <NextMessage order={order} />
        </p>
        <FollowUpRowButton order={order} />
      </div>
    </article>
  );
}

const CELL = 'px-3 py-2 align-top';

/** `select`: a first column of checkboxes for a bulk action (bulk-select.tsx). */
export function OrdersTable({ orders, select }: { orders: ListedOrder[]; select?: { header: ReactNode; cell(order: ListedOrder): ReactNode } }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
          <tr>
            {select ? <th scope="col" className="w-12 pl-3 align-middle">{select.header}</th> : null}
            <th scope="col" className={CELL}>{T.orders.column.order}</th>
            <th scope="col" className={CELL}>{T.orders.column.buyer}</th>
            <th scope="col" className={CELL}>{T.orders.column.product}</th>
            <th scope="col" className={`${CELL} text-right`}>{T.orders.column.total}</th>
            <th scope="col" className={CELL}>{T.orders.column.shipping}</th>
            <th scope="col" className={CELL}>{T.orders.column.status}</th>
            <th scope="col" className={CELL}>{T.orders.column.cs}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-slate-50">
              {select ? <td className="pl-3 align-top">{select.cell(order)}</td> : null}
              <td className={CELL}>
                <OrderLink order={order} stretched={false} />
                <div className="whitespace-nowrap text-xs text-slate-600">{formatDateTime(order.created_at)}</div>
                <FlagChips order={order} className="mt-1" />
              </td>
              <td className={CELL}>
                <div className="break-words font-medium text-slate-900">{order.customer_name}</div>
                <div className="whitespace-nowrap text-slate-700">{formatWhatsApp(order.customer_phone)}</div>
                <ReplyBadges order={order} className="mt-1" />
              </td>
              <td className={`${CELL} break-words`}>{T.orders.productLine(order.product, order.variant, order.quantity)}</td>
              <td className={`${CELL} text-right`}>
                <div className="whitespace-nowrap font-semibold">{formatRupiah(order.total)}</div>
                <div className="text-slate-700">{payment(order.payment_method)}</div>
              </td>
              <td className={CELL}>
                <div>{order.courier}</div>
                <div className={order.resi ? 'break-all font-mono text-xs' : 'text-slate-600'}>{order.resi ?? T.orders.noResi}</div>
              </td>
              <td className={CELL}>
                <StatusWord status={order.status} />
              </td>
              <td className={CELL}>
                <div>{order.assigned_to?.name ?? <span className="text-slate-600">{T.orders.noCs}</span>}</div>
                {/* The follow-ups beside the CS who makes them: the table stays within 1280 px. */}
                <div className="text-xs">
                  <FollowUpLine order={order} />
                  <NextMessage order={order} />
                </div>
                <div className="mt-1">
                  <FollowUpRowButton order={order} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
