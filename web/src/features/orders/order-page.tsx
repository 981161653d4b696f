// One order's page (issue 32 §2-§4): its status and the moves this member may make, shipping
// (courier, resi, the courier's tracking link), the buyer, the product and payment, where the
// order came from, its assignment, internal notes and its whole history, newest first; the
// conversation with the buyer (issue 42 §4), first when the buyer's reply waits; its risk (issue
// 43: flags, the spam mark, blocking the phone), first when it has a flag or the mark. The order comes
// from GET /dashboard/api/orders/{id}; every change answers the order anew. The page listens to
// the live stream as the list does, so a buyer's reply shows while it is open. The buyer's own
// order page (issue 44 §2) has its card: a new link, asked first.
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import type { ApiError } from '../../api/client';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts, Loading, PageHeader } from '../../components/ui/page';
import { formatDateTime, formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import { AssignCard } from './assign-card';
import { BuyerCard } from './buyer-card';
import { BuyerPageCard } from './buyer-page-card';
import { ConversationCard } from './conversation-card';
import { FollowUpCard } from './follow-up';
import { OrderHistory } from './order-history';
import { OrderNotes } from './order-notes';
import { RiskCard } from './risk-card';
import { lastOrdersView } from './orders-search';
import { ShippingCard } from './shipping-card';
import { StatusCard } from './status-card';
import { conversationQuery } from './use-conversation';
import { useLiveOrders } from './use-live-orders';
import { orderQuery, type Order } from './use-orders';

type FactItem = ComponentProps<typeof Facts>['items'][number];

export function OrderPage() {
  const param = useParams({ from: '/app/orders/$orderId' }).orderId;
  // Only an order number is asked for; any other address is no order, as the server would say.
  const id = /^[1-9]\d{0,15}$/.test(param) ? Number(param) : 0;
  const order = useQuery({ ...orderQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  return (
    <>
      <Link to="/orders" search={lastOrdersView()} className="mb-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
        ← {T.orders.back}
      </Link>
      {id === 0 ? <Notice tone="error">{T.orders.notFound}</Notice> : null}
      {id !== 0 && order.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={order.error as ApiError | null} />
      {order.data ? <OrderDetail key={order.data.id} order={order.data} /> : null}
    </>
  );
}

function OrderDetail({ order }: { order: Order }) {
  useLiveOrders();
  // The buyer's reply waits when the page opens: what the member came for comes first. Its place
  // stays while the page is open (an answer that clears the reply does not move the card away).
  const waiting = useQuery(conversationQuery(order.id)).data?.reply_waiting;
  const [replyWaiting, setReplyWaiting] = useState<boolean | null>(null);
  if (replyWaiting === null && waiting !== undefined) setReplyWaiting(waiting);
  // A flagged or spam order shows its risk first, on a phone's first screen; the card keeps its
  // place while the page is open (checking the last flag does not move it away).
  const [riskFirst] = useState(() => order.flags.length > 0 || order.spam);
  return (
    <>
      <PageHeader
        title={T.orders.pageTitle(order.id)}
        lead={T.orders.placed(formatDateTime(order.created_at))}
      />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-4">
          {riskFirst ? <RiskCard order={order} /> : null}
          {replyWaiting ? <ConversationCard orderId={order.id} /> : null}
          <StatusCard order={order} />
          <FollowUpCard order={order} />
          {replyWaiting ? null : <ConversationCard orderId={order.id} />}
          <ShippingCard order={order} />
          <BuyerCard order={order} />
          <BuyerPageCard order={order} />
          <ProductCard order={order} />
          <OriginCard order={order} />
          {riskFirst ? null : <RiskCard order={order} />}
        </div>
        <div className="min-w-0 space-y-4">
          <AssignCard order={order} />
          <OrderNotes order={order} />
          <OrderHistory order={order} />
        </div>
      </div>
    </>
  );
}

function ProductCard({ order }: { order: Order }) {
  const items: FactItem[] = [
    [T.orders.product, order.product, 'wide'],
    [T.orders.variant, order.variant || T.none],
    [T.orders.quantity, String(order.quantity)],
    [T.orders.unitPrice, formatRupiah(order.unit_price)],
    [T.orders.shippingFee, formatRupiah(order.shipping_fee)],
  ];
  if (order.unique_code !== null) items.push([T.orders.uniqueCode, formatRupiah(order.unique_code)]);
  items.push([T.orders.total, <strong>{formatRupiah(order.total)}</strong>], [T.orders.paymentMethod, T.orders.payment[order.payment_method] ?? order.payment_method]);
  if (order.payment_gateway) {
    items.push([T.orders.gateway, order.payment_gateway.gateway], [T.orders.reference, <span className="break-all font-mono text-xs">{order.payment_gateway.reference}</span>, 'wide']);
  }
  return (
    <Card title={T.orders.productTitle}>
      <Facts items={items} />
    </Card>
  );
}

function OriginCard({ order }: { order: Order }) {
  const params = Object.entries(order.ad_params);
  return (
    <Card title={T.orders.originTitle}>
      <Facts
        items={[
          [T.orders.source, order.source ? (T.orders.sources[order.source] ?? order.source) : T.orders.unknown],
          [T.orders.created, formatDateTime(order.created_at)],
        ]}
      />
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{T.orders.adParams}</h3>
      {params.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{T.orders.noAdParams}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {params.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-slate-600">{name}</dt>
              <dd className="min-w-0 break-all font-mono text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
