// One member's live orders stream (GET /dashboard/api/orders/stream; docs/dashboard.md, "The
// live list"): server-sent events over the hijacked response. Events carry an order's id,
// status and CS, never buyer data:
//   `order` {id, status, assigned_to, new, reply?}: created, or its status or CS changed, within
//     the scope, or (`reply`: true) the buyer wrote to the store (issue 42 §4, "balasan baru");
//     `new`: the order has just come into the member's list (a new order; for a CS, one now
//     assigned to them), which the page announces; a change of one already there is not new;
//   `order_removed` {id}: (a CS) reassigned away from them.
// A heartbeat comment keeps proxies from closing an idle stream; the session is checked again
// periodically and whenever this process signals a change of the member's sessions, and the
// stream ends when it no longer holds. Each event's id is its position in the change feed: a
// client that reconnects with Last-Event-ID first gets what it missed while the feed holds it,
// or `event: reset` (the position is gone or unreadable, or it missed too much), and refetches.
import type { ServerResponse } from 'node:http';
import { positionText, type FeedPosition } from '../feed/feed-row.js';
import type { OrderScope } from '../orders/core/order-scope.js';
import type { FeedListener, LiveChange, LiveFeed } from './live-feed.js';

export interface StreamTimings {
  heartbeatMs: number;
  recheckMs: number;
}

export interface OrderStreamInput {
  feed: LiveFeed;
  tenantId: number;
  /** Where the client's last event was (Last-Event-ID): undefined for none, null for one that is not a position. */
  resumeFrom?: FeedPosition | null;
  scope: OrderScope;
  timings: StreamTimings;
  /** False when the session no longer holds as it was (ended, member removed, role or store changed). */
  sessionHolds(): Promise<boolean>;
  /** Subscribes to this process's word that the member's sessions changed; returns the unsubscribe. */
  onSessionChange(listener: () => void): () => void;
  warn(error: Error): void;
}

/** Bytes a client may leave unread before its stream is ended (it reconnects and refetches). */
const MAX_UNREAD = 512 * 1024;
/** The browser's wait before reconnecting, sent with the first bytes. */
const RETRY_MS = 3_000;

/** What a change sends to a scope: an event name and its data, or nothing. */
export function eventFor(change: LiveChange, scope: OrderScope): { event: 'order' | 'order_removed'; data: object } | null {
  if (scope.kind === 'all' || change.assignedUserId === scope.userId) {
    // New to this list (issue 40 §1: a bulk move out of a tab was announced as "1 pesanan baru"):
    // a created order for the whole store; for a CS, an order that was not theirs before.
    const arrived = scope.kind === 'all' ? change.created : change.previousAssignedUserId !== scope.userId;
    return { event: 'order', data: { id: change.orderId, status: change.status, assigned_to: change.assignedTo, new: arrived, ...(change.reply ? { reply: true } : {}) } };
  }
  if (change.previousAssignedUserId === scope.userId) return { event: 'order_removed', data: { id: change.orderId } };
  return null;
}

export interface OrderStream {
  /** Starts writing to the response, whose status line and headers are written. */
  attach(response: ServerResponse): void;
  close(): void;
}

/**
 * Subscribes first (a failure throws before any byte is written: the route answers its error
 * as JSON); changes heard before attach() are kept and written then.
 */
export async function openOrderStream(input: OrderStreamInput): Promise<OrderStream> {
  let response: ServerResponse | null = null;
  let early: string[] = [];
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let offSignal = () => undefined as void;
  let unsubscribe = () => undefined as void;
  let checking = false;

  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearInterval(timer);
    offSignal();
    unsubscribe();
    if (response && !response.writableEnded) response.end();
  };
  const write = (text: string) => {
    if (closed) return;
    if (!response) {
      early.push(text);
      return;
    }
    response.write(text);
    if (response.writableLength > MAX_UNREAD) close();
  };
  const check = async () => {
    if (checking || closed) return;
    checking = true;
    try {
      if (!(await input.sessionHolds())) close();
    } catch (error) {
      // The database did not answer: the next check decides.
      input.warn(error as Error);
    } finally {
      checking = false;
    }
  };

  const listener: FeedListener = {
    tenantId: input.tenantId,
    changes(changes) {
      let text = '';
      for (const change of changes) {
        const event = eventFor(change, input.scope);
        if (event) text += `id: ${positionText(change.position)}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
      }
      if (text) write(text);
    },
    reset: () => write('event: reset\ndata: {}\n\n'),
    close,
  };
  // A Last-Event-ID that is no position of the feed: the client refetches.
  if (input.resumeFrom === null) listener.reset();
  unsubscribe = await input.feed.subscribe(listener, input.resumeFrom);

  return {
    attach(target) {
      if (closed) {
        target.end();
        return;
      }
      response = target;
      target.on('close', close);
      if (target.destroyed) {
        close();
        return;
      }
      target.write(`retry: ${RETRY_MS}\n\n${early.join('')}`);
      early = [];
      offSignal = input.onSessionChange(() => void check());
      timers.push(setInterval(() => write(': heartbeat\n\n'), input.timings.heartbeatMs));
      timers.push(setInterval(() => void check(), input.timings.recheckMs));
    },
    close,
  };
}
