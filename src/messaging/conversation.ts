// The conversation with an order's buyer on the order's page (issue 42 §4): what the buyer wrote
// and what the store answered (a CS, Lapak's reply to STOP), the 24-hour window, whether the
// phone opted out, and whether a reply waits ("balasan baru"). A CS answers inside the window
// through the store's provider; outside it only a template could go, so free text is refused.
// Answering, or marking it handled, clears "balasan baru".
import type { Db } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import { formatTimestamp } from '../lib/time.js';
import { shownName } from '../orders/core/member-actor.js';
import { inScope, type OrderScope } from '../orders/core/order-scope.js';
import { loadAutomation } from './automation.js';
import { windowClosesAt } from './conversation-window.js';
import { isOptedOut } from './opt-outs.js';
import type { MessagingProvider } from './providers/provider.js';
import { sendChatMessage } from './send-chat-message.js';

/** The newest messages of a conversation the page shows. */
const SHOWN = 200;

interface ConversationDeps {
  db: Db;
  writeTransaction: WriteTransaction;
  now(): number;
  serverTimeZone: string;
}

async function orderInScope(db: Db, tenantId: number, orderId: number, scope: OrderScope) {
  return inScope(db.selectFrom('orders').select(['orders.id', 'orders.customer_phone', 'orders.buyer_reply_at']).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), scope).executeTakeFirst();
}

export async function readConversation(deps: ConversationDeps, tenantId: number, orderId: number, scope: OrderScope) {
  const order = await orderInScope(deps.db, tenantId, orderId, scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const phone = normalizeIndonesianPhone(order.customer_phone) ?? order.customer_phone;
  const [rows, closes, optedOut, automation] = await Promise.all([
    deps.db
      .selectFrom('chat_messages')
      .leftJoin('users', 'users.id', 'chat_messages.user_id')
      .select(['chat_messages.id', 'chat_messages.direction', 'chat_messages.text', 'chat_messages.state', 'chat_messages.reason', 'chat_messages.created_at', 'chat_messages.user_id', 'users.name', 'users.email'])
      .where('chat_messages.tenant_id', '=', tenantId)
      .where('chat_messages.phone', '=', phone)
      .orderBy('chat_messages.created_at', 'desc')
      .orderBy('chat_messages.id', 'desc')
      .limit(fixedLimit(SHOWN))
      .execute(),
    windowClosesAt(deps.db, tenantId, phone),
    isOptedOut(deps.db, tenantId, phone),
    loadAutomation(deps.db, tenantId),
  ]);
  const now = deps.now();
  const at = (ms: number) => formatTimestamp(Number(ms), deps.serverTimeZone);
  return succeed({
    provider: automation.provider,
    window_open: closes !== null && closes > now,
    window_closes_at: closes === null ? null : at(closes),
    opted_out: optedOut,
    reply_waiting: order.buyer_reply_at !== null,
    messages: rows.reverse().map((r) => ({
      id: Number(r.id),
      direction: r.direction,
      text: r.text,
      state: r.state,
      reason: r.reason,
      at: at(r.created_at),
      by: r.user_id === null || r.name === null ? null : { id: Number(r.user_id), name: shownName({ name: r.name, email: r.email ?? '' }) },
    })),
  });
}

export type Conversation = Extract<Awaited<ReturnType<typeof readConversation>>, { ok: true }>['value'];

/** A CS's answer: inside the window, through the store's provider; clears "balasan baru" once it went. */
export async function answerBuyer(
  deps: ConversationDeps,
  tenantId: number,
  orderId: number,
  scope: OrderScope,
  user: { userId: number; text: string },
  providerOf: (name: string) => MessagingProvider | null,
): Promise<Outcome<{ id: number; ok: boolean; error: string | null }, 'order_not_found' | 'no_provider' | 'window_closed'>> {
  const order = await orderInScope(deps.db, tenantId, orderId, scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const automation = await loadAutomation(deps.db, tenantId);
  const provider = automation.provider === null ? null : providerOf(automation.provider);
  if (!provider) return refuse('no_provider', 'no provider');
  const phone = normalizeIndonesianPhone(order.customer_phone) ?? order.customer_phone;
  if (provider.name === 'cloud_api') {
    const closes = await windowClosesAt(deps.db, tenantId, phone);
    if (closes === null || closes <= deps.now()) return refuse('window_closed', 'outside the 24-hour window');
  }
  const sent = await sendChatMessage(deps, { tenantId, phone, orderId, text: user.text, userId: user.userId }, provider);
  if (sent.ok) await clearReply(deps.writeTransaction, tenantId, orderId);
  return succeed(sent);
}

/** "Sudah ditangani": the reply needs no answer from the store. */
export async function markHandled(deps: ConversationDeps, tenantId: number, orderId: number, scope: OrderScope): Promise<Outcome<null, 'order_not_found'>> {
  const order = await orderInScope(deps.db, tenantId, orderId, scope);
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  await clearReply(deps.writeTransaction, tenantId, orderId);
  return succeed(null);
}

async function clearReply(writeTransaction: WriteTransaction, tenantId: number, orderId: number): Promise<void> {
  await writeTransaction((tx) => tx.updateTable('orders').set({ buyer_reply_at: null }).where('tenant_id', '=', tenantId).where('id', '=', orderId).where('buyer_reply_at', 'is not', null).execute());
}
