// The open orders list, live (issue 33 §5): one EventSource on the server's stream
// (GET /dashboard/api/orders/stream, docs/dashboard.md "Orders: the live list") while the list
// (or an order's page) is shown. An order already on screen is updated in place at once; the lists and the tab
// counts are asked again shortly after (debounced), so that new orders appear, and an order
// that left a tab leaves it; `order_removed` (a CS's order given to someone else) takes it off
// at once. A reconnect (the browser's, with Last-Event-ID) first receives what the broken stream
// missed, and the lists and counts are asked again as well; `reset` (the server could not
// replay) asks them again too.
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { paths } from '../../api/client';
import { orderKeys, type ListedOrder, type OrderList } from './use-orders';

const STREAM: keyof paths = '/dashboard/api/orders/stream';
/** Changes that come together are answered with one refetch of the lists and counts. */
const REFRESH_DELAY_MS = 800;
/** When the browser gives up (the server refused the stream: a 401, a 503), a new stream after this. */
const REOPEN_DELAY_MS = 10_000;
/** How long the announcement of new orders stays in the live region. */
const ANNOUNCED_MS = 10_000;

/**
 * An `order` event: `new` when the order has just come into this member's list (the server knows:
 * a creation, or for a CS an assignment to them); `reply` when its buyer wrote (issue 42 §4).
 */
type LiveOrder = Pick<ListedOrder, 'id' | 'status' | 'assigned_to'> & { new?: boolean; reply?: boolean };
type Pages = InfiniteData<OrderList, string | null>;

function patchLists(queryClient: QueryClient, change: (orders: ListedOrder[]) => ListedOrder[]): void {
  queryClient.setQueriesData<Pages>({ queryKey: orderKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, orders: change(page.orders) })) } : data,
  );
}

/**
 * Subscribes while mounted. Returns how many orders arrived since the list was last shown in
 * full, for a polite announcement (0: nothing to say).
 */
export function useLiveOrders(): number {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState(0);
  const pendingNew = useRef(0);
  // Each order is announced once, even when a reconnect replays its event.
  const announced = useRef(new Set<number>());

  useEffect(() => {
    let source: EventSource | null = null;
    let refresh: ReturnType<typeof setTimeout> | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let opened = 0;

    const refetch = () => {
      refresh = null;
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.allCounts() });
      if (pendingNew.current > 0) setArrived(pendingNew.current);
      pendingNew.current = 0;
    };
    const soon = () => {
      refresh ??= setTimeout(refetch, REFRESH_DELAY_MS);
    };

    const onOrder = (event: MessageEvent<string>) => {
      const order = JSON.parse(event.data) as LiveOrder;
      // Only what came into the list (issue 40 §1): a change of an order already there, a bulk
      // move out of the tab included, is no arrival, whatever the refetched list now holds.
      if (order.new === true && !announced.current.has(order.id)) {
        announced.current.add(order.id);
        pendingNew.current += 1;
      }
      // A buyer's reply marks the row "Balasan baru" at once; its time comes with the refetch.
      const reply = order.reply === true ? { buyer_reply_at: new Date().toISOString() } : {};
      patchLists(queryClient, (orders) => orders.map((o) => (o.id === order.id ? { ...o, status: order.status, assigned_to: order.assigned_to, ...reply } : o)));
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) });
      soon();
    };
    const onRemoved = (event: MessageEvent<string>) => {
      const { id } = JSON.parse(event.data) as { id: number };
      patchLists(queryClient, (orders) => orders.filter((o) => o.id !== id));
      queryClient.removeQueries({ queryKey: orderKeys.one(id) });
      soon();
    };

    const open = () => {
      reopen = null;
      const started = Date.now();
      source = new EventSource(STREAM);
      source.addEventListener('order', onOrder);
      source.addEventListener('order_removed', onRemoved);
      source.addEventListener('reset', () => refetch());
      source.addEventListener('open', () => {
        opened += 1;
        // The first open: the lists already shown may have been read before the stream began,
        // and lack changes made meanwhile. A reconnect refetches too: the server replays only
        // after an event the browser received (Last-Event-ID), not a gap before the first one.
        const stale = queryClient.getQueriesData<Pages>({ queryKey: orderKeys.lists() }).some(([key]) => (queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) < started);
        if (opened > 1 || stale) refetch();
      });
      source.addEventListener('error', () => {
        // The browser retries by itself, unless the server refused the stream.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reopen = setTimeout(open, REOPEN_DELAY_MS);
        }
      });
    };
    open();
    return () => {
      source?.close();
      if (refresh) clearTimeout(refresh);
      if (reopen) clearTimeout(reopen);
    };
  }, [queryClient]);

  // Said once; cleared so that the next arrivals are said again, even in the same words.
  useEffect(() => {
    if (arrived === 0) return;
    const clear = setTimeout(() => setArrived(0), ANNOUNCED_MS);
    return () => clearTimeout(clear);
  }, [arrived]);

  return arrived;
}
