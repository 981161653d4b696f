// A provider's word on a message it accepted (issue 42 §2): sent < delivered < read, applied
// forward only (Meta does not keep their order: a late `delivered` after `read` changes nothing,
// and a replayed status neither); `failed` only from sent, with the provider's code, which may put
// the phone on the opt-out list (131050) or say it is not on WhatsApp (131026). Meta's pricing of
// a paid template marks the message `paid`. Automated messages and the conversation's alike.
import { raiseFlag } from '../orders/risk/raise-flag.js';
import { RISK_TEXT } from '../orders/risk/risk-text.js';
import type { Tx } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { optOut, OPT_OUT_HOW } from './opt-outs.js';
import { MESSAGE_REASON } from './texts.js';

export const DELIVERY_STATES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface StatusUpdate {
  tenantId: number;
  providerMessageId: string;
  status: DeliveryState;
  at: number;
  /** The provider's error code and title of a failure. */
  errorCode?: number | null;
  errorTitle?: string | null;
  /** Meta priced it as a paid message. */
  paid?: boolean;
  /** A failure in the provider's own words, when it gives no code (Fonnte's "invalid"). */
  detail?: string | null;
}

/** The states a status may move a message from. */
const FROM: Record<DeliveryState, readonly string[]> = {
  sent: [],
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent'],
};

function failureReason(code: number | null | undefined, title: string | null | undefined, detail: string | null | undefined): string {
  if (detail) return MESSAGE_REASON.providerFailed(detail.slice(0, 200));
  if (code === 131026) return MESSAGE_REASON.notOnWhatsApp;
  if (code === 131050) return MESSAGE_REASON.optedOutAtProvider;
  return MESSAGE_REASON.providerFailed(`WhatsApp ${code ?? '?'}${title ? `: ${title.slice(0, 200)}` : ''}`);
}

/** Applies one status; true when it changed a message. */
export async function applyStatus(writeTransaction: WriteTransaction, update: StatusUpdate): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const changed = (await applyTo(tx, 'messages', update)) || (await applyTo(tx, 'chat_messages', update));
    if (update.paid) {
      await tx.updateTable('messages').set({ paid: 1 }).where('tenant_id', '=', update.tenantId).where('provider_message_id', '=', update.providerMessageId).execute();
    }
    return changed;
  });
}

async function applyTo(tx: Tx, table: 'messages' | 'chat_messages', update: StatusUpdate): Promise<boolean> {
  const from = FROM[update.status];
  if (from.length === 0) return false;
  const failed = update.status === 'failed';
  const set = { state: update.status, status_at: update.at, ...(failed ? { reason: failureReason(update.errorCode, update.errorTitle, update.detail) } : {}) };
  const row = await tx
    .updateTable(table)
    .set(set)
    .where('tenant_id', '=', update.tenantId)
    .where('provider_message_id', '=', update.providerMessageId)
    .where('state', 'in', from)
    .returning(['phone', 'order_id'])
    .executeTakeFirst();
  if (!row) return false;
  if (failed && update.errorCode === 131050 && row.phone) await optOut(tx, update.tenantId, row.phone, OPT_OUT_HOW.whatsapp, update.at);
  // The buyer's number is not on WhatsApp: the order is flagged for a CS to check (issue 43 §1).
  if (failed && update.errorCode === 131026 && row.order_id !== null) await raiseFlag(tx, update.tenantId, Number(row.order_id), 'not_whatsapp', RISK_TEXT.reasons.notWhatsapp, update.at);
  return true;
}
