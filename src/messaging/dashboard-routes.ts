// The messaging automation's routes in the dashboard (issue 41 §3, issue 42; docs/messaging.md):
// the store's automation (owners and admins), its test message, the sandbox's outbox and the
// opt-out list; an order's automated messages and its conversation with the buyer (whoever sees
// the order).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { stringify } from 'csv-stringify/sync';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, csvResponse, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { formatTimestamp } from '../lib/time.js';
import { answerBuyer, markHandled, readConversation } from './conversation.js';
import { listOptOuts } from './opt-outs.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { orderScopeOf } from '../orders/core/order-scope.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import { OrderIdParams } from '../orders/workspace/order/dashboard-schemas.js';
import { listOrderMessages, listOutbox } from './list-messages.js';
import { appBuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { builtInProvider, providerDeps } from './providers/built-in.js';
import { readAutomation } from './read-automation.js';
import { fonnteWebhookUrl } from './fonnte-webhook.js';
import { rotateFonnteSecret } from './rotate-fonnte-secret.js';
import { saveAutomation } from './save-automation.js';
import { AUTOMATION_RANGE_TEXT } from './texts.js';
import { AnswerBody, AnswerResult, AutomationBody, AutomationPatchBody, ConversationBody, FonnteSecretAnswer, OrderMessages, Outbox, TestMessageAnswer } from './schemas.js';
import { sendTestMessage } from './send-test-message.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Messaging'];
const READ = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;
const WRITE = [...READ, ...WRITE_CODES] as const;
const MANAGE = 'Owner or admin (settings:manage); a CS: 403 `forbidden`.';

