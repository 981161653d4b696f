// What the pages read of the messages (issue 41 §3): an order's automated messages, with the text
// as sent (or as it would be sent now, for one not yet sent), and the sandbox's outbox.
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { formatTimestamp } from '../lib/time.js';
import { MESSAGE_ORDER_COLUMNS } from '../orders/core/message-input.js';
import { inScope, type OrderScope } from '../orders/core/order-scope.js';
import { renderSteps } from '../orders/core/render-steps.js';
import type { BuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { FOLLOW_UP_STEPS, isFollowUpStep, type FollowUpStep } from '../templates/follow-up-steps.js';
import { waMeUrl } from '../templates/wa-link.js';

const stepOrder = (step: string) => (FOLLOW_UP_STEPS as readonly string[]).indexOf(step);

/** `links`: the order's page link for an unsent text that names {link_pesanan} (as it will be sent). */
export async function listOrderMessages(db: Db, tenantId: number, orderId: number, scope: OrderScope, serverTimeZone: string, links: BuyerLinks): Promise<Outcome<{ messages: OrderMessage[] }, 'order_not_found'>> {
  const order = await inScope(db.selectFrom('orders').select(MESSAGE_ORDER_COLUMNS).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), scope).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'step', 'state', 'due_at', 'next_at', 'sent_at', 'reason', 'text', 'provider_message_id'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .execute();
  rows.sort((a, b) => Number(a.due_at) - Number(b.due_at) || stepOrder(a.step) - stepOrder(b.step));
  const unsent = rows.filter((r) => r.text === null && isFollowUpStep(r.step)).map((r) => r.step as FollowUpStep);
  const rendered = unsent.length === 0 ? [] : ((await renderSteps(db, tenantId, order, [...new Set(unsent)], serverTimeZone, links)) ?? []);
  const textOf = new Map(rendered.map((r) => [r.step as string, r.text]));
  const at = (ms: number | null) => (ms === null ? null : formatTimestamp(Number(ms), serverTimeZone));
  return succeed({
    messages: rows.map((r) => ({
      id: Number(r.id),
      step: r.step,
      state: r.state,
      due_at: at(r.due_at)!,
      next_at: r.state === 'planned' || r.state === 'waiting_quiet_hours' ? at(r.next_at) : null,
      sent_at: r.state === 'sent' || r.state === 'delivered' || r.state === 'read' ? at(r.sent_at) : null,
      reason: r.reason,
      text: r.text ?? textOf.get(r.step) ?? '',
      provider_message_id: r.provider_message_id,
    })),
  });
}

export interface OrderMessage {
  id: number;
  step: string;
  state: string;
  due_at: string;
  next_at: string | null;
  sent_at: string | null;
  reason: string | null;
  text: string;
  provider_message_id: string | null;
}

/** The sandbox's outbox, newest first: what it would have sent, with a wa.me link to send it by hand. */
export async function listOutbox(db: Db, tenantId: number, serverTimeZone: string, limit = 100) {
  const rows = await db
    .selectFrom('sandbox_outbox')
    .leftJoin('messages', (j) => j.onRef('messages.id', '=', 'sandbox_outbox.message_id').onRef('messages.tenant_id', '=', 'sandbox_outbox.tenant_id'))
    .select(['sandbox_outbox.id', 'sandbox_outbox.order_id', 'sandbox_outbox.phone', 'sandbox_outbox.text', 'sandbox_outbox.provider_message_id', 'sandbox_outbox.created_at', 'messages.step'])
    .where('sandbox_outbox.tenant_id', '=', tenantId)
    .orderBy('sandbox_outbox.id', 'desc')
    .limit(fixedLimit(limit))
    .execute();
  return {
    messages: rows.map((r) => ({
      id: Number(r.id),
      order_id: r.order_id === null ? null : Number(r.order_id),
      step: r.step ?? null,
      phone: r.phone,
      text: r.text,
      wa_url: waMeUrl(r.phone, r.text),
      provider_message_id: r.provider_message_id,
      created_at: formatTimestamp(Number(r.created_at), serverTimeZone),
    })),
  };
}
