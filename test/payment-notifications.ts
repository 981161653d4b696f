// Gateway notifications as the gateways send them, signed with a store's secret.
import { createHash } from 'node:crypto';

export function midtransNotification(serverKey: string, fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    transaction_time: '2026-01-15 10:00:00',
    status_message: 'midtrans payment notification',
    status_code: '200',
    transaction_status: 'settlement',
    fraud_status: 'accept',
    payment_type: 'bank_transfer',
    currency: 'IDR',
    transaction_id: `tx-${Math.random().toString(16).slice(2)}`,
    ...fields,
  };
  body.signature_key = createHash('sha512').update(`${body.order_id}${body.status_code}${body.gross_amount}${serverKey}`).digest('hex');
  return body;
}

export function xenditCallback(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: `inv-${Math.random().toString(16).slice(2)}`,
    user_id: '5781d19b2e2385880609791c',
    is_high: false,
    status: 'PAID',
    merchant_name: 'Toko',
    payer_email: 'siti@example.com',
    payment_method: 'EWALLET',
    currency: 'IDR',
    ...fields,
  };
}