export function messagingDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const serverZone = ctx.config.timeZone;
  const server = { publicUrl: ctx.config.publicUrl, cloudApiAvailable: ctx.config.whatsapp !== null };
  const providerOf = (name: string) => builtInProvider(name, providerDeps(ctx));

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
    handler: async ({ session }) => ({ status: 200, body: await readAutomation(ctx.db, session.tenantId, ctx.clock.now(), server) }),
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
        "A step that stops cancels its messages not yet sent. fu2 must come after fu1, and fu4 at least 12 hours after fu2's time. A bad value: 422 `invalid_request` with `fields`; nothing is changed. " +
        '`cloud_api` is chosen only when the operator set up the Meta app, with a `phone_number_id` and the access token saved (PATCH /dashboard/api/settings/sensitive); a `phone_number_id` another store uses: 409 `phone_number_id_taken`. `fonnte` only with its device token saved and `fonnte.accepted_risk` true. Fonnte\'s webhook secret is made the first time `fonnte` settings are saved.',
      tags: TAGS,
      security: SESSION,
      body: AutomationPatchBody,
      response: { 200: jsonResponse('Saved: the automation as it is now.', AutomationBody), ...dashboardErrors([...WRITE, 'invalid_request', 'phone_number_id_taken']) },
    },
    fieldText: (path) => AUTOMATION_RANGE_TEXT[path],
    handler: async ({ session, body }) => {
      const zone = await storeTimeZone(ctx.db, session.tenantId, serverZone);
      const saved = await ctx.writeTransaction((tx) => saveAutomation(tx, session.tenantId, body, ctx.clock.now(), zone, ctx.config.whatsapp !== null));
      if (!saved.ok) return saved.code === 'phone_number_id_taken' ? dashboardFailure('phone_number_id_taken') : invalid(saved.fields ?? {});
      return { status: 200, body: await readAutomation(ctx.db, session.tenantId, ctx.clock.now(), server) };
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
    method: 'POST',
    url: '/dashboard/api/messaging/fonnte-secret',
    access: 'settings:manage',
    contract: {
      operationId: 'rotateFonnteSecret',
      summary: "A new secret for the store's Fonnte webhook address; the old address stops at once",
      description: `${MANAGE} The answer is the new address (secret: anyone with it can post to the store); set it in Fonnte's device settings. From now on the old one answers 404.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The new address.', FonnteSecretAnswer), ...dashboardErrors(WRITE) },
    },
    handler: async ({ session }) => {
      const secret = await rotateFonnteSecret(ctx.db, session.tenantId, ctx.clock.now());
      return { status: 200, body: { webhook_url: fonnteWebhookUrl(ctx.config.publicUrl, secret) } };
    },
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
      const listed = await listOrderMessages(ctx.db, session.tenantId, params.id, orderScopeOf(session), serverZone, appBuyerLinks(ctx));
      return listed.ok ? { status: 200, body: listed.value } : dashboardFailure(listed.code);
    },
  });

  const conversationDeps = { db: ctx.db, writeTransaction: ctx.writeTransaction, now: () => ctx.clock.now(), serverTimeZone: serverZone };
  const ORDER_CODES = [...SESSION_CODES, ...COMMON_CODES, 'order_not_found', 'not_found'] as const;
  const SEES = "Any member who sees the order (a CS: their own orders); another store's order or one outside the member's scope: 404 `order_not_found`.";

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/:id/conversation',
    access: 'member',
    contract: {
      operationId: 'readOrderConversation',
      summary: "The conversation with the order's buyer: what they wrote, the store's answers, the 24-hour window, STOP",
      description: `${SEES} The messages of the buyer's phone in this store (the newest 200), oldest first.`,
      tags: ['Orders'],
      security: SESSION,
      params: OrderIdParams,
      response: { 200: jsonResponse('The conversation.', ConversationBody), ...dashboardErrors(ORDER_CODES) },
    },
    handler: async ({ session, params }) => {
      const read = await readConversation(conversationDeps, session.tenantId, params.id, orderScopeOf(session));
      return read.ok ? { status: 200, body: read.value } : dashboardFailure(read.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/conversation',
    access: 'member',
    contract: {
      operationId: 'answerBuyer',
      summary: "Answer the buyer: free text through the store's provider, inside the 24-hour window",
      description:
        `${SEES} Sent at once; the answer says whether the provider accepted it (\`ok\`, else \`error\`), and it shows in the conversation either way. ` +
        'On the Cloud API outside the 24-hour window since the buyer\'s last message: 409 `window_closed` (only a template may go). No provider chosen: 409 `no_provider`. Once it went, "balasan baru" is cleared.',
      tags: ['Orders'],
      security: SESSION,
      params: OrderIdParams,
      body: AnswerBody,
      response: { 201: jsonResponse('Sent, or refused by the provider.', AnswerResult), ...dashboardErrors([...ORDER_CODES, ...WRITE_CODES, 'invalid_request', 'window_closed', 'no_provider']) },
    },
    handler: async ({ session, params, body }) => {
      const sent = await answerBuyer(conversationDeps, session.tenantId, params.id, orderScopeOf(session), { userId: session.userId, text: body.text.trim() }, providerOf);
      return sent.ok ? { status: 201, body: sent.value } : dashboardFailure(sent.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/conversation/handled',
    access: 'member',
    contract: {
      operationId: 'markReplyHandled',
      summary: '"Sudah ditangani": the buyer\'s reply needs no answer; clears "balasan baru"',
      description: `${SEES} Idempotent.`,
      tags: ['Orders'],
      security: SESSION,
      params: OrderIdParams,
      response: { 204: { description: 'Cleared.', type: 'null' }, ...dashboardErrors([...ORDER_CODES, ...WRITE_CODES]) },
    },
    handler: async ({ session, params }) => {
      const done = await markHandled(conversationDeps, session.tenantId, params.id, orderScopeOf(session));
      return done.ok ? { status: 204 } : dashboardFailure(done.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/messaging/opt-outs.csv',
    access: 'settings:manage',
    contract: {
      operationId: 'downloadOptOuts',
      summary: "The store's opt-out list as CSV: phone, when, how",
      description: `${MANAGE} Newest first. \`cara\`: \`keyword\` (the buyer wrote STOP, BERHENTI, UNREG or UNSUBSCRIBE) or \`whatsapp_131050\` (WhatsApp said the buyer stopped the store's messages).`,
      tags: TAGS,
      security: SESSION,
      response: {
        200: csvResponse('The list.', { 'Content-Disposition': { description: 'attachment; filename="berhenti-pesan.csv"', type: 'string', required: true } }),
        ...dashboardErrors(READ),
      },
    },
    handler: async ({ session }) => {
      const zone = await storeTimeZone(ctx.db, session.tenantId, serverZone);
      const rows = (await listOptOuts(ctx.db, session.tenantId)).map((r) => [r.phone, formatTimestamp(r.at, zone), r.how]);
      const csv = stringify([['nomor', 'waktu', 'cara'], ...rows], { bom: true, delimiter: ';', escape_formulas: true, record_delimiter: 'windows' });
      return { status: 200, body: csv, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="berhenti-pesan.csv"' } };
    },
  });
}
