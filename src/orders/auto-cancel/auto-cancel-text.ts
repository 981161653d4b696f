// The texts of auto-cancel (issue 44 §3; docs/auto-cancel.md), written once: the history entry
// beside the automatic cancellation, and the refusal of a bad number of days (the dashboard's
// refusal texts keep it, lib/http/messages.ts).
import { DASHBOARD_REFUSAL_TEXT } from '../../lib/http/messages.js';

/** The history's reason entry: COD orders wait for the buyer's confirmation, the others for their payment. */
export const autoCancelReason = (days: number, paymentMethod: string | null): string =>
  paymentMethod === 'cod' ? `dibatalkan otomatis: tidak dikonfirmasi dalam ${days} hari` : `dibatalkan otomatis: tidak dibayar dalam ${days} hari`;

/** The history's actor of the cancellation (source `system`). */
export const AUTO_CANCEL_ACTOR = 'pembatalan otomatis';

export const AUTO_CANCEL_FIELD_TEXT = {
  days: DASHBOARD_REFUSAL_TEXT.invalid_auto_cancel_days,
} as const;
