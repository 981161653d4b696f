// A follow-up press (POST /dashboard/api/orders/{id}/follow-ups, issue 34 §2): a member opens
// WhatsApp to the buyer with a step's text rendered for the order. The press is recorded in one
// transaction: the order's follow-up columns (count, last step, last time: what the list shows
// and filters on, 025) and a history entry (field `follow_up`, the step, who and when). The text
// is the store's own for the step and the order's payment method, else the default; the link is
// wa.me's, the text URL-encoded whole (line breaks as %0A, emoji as UTF-8), so WhatsApp shows it as
// written. Lapak sends nothing itself: the member's phone does.
import type { AppContext } from '../../../context.js';
import { normalizeIndonesianPhone } from '../../../lib/phone.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { formatTimestamp } from '../../../lib/time.js';
import { stepsFor, type FollowUpStep } from '../../../templates/follow-up-steps.js';
import { waMeUrl } from '../../../templates/wa-link.js';
import type { MemberActor } from '../../core/member-actor.js';
import { MESSAGE_ORDER_COLUMNS } from '../../core/message-input.js';
import { renderSteps } from '../../core/render-steps.js';
import { appBuyerLinks } from '../../buyer-page/buyer-links.js';
import { recordFollowUp } from '../../core/record-follow-up.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';

export type FollowUpCode = 'order_not_found' | 'follow_up_step_not_available' | 'buyer_phone_invalid' | 'status_conflict';

export interface FollowUpPress {
  wa_url: string;
  step: FollowUpStep;
  at: string;
}

/** The order as a follow-up needs it, within the member's scope; null when there is none. */
const orderForMessage = (db: AppContext['db'], tenantId: number, orderId: number, scope: OrderScope) =>
  inScope(db.selectFrom('orders').select(MESSAGE_ORDER_COLUMNS).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), scope).executeTakeFirst();

/** What each step that fits the order now would send (GET /dashboard/api/orders/{id}/follow-ups): the chooser shows it. */
export async function previewFollowUps(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'clock' | 'config'>,
  tenantId: number,
  orderId: number,
  scope: OrderScope,
  serverTimeZone: string,
): Promise<Outcome<{ steps: Array<{ step: FollowUpStep; text: string }> }, 'order_not_found'>> {
  const order = await orderForMessage(ctx.db, tenantId, orderId, scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const steps = await renderSteps(ctx.db, tenantId, order, stepsFor(order.status), serverTimeZone, appBuyerLinks(ctx));
  return steps ? succeed({ steps }) : refuse('order_not_found', `order ${orderId} not found`);
}

export async function followUpOrder(
  ctx: Pick<AppContext, 'db' | 'writeTransaction' | 'clock' | 'sealer' | 'config'>,
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; actor: MemberActor },
  step: FollowUpStep,
  serverTimeZone: string,
): Promise<Outcome<FollowUpPress, FollowUpCode>> {
  const order = await orderForMessage(ctx.db, tenantId, orderId, who.scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const fitting = stepsFor(order.status);
  if (!fitting.includes(step)) return refuse('follow_up_step_not_available', `step ${step} does not fit an order in ${order.status} (fitting: ${fitting.join(', ') || 'none'})`);
  const phone = normalizeIndonesianPhone(order.customer_phone);
  if (phone === null) return refuse('buyer_phone_invalid', "the buyer's phone is not an Indonesian number");
  const rendered = await renderSteps(ctx.db, tenantId, order, [step], serverTimeZone, appBuyerLinks(ctx));
  if (!rendered) return refuse('order_not_found', `order ${orderId} not found`);
  const text = rendered[0]!.text;

  const now = ctx.clock.now();
  const recorded = await ctx.writeTransaction((tx) =>
    recordFollowUp(tx, { tenantId, orderId, status: order.status, step, source: who.actor.source, actor: who.actor.actor, actorUserId: who.actor.actorUserId, at: now }, who.scope),
  );
  if (!recorded) return refuse('status_conflict', `order ${orderId} changed meanwhile`);
  return succeed({ wa_url: waMeUrl(phone, text), step, at: formatTimestamp(now, serverTimeZone) });
}
