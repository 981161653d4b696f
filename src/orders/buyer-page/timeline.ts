// The buyer's page's short timeline (issue 44 §2): dipesan → dikonfirmasi → dibayar → dikirim →
// selesai, as far as the order's status has come. A gateway order at closing has been paid (the
// gateway's notification confirms it); a COD order is paid to the courier, so its third step is
// "siap dikirim". A cancelled order, and one held for an invalid phone, show no steps: the page
// says "dibatalkan" and offers the store's WhatsApp. The words are the page's (form/buyer-page-text.ts).
export const TIMELINE_STEPS = ['ordered', 'confirmed', 'paid', 'shipped', 'completed'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export type Timeline =
  | { cancelled: true }
  | { cancelled: false; reached: number; cod: boolean };

const REACHED: Readonly<Record<string, number>> = { pending: 0, closing: 1, paid: 2, shipped: 3, completed: 4 };

export const isCod = (paymentMethod: string): boolean => paymentMethod === 'cod';
/** An online payment (Midtrans, Xendit, or another gateway's name on an order entered by hand), as the thank-you page reads it. */
export const isGatewayPayment = (paymentMethod: string): boolean => paymentMethod !== 'cod' && paymentMethod !== 'bank_transfer';

/** How far the order has come: the index in TIMELINE_STEPS of its last step reached. */
export function timelineOf(order: { status: string; payment_method: string }): Timeline {
  if (order.status === 'cancelled' || order.status === 'invalid_no_hp') return { cancelled: true };
  const reached = Object.hasOwn(REACHED, order.status) ? REACHED[order.status]! : 0;
  const paidByGateway = order.status === 'closing' && isGatewayPayment(order.payment_method);
  return { cancelled: false, reached: paidByGateway ? 2 : reached, cod: isCod(order.payment_method) };
}

/** Whether the buyer still has something to pay now: a bank transfer or a gateway order not yet paid, or a COD order not yet delivered. */
export function stillToPay(order: { status: string; payment_method: string }): boolean {
  if (isCod(order.payment_method)) return ['pending', 'closing', 'paid', 'shipped'].includes(order.status);
  if (isGatewayPayment(order.payment_method)) return order.status === 'pending';
  return order.status === 'pending' || order.status === 'closing';
}
