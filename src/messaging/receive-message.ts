// What a buyer writes to a store (issue 42 §2-§4), from any provider's webhook:
// - recorded once per provider message id (a replayed webhook changes nothing), on the store's
//   newest order of that phone, opening the 24-hour window;
// - STOP, BERHENTI, UNREG or UNSUBSCRIBE (the whole message, any case and spacing): the phone goes
//   on the store's opt-out list and "Baik, Kak. ..." is sent once; START or MULAI takes it off;
// - anything else is a reply: the order's automated follow-ups not yet sent are cancelled (a
//   person should answer a person), the order is marked "balasan baru" (orders.buyer_reply_at)
//   and the live list hears it.
import type { Db } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import { BUYER_REPLY_SOURCE, noteOrderEvent } from '../feed/note-order-event.js';
import { OPEN_STATES, FOLLOW_UPS } from './plan-messages.js';
import { optIn, optOut, OPT_OUT_HOW } from './opt-outs.js';
import type { MessagingProvider } from './providers/provider.js';
import { sendChatMessage } from './send-chat-message.js';
import { MESSAGE_REASON, STOP_CONFIRMATION } from './texts.js';

export const STOP_WORDS = ['STOP', 'BERHENTI', 'UNREG', 'UNSUBSCRIBE'] as const;
export const START_WORDS = ['START', 'MULAI'] as const;

export interface IncomingMessage {
  tenantId: number;
  provider: string;
  /** The sender's number as the provider gives it (digits, 62...). */
  from: string;
  text: string;
  providerMessageId: string;
  at: number;
}

export type Received = 'duplicate' | 'opted_out' | 'opted_in' | 'reply' | 'recorded';

export interface ReceiveDeps {
  db: Db;
  writeTransaction: WriteTransaction;
  now(): number;
  /** The provider that answers STOP (the one the message came through); null: none answers. */
  provider: MessagingProvider | null;
}

/** The keyword the whole message is, if any: any case and spacing ("  stop ", "S T O P" is not). */
export function keywordOf(text: string): 'stop' | 'start' | null {
  const word = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
}

/** The phone as orders keep it (62...), or the provider's digits for a number that is not Indonesian. */
export const phoneOf = (from: string): string => normalizeIndonesianPhone(`+${from.replace(/^\+/, '')}`) ?? from.replace(/\D/g, '').slice(0, 20);

export async function receiveMessage(deps: ReceiveDeps, incoming: IncomingMessage): Promise<Received> {
  const phone = phoneOf(incoming.from);
  const keyword = keywordOf(incoming.text);
  const received = await deps.writeTransaction(async (tx): Promise<{ outcome: Received; orderId: number | null }> => {
    const order = await tx
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', incoming.tenantId)
      .where('customer_phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(fixedLimit(1))
      .executeTakeFirst();
    const orderId = order ? Number(order.id) : null;
    const inserted = await tx
      .insertInto('chat_messages')
      .values({
        tenant_id: incoming.tenantId,
        phone,
        order_id: orderId,
        direction: 'in',
        text: incoming.text,
        provider: incoming.provider,
        provider_message_id: incoming.providerMessageId,
        state: 'received',
        created_at: incoming.at,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'provider_message_id']).where('provider_message_id', 'is not', null).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { outcome: 'duplicate', orderId };
    const now = deps.now();
    if (keyword === 'stop') return { outcome: (await optOut(tx, incoming.tenantId, phone, OPT_OUT_HOW.keyword, now)) ? 'opted_out' : 'recorded', orderId };
    if (keyword === 'start') return { outcome: (await optIn(tx, incoming.tenantId, phone)) ? 'opted_in' : 'recorded', orderId };
    if (orderId === null) return { outcome: 'recorded', orderId };
    await tx.updateTable('orders').set({ buyer_reply_at: incoming.at }).where('tenant_id', '=', incoming.tenantId).where('id', '=', orderId).execute();
    await tx
      .updateTable('messages')
      .set({ state: 'cancelled', reason: MESSAGE_REASON.buyerReplied, updated_at: now, locked_until: null, lease_token: null })
      .where('tenant_id', '=', incoming.tenantId)
      .where('order_id', '=', orderId)
      .where('step', 'in', FOLLOW_UPS)
      .where('state', 'in', OPEN_STATES)
      .execute();
    await noteOrderEvent(tx, incoming.tenantId, orderId, BUYER_REPLY_SOURCE, now);
    return { outcome: 'reply', orderId };
  });
  // Once, when the phone has just gone on the list: a replayed STOP, or a second one, sends nothing.
  if (received.outcome === 'opted_out' && deps.provider) {
    await sendChatMessage(deps, { tenantId: incoming.tenantId, phone, orderId: received.orderId, text: STOP_CONFIRMATION, userId: null }, deps.provider);
  }
  return received.outcome;
}
