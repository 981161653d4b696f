// Xendit: invoices and invoice callbacks, as Xendit documents them.
// - Charge: POST {XENDIT_BASE_URL}/v2/invoices, Basic auth with the secret API key,
//   {external_id, amount, description, currency, customer, payer_email}; 200 {id, invoice_url, status}.
// - Callback: JSON with id (the invoice), external_id, status (PENDING, PAID, SETTLED,
//   EXPIRED), amount, paid_amount; verified by the x-callback-token header, which must equal
//   the store's callback verification token.
import { timingSafeEqual } from 'node:crypto';
import { refuse, succeed } from '../lib/outcome.js';
import { postJson, type ChargeGateway } from './charge.js';
import type { GatewayNotification } from './apply-notification.js';
import { rupiahAmount } from './midtrans.js';

export function verifyXenditToken(header: unknown, callbackToken: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const given = Buffer.from(header, 'utf8');
  const expected = Buffer.from(callbackToken, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** PAID and SETTLED are payments; the amount is what was paid. */
export function readXenditCallback(body: Record<string, unknown>): GatewayNotification | null {
  const { id, status } = body;
  if (typeof id !== 'string' || id === '' || typeof status !== 'string' || status === '') return null;
  const paid = status === 'PAID' || status === 'SETTLED';
  return { gateway: 'xendit', transactionId: id, status, amount: rupiahAmount(body.paid_amount ?? body.amount), paid };
}

export function xenditInvoice(baseUrl: string): ChargeGateway {
  return {
    async createCharge(secretKey, request) {
      const answer = await postJson(`${baseUrl}/v2/invoices`, secretKey, {
        external_id: request.gatewayOrderId,
        amount: request.amount,
        currency: 'IDR',
        description: `${request.product.name} x${request.product.quantity}`,
        customer: {
          given_names: request.customer.name,
          mobile_number: `+${request.customer.phone}`,
          ...(request.customer.email ? { email: request.customer.email } : {}),
        },
        ...(request.customer.email ? { payer_email: request.customer.email } : {}),
      });
      if (!answer.ok) return answer;
      const { id, invoice_url: url } = answer.value;
      if (typeof id !== 'string' || typeof url !== 'string') return refuse('gateway_bad_answer', 'answer without id or invoice_url');
      return succeed({ reference: id, paymentUrl: url });
    },
  };
}
