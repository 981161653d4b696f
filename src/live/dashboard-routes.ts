// The live orders list (issue 33 §5; docs/dashboard.md, "The live list"): a stream of
// server-sent events of the orders created or changed in the member's scope. Any member; a CS
// hears only the orders assigned to them. The stream itself is order-stream.ts, its changes come
// from this process's reader of the change feed (live-feed.ts).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { parsePosition } from '../feed/feed-row.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, dashboardErrors } from '../dashboard/contract.js';
import { dashboardRoute } from '../dashboard/route.js';
import { requireSession } from '../sessions/require-session.js';
import { orderScopeOf } from '../orders/core/order-scope.js';
import { openOrderStream } from './order-stream.js';
import { REPLAY_MAX } from './live-feed.js';

const replayMax = REPLAY_MAX.toLocaleString('en-US');

const EVENTS = [
  '`order` `{id, status, assigned_to, new}` (assigned_to as in the list\'s rows: `{id, name}` or null) after each commit that creates an order or changes its status or its CS, within 2 seconds, whichever process made it; `new` is true when the order has just come into the member\'s list (a new order; for a CS, one now assigned to them), false for a change of one that was already theirs;',
  'a CS hears only the orders assigned to them, and `order_removed` `{id}` when one is reassigned away from them;',
  `\`reset\` \`{}\` when the client reconnected with a \`Last-Event-ID\` that the feed no longer holds (or that is no event id), or missed more than ${replayMax} of its changes: it refetches its page;`,
  'a comment (`: heartbeat`) every 25 seconds.',
].join(' ');

export function liveDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/stream',
    access: 'member',
    contract: {
      operationId: 'streamOrders',
      summary: 'The orders created and changed from now on, as server-sent events',
      description: `Any member: owners and admins hear every order of the store, a CS only the orders assigned to them. \`text/event-stream\`: ${EVENTS} No buyer data. Each event's \`id:\` is an opaque position in the store's change feed: a client that reconnects with \`Last-Event-ID\` (browsers send it by themselves) first receives the events it missed, as long as the feed holds them (24 hours by default), else \`reset\`; without \`Last-Event-ID\` it hears what happens from now on. The session is checked again at least every 60 seconds and at once on a logout, a role change or a removal in the same process; the stream ends when it no longer holds, and when the server shuts down.`,
      tags: ['Orders'],
      security: [{ [SESSION_SCHEME]: [] }],
      response: {
        200: {
          description: 'The stream of events (it ends when the session no longer holds, or the server stops).',
          headers: { 'X-Accel-Buffering': { description: 'Always `no`: nginx, and proxies that follow it, pass each event on instead of buffering.', type: 'string', enum: ['no'], required: true } },
          content: { 'text/event-stream': { schema: Type.String({ description: 'Server-sent events: `order`, `order_removed`, heartbeat comments.' }) } },
        },
        ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES]),
      },
    },
    handler: async ({ request, session }) => {
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header !== '' ? header : undefined;
      const stream = await openOrderStream({
        feed: ctx.liveFeed,
        tenantId: session.tenantId,
        resumeFrom: lastEventId === undefined ? undefined : parsePosition(lastEventId),
        scope: orderScopeOf(session),
        timings: ctx.config.orderStream,
        // The same check as every request's, without moving the sliding expiry: the stream
        // holds while the member, their role and their store are what they were.
        sessionHolds: async () => {
          const now = await requireSession(ctx, request, null, { refresh: false });
          return now.ok && now.value.sessionId === session.sessionId && now.value.tenantId === session.tenantId && now.value.role === session.role && now.value.permissions.join() === session.permissions.join();
        },
        onSessionChange: (listener) => ctx.sessionSignals.onChange(session.userId, listener),
        warn: (error) => request.log.warn({ err: { message: error.message } }, 'live orders stream'),
      });
      return { status: 200, eventStream: (response) => stream.attach(response) };
    },
  });
}
