// Risky orders in the dashboard (issue 43; docs/risk.md): a flag's dismissal ("sudah dicek") and
// the spam mark, by any member on the orders they see (an order outside their scope is 404
// `order_not_found`, as on its page); the spam mark in bulk, as bulk-status takes its orders; the
// store's blocked phones and the burst rule's thresholds, owners' and admins'.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse, noContent } from '../../dashboard/contract.js';
import { dashboardRoute, invalid, type Answer } from '../../dashboard/route.js';
import { dashboardFailure } from '../../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, phoneFieldText } from '../../lib/http/messages.js';
import type { Session } from '../../sessions/require-session.js';
import { storeTimeZone } from '../../tenants/store-time-zone.js';
import { memberActor } from '../core/member-actor.js';
import { moverOf, orderScopeOf } from '../core/order-scope.js';
import { JOB_ANSWER, startBulkJob, SYNC_MAX_ORDERS } from '../workspace/bulk/bulk-jobs.js';
import { countOutcomes } from '../workspace/bulk/bulk-status.js';
import { CHOSEN_ORDERS, CHOSEN_ORDERS_CODES, chosenOrders } from '../workspace/bulk/chosen-orders.js';
import { JobStartedBody } from '../workspace/bulk/job-schemas.js';
import { OrderIdParams, OrderPageBody } from '../workspace/order/dashboard-schemas.js';
import { readOrderPage } from '../workspace/order/read-order-page.js';
import { blockPhone, listBlockedPhones, unblockPhone } from './blocked-phones.js';
import { dismissFlag } from './dismiss-flag.js';
import { markSpam, spamOneOrder, spamReasonOf } from './mark-spam.js';
import { readRiskSettings, saveRiskSettings } from './risk-settings.js';
import { BlockedPhoneParams, BlockedPhonesBody, BlockedPhone, BlockPhoneBody, BulkSpamBody, BulkSpamResultBody, FlagParams, RiskSettingsBody, SpamBody } from './risk-schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SETTINGS_TAGS = ['Settings'];
const SCOPE =
  'Any member: owners and admins on every order of the store, a CS on the orders assigned to them; any other order, of this store or another, is 404 `order_not_found`.';
const READ = [...SESSION_CODES, ...COMMON_CODES, 'order_not_found', 'not_found'] as const;
const WRITE = [...READ, ...WRITE_CODES, 'invalid_request'] as const;

