// Midtrans: Snap charges and HTTP notifications, as Midtrans documents them.
// - Charge: POST {MIDTRANS_BASE_URL}/snap/v1/transactions, Basic auth with the server key,
//   {transaction_details: {order_id, gross_amount}, item_details, customer_details};
//   201 {token, redirect_url}.
// - Notification: JSON with order_id, status_code, gross_amount (a string such as
//   "150000.00"), transaction_status, fraud_status, transaction_id and
//   signature_key = SHA-512 hex of order_id + status_code + gross_amount + server key.
import { createHash, timingSafeEqual } from 'node:crypto';
import { refuse, succeed } from '../lib/outcome.js';
import { postJson, type ChargeGateway } from './charge.js';
import type { GatewayNotification } from './apply-notification.js';

const NAME_MAX = 50; // item_details.name

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(orderId + statusCode + grossAmount + serverKey).digest('hex');
}

export function verifyMidtransSignature(body: Record<string, unknown>, serverKey: string): boolean {
  const { order_id: orderId, status_code: statusCode, gross_amount: grossAmount, signature_key: signature } = body;
  if (typeof orderId !== 'string' || typeof statusCode !== 'string' || typeof grossAmount !== 'string' || typeof signature !== 'string') return false;
  const expected = Buffer.from(midtransSignature(orderId, statusCode, grossAmount, serverKey), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "150000.00" or "150000" -> 150000; anything else (fractions of a rupiah too) -> null. */
export function rupiahAmount(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const match = /^([0-9]{1,15})(?:\.0+)?$/.exec(String(value));
  return match ? Number(match[1]) : null;
}

/** A verified notification in Lapak's terms: settlement, or capture accepted by fraud detection, is a payment. */
export function readMidtransNotification(body: Record<string, unknown>): GatewayNotification | null {
  const { transaction_id: transactionId, transaction_status: status, fraud_status: fraud } = body;
  if (typeof transactionId !== 'string' || transactionId === '' || typeof status !== 'string' || status === '') return null;
  const paid = status === 'settlement' || (status === 'capture' && fraud === 'accept');
  // capture with fraud "challenge" differs from capture "accept": both are kept.
  const recordedStatus = status === 'capture' && typeof fraud === 'string' ? `capture:${fraud}` : status;
  return { gateway: 'midtrans', transactionId, status: recordedStatus, amount: rupiahAmount(body.gross_amount), paid };
}

export function midtransSnap(baseUrl: string): ChargeGateway {
  return {
    async createCharge(serverKey, request) {
      const items = [
        { id: 'produk', price: request.product.unitPrice, quantity: request.product.quantity, name: request.product.name.slice(0, NAME_MAX) },
        ...(request.shippingFee > 0 ? [{ id: 'ongkir', price: request.shippingFee, quantity: 1, name: 'Ongkos kirim' }] : []),
      ];
      const answer = await postJson(`${baseUrl}/snap/v1/transactions`, serverKey, {
        transaction_details: { order_id: request.gatewayOrderId, gross_amount: request.amount },
        item_details: items,
        customer_details: {
          first_name: request.customer.name,
          phone: request.customer.phone,
          ...(request.customer.email ? { email: request.customer.email } : {}),
        },
      });
      if (!answer.ok) return answer;
      const { token, redirect_url: url } = answer.value;
      if (typeof token !== 'string' || typeof url !== 'string') return refuse('gateway_bad_answer', 'answer without token or redirect_url');
      return succeed({ reference: token, paymentUrl: url });
    },
  };
}
