// The messaging automation's routes in the dashboard (issue 41 §3; docs/messaging.md): the
// store's automation (owners and admins), its test message and the sandbox's outbox, and an
// order's automated messages (whoever sees the order).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { orderScopeOf } from '../orders/core/order-scope.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import { OrderIdParams } from '../orders/workspace/order/dashboard-schemas.js';
import { listOrderMessages, listOutbox } from './list-messages.js';
import { builtInProvider } from './providers/built-in.js';
import { readAutomation } from './read-automation.js';
import { saveAutomation } from './save-automation.js';
import { AUTOMATION_RANGE_TEXT } from './texts.js';
import { AutomationBody, AutomationPatchBody, OrderMessages, Outbox, TestMessageAnswer } from './schemas.js';
import { sendTestMessage } from './send-test-message.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Messaging'];
const READ = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;
const WRITE = [...READ, ...WRITE_CODES] as const;
const MANAGE = 'Owner or admin (settings:manage); a CS: 403 `forbidden`.';

export function messagingDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const serverZone = ctx.config.timeZone;
  const providerOf = (name: string) => builtInProvider(name, { writeTransaction: (work) => ctx.writeTransaction(work), now: () => ctx.clock.now() });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/messaging',
    access: 'settings:manage',
    contract: {
      operationId: 'readMessaging',
      summary: "The store's messaging automation: provider, pause, quiet hours, each step's switch and timing, the last 24 hours by state",
      description: `${MANAGE} A store that never saved it: no provider, every step off, quiet hours 20:00-08:00.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The automation.', AutomationBody), ...dashboardErrors(READ) },
    },
    handler: async ({ session }) => ({ status: 200, body: await readAutomation(ctx.db, session.tenantId, ctx.clock.now()) }),
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/messaging',
    access: 'settings:manage',
    contract: {
      operationId: 'saveMessaging',
      summary: 'Change the messaging automation: the fields present change, the others stay',
      description:
        `${MANAGE} A step that starts sending by itself (its switch on, a provider chosen) plans only what falls due from now on: the follow-ups of pending orders whose time is still ahead, never a burst to old orders. ` +
        "A step that stops cancels its messages not yet sent. fu2 must come after fu1, and fu4 at least 12 hours after fu2's time. A bad value: 422 `invalid_request` with `fields`; nothing is changed.",
      tags: TAGS,
      security: SESSION,
      body: AutomationPatchBody,
      response: { 200: jsonResponse('Saved: the automation as it is now.', AutomationBody), ...dashboardErrors([...WRITE, 'invalid_request']) },
    },
    fieldText: (path) => AUTOMATION_RANGE_TEXT[path],
    handler: async ({ session, body }) => {
      const zone = await storeTimeZone(ctx.db, session.tenantId, serverZone);
      const saved = await ctx.writeTransaction((tx) => saveAutomation(tx, session.tenantId, body, ctx.clock.now(), zone));
      if (!saved.ok) return invalid(saved.fields ?? {});
      return { status: 200, body: await readAutomation(ctx.db, session.tenantId, ctx.clock.now()) };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/messaging/test',
    access: 'settings:manage',
    contract: {
      operationId: 'sendTestMessage',
      summary: '"Pesan uji dari Lapak" to your own WhatsApp number (else the store\'s) through the store\'s provider',
      description: `${MANAGE} \`ok\` false with \`error\` (Indonesian) when no provider is chosen, no number is set, or the provider refused it. The sandbox keeps it in its outbox.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('How it went.', TestMessageAnswer), ...dashboardErrors(WRITE) },
    },
    handler: async ({ session }) => ({ status: 200, body: await sendTestMessage(ctx.db, session.tenantId, session.userId, providerOf) }),
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/messaging/outbox',
    access: 'settings:manage',
    contract: {
      operationId: 'listSandboxOutbox',
      summary: 'The sandbox\'s outbox ("Kotak keluar uji"): what it would have sent, newest first',
      description: `${MANAGE} Each message with its rendered text, its order (null for a test message) and a wa.me link to send it by hand. At most 100.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The outbox.', Outbox), ...dashboardErrors(READ) },
    },
    handler: async ({ session }) => ({ status: 200, body: await listOutbox(ctx.db, session.tenantId, serverZone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/:id/messages',
    access: 'member',
    contract: {
      operationId: 'listOrderMessages',
      summary: "The order's automated messages: planned, waiting, sent or why not",
      description:
        "Any member who sees the order (a CS: their own orders); another store's order or one outside the member's scope: 404 `order_not_found`. The text as sent; for a message not yet sent, as it would be sent now.",
      tags: ['Orders'],
      security: SESSION,
      params: OrderIdParams,
      response: { 200: jsonResponse('The messages.', OrderMessages), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, 'order_not_found', 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const listed = await listOrderMessages(ctx.db, session.tenantId, params.id, orderScopeOf(session), serverZone);
      return listed.ok ? { status: 200, body: listed.value } : dashboardFailure(listed.code);
    },
  });
}