export function riskDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const serverZone = ctx.config.timeZone;

  /** The order's page after a change, as GET /dashboard/api/orders/{id} answers it. */
  async function page(session: Session, orderId: number, extra: Record<string, unknown>): Promise<Answer> {
    const read = await readOrderPage(ctx.db, session.tenantId, orderId, orderScopeOf(session), moverOf(session), serverZone);
    return read.ok ? { status: 200, body: { order: read.value, ...extra } } : dashboardFailure(read.code);
  }

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/flags/:flag/dismiss',
    access: 'member',
    contract: {
      operationId: 'dismissOrderFlag',
      summary: 'Dismiss one of the order\'s flags: "sudah dicek"',
      description: `${SCOPE} The flag stays on the order, greyed (\`dismissed_at\`, \`dismissed_by\`), and leaves the filters \`flag\` and the count \`needs_check\`; a history entry \`flag_dismissed\` names the flag and the member. A flag already dismissed: 200, nothing written. A flag the order does not have (or no such flag): 404 \`flag_not_found\`.`,
      tags: TAGS,
      security: SESSION,
      params: FlagParams,
      response: { 200: jsonResponse('The order after it.', OrderPageBody), ...dashboardErrors([...WRITE, 'flag_not_found']) },
    },
    handler: async ({ session, params }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const done = await ctx.writeTransaction((tx) => dismissFlag(tx, session.tenantId, params.id, params.flag, { scope: orderScopeOf(session), actor }, ctx.clock.now()));
      return done.ok ? page(session, params.id, {}) : dashboardFailure(done.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/spam',
    access: 'member',
    contract: {
      operationId: 'markOrderSpam',
      summary: 'Mark the order as spam, or take the mark off',
      description:
        `${SCOPE} Spam is the dashboard's mark, not a status: the order keeps its status, leaves every tab, count and export (the tab "Spam", \`spam=only\`, shows it), gets no automated message, and transfer matching skips it (its unique amount is freed; taken off spam, the order takes its amount back if no other open order took it, else it is marked for manual matching). ` +
        'The integration API sees the order as before. A history entry `spam` (or `spam_removed`) names the member, with the reason as its value. Already so: 200, nothing written.',
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      body: SpamBody,
      response: { 200: jsonResponse('The order after it.', OrderPageBody), ...dashboardErrors(WRITE) },
    },
    handler: async ({ session, params, body }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const done = await ctx.writeTransaction((tx) => markSpam(tx, session.tenantId, params.id, { scope: orderScopeOf(session), actor }, body, ctx.clock.now()));
      return done.ok ? page(session, params.id, {}) : dashboardFailure(done.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/bulk-spam',
    access: 'member',
    contract: {
      operationId: 'bulkMarkSpam',
      summary: 'Mark many orders as spam, or take the mark off, each as its own change',
      description:
        `Any member, on the orders they see. ${CHOSEN_ORDERS} Each order is marked as \`POST /dashboard/api/orders/{id}/spam\` marks it, in a transaction of its own; one refused does not stop the others. ` +
        'Each is answered in `results`: `changed`, `unchanged` (already so) or `refused` with `order_not_found`. Note that a view of the list leaves spam orders out unless it says `spam: "only"`. ' +
        JOB_ANSWER,
      tags: TAGS,
      security: SESSION,
      body: BulkSpamBody,
      response: {
        200: jsonResponse('What happened to each order, and how many of each.', BulkSpamResultBody),
        202: jsonResponse('More than 500 orders: the job that marks them, queued.', JobStartedBody),
        ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES, ...WRITE_CODES, ...CHOSEN_ORDERS_CODES]),
      },
    },
    handler: async ({ session, body }) => {
      const chosen = await chosenOrders(ctx, session, body);
      if (!chosen.ok) return chosen.failure;
      const actor = await memberActor(ctx.db, session.userId);
      const input = { spam: body.spam, reason: spamReasonOf(body) };
      if (chosen.ids.length > SYNC_MAX_ORDERS) {
        const job = await startBulkJob(ctx.db, ctx.clock, session.tenantId, session.userId, { kind: 'spam', ...input, actor }, chosen.ids);
        return { status: 202, body: { job } };
      }
      const who = { scope: orderScopeOf(session), actor };
      const results = [];
      for (const id of chosen.ids) results.push(await ctx.writeTransaction((tx) => spamOneOrder(tx, session.tenantId, id, who, input, ctx.clock.now())));
      return { status: 200, body: { results, ...countOutcomes(results) } };
    },
  });

  const blockedText = 'Owners and admins (`settings:manage`); a CS: 403 `forbidden`.';
  const MANAGE = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/blocked-phones',
    access: 'settings:manage',
    contract: {
      operationId: 'listBlockedPhones',
      summary: "The store's blocked phones, and the form orders refused today",
      description: `${blockedText} A form order from a blocked phone is refused (403, a page that gives the store's WhatsApp number) and only counted; an order entered by hand or by the CLI is taken, flagged \`blocked\`.`,
      tags: SETTINGS_TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The list.', BlockedPhonesBody), ...dashboardErrors(MANAGE) },
    },
    handler: async ({ session }) => {
      const zone = await storeTimeZone(ctx.db, session.tenantId, serverZone);
      return { status: 200, body: await listBlockedPhones(ctx.db, session.tenantId, ctx.clock.now(), zone) };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/blocked-phones',
    access: 'settings:manage',
    contract: {
      operationId: 'blockPhone',
      summary: 'Block a phone (or change the note of one blocked already)',
      description: `${blockedText} The phone in any Indonesian written form; it is kept normalised. A phone that is not an Indonesian number: 422 \`invalid_request\` with \`fields.phone\`. More than 5,000 blocked: 409 \`too_many_blocked\`.`,
      tags: SETTINGS_TAGS,
      security: SESSION,
      body: BlockPhoneBody,
      response: { 201: jsonResponse('The phone as blocked.', BlockedPhone), ...dashboardErrors([...MANAGE, ...WRITE_CODES, 'invalid_request', 'too_many_blocked']) },
    },
    handler: async ({ session, body }) => {
      const zone = await storeTimeZone(ctx.db, session.tenantId, serverZone);
      const done = await blockPhone(ctx.db, session.tenantId, { phone: body.phone, note: body.note ?? '', userId: session.userId, now: ctx.clock.now() }, zone);
      if (done.ok) return { status: 201, body: done.value };
      if (done.code === 'too_many_blocked') return dashboardFailure('too_many_blocked');
      return invalid({ phone: phoneFieldText(body.phone, DASHBOARD_FIELD_TEXT.buyerPhone) });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'DELETE',
    url: '/dashboard/api/blocked-phones/:phone',
    access: 'settings:manage',
    contract: {
      operationId: 'unblockPhone',
      summary: 'Take a phone off the blocked list',
      description: `${blockedText} A phone not on the list: 404 \`blocked_phone_not_found\`.`,
      tags: SETTINGS_TAGS,
      security: SESSION,
      params: BlockedPhoneParams,
      response: { 204: noContent('Unblocked.'), ...dashboardErrors([...MANAGE, ...WRITE_CODES, 'not_found', 'blocked_phone_not_found']) },
    },
    handler: async ({ session, params }) => ((await unblockPhone(ctx.db, session.tenantId, params.phone)) ? { status: 204 } : dashboardFailure('blocked_phone_not_found')),
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/risk-settings',
    access: 'settings:manage',
    contract: {
      operationId: 'getRiskSettings',
      summary: "The burst rule's thresholds",
      description: blockedText,
      tags: SETTINGS_TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The thresholds.', RiskSettingsBody), ...dashboardErrors(MANAGE) },
    },
    handler: async ({ session }) => ({ status: 200, body: await readRiskSettings(ctx.db, session.tenantId) }),
  });

  dashboardRoute(app, ctx, {
    method: 'PUT',
    url: '/dashboard/api/risk-settings',
    access: 'settings:manage',
    contract: {
      operationId: 'saveRiskSettings',
      summary: "Set the burst rule's thresholds",
      description: `${blockedText} Each 1 to 100; they judge the orders taken from now on.`,
      tags: SETTINGS_TAGS,
      security: SESSION,
      body: RiskSettingsBody,
      response: { 200: jsonResponse('The thresholds as saved.', RiskSettingsBody), ...dashboardErrors([...MANAGE, ...WRITE_CODES, 'invalid_request']) },
    },
    handler: async ({ session, body }) => ({ status: 200, body: await saveRiskSettings(ctx.db, session.tenantId, body) }),
  });
}
