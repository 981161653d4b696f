// Both gateways' verification, as they document it, including tampered amounts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { midtransSignature, readMidtransNotification, rupiahAmount, verifyMidtransSignature } from './midtrans.js';
import { readXenditCallback, verifyXenditToken } from './xendit.js';
import { gatewayOrderId, parseGatewayOrderId } from './gateway-order-id.js';

const SERVER_KEY = 'SB-Mid-server-TEST0123456789abcdef';

function notification(overrides: Record<string, unknown> = {}) {
  const base = { order_id: 'lapak-3-41', status_code: '200', gross_amount: '162000.00', transaction_status: 'settlement', transaction_id: 'a1b2c3', fraud_status: 'accept' };
  const body: Record<string, unknown> = { ...base, ...overrides };
  body.signature_key = createHash('sha512').update(`${body.order_id}${body.status_code}${body.gross_amount}${SERVER_KEY}`).digest('hex');
  return body;
}

describe('Midtrans signature_key = SHA-512(order_id + status_code + gross_amount + server key)', () => {
  it('matches the documented formula', () => {
    expect(midtransSignature('lapak-3-41', '200', '162000.00', SERVER_KEY)).toBe(
      createHash('sha512').update(`lapak-3-41200162000.00${SERVER_KEY}`).digest('hex'),
    );
  });

  it('accepts a notification signed with the store\'s server key (upper-case hex too)', () => {
    expect(verifyMidtransSignature(notification(), SERVER_KEY)).toBe(true);
    const body = notification();
    expect(verifyMidtransSignature({ ...body, signature_key: String(body.signature_key).toUpperCase() }, SERVER_KEY)).toBe(true);
  });

  it('refuses a tampered amount, order id or status code', () => {
    const signed = notification();
    expect(verifyMidtransSignature({ ...signed, gross_amount: '1000.00' }, SERVER_KEY)).toBe(false);
    expect(verifyMidtransSignature({ ...signed, gross_amount: '162000' }, SERVER_KEY)).toBe(false);
    expect(verifyMidtransSignature({ ...signed, order_id: 'lapak-3-42' }, SERVER_KEY)).toBe(false);
    expect(verifyMidtransSignature({ ...signed, status_code: '201' }, SERVER_KEY)).toBe(false);
  });

  it('refuses another key, a missing or malformed signature, and non-string fields', () => {
    expect(verifyMidtransSignature(notification(), 'SB-Mid-server-other')).toBe(false);
    const { signature_key: _s, ...unsigned } = notification();
    expect(verifyMidtransSignature(unsigned, SERVER_KEY)).toBe(false);
    expect(verifyMidtransSignature({ ...notification(), signature_key: 'abc' }, SERVER_KEY)).toBe(false);
    expect(verifyMidtransSignature({ ...notification(), gross_amount: 162000 }, SERVER_KEY)).toBe(false);
  });

  it('reads settlement and accepted capture as payments; challenge, pending, expire and deny as not', () => {
    expect(readMidtransNotification(notification())).toEqual({ gateway: 'midtrans', transactionId: 'a1b2c3', status: 'settlement', amount: 162000, paid: true });
    expect(readMidtransNotification(notification({ transaction_status: 'capture', fraud_status: 'accept' }))).toMatchObject({ status: 'capture:accept', paid: true });
    expect(readMidtransNotification(notification({ transaction_status: 'capture', fraud_status: 'challenge' }))).toMatchObject({ status: 'capture:challenge', paid: false });
    for (const status of ['pending', 'expire', 'deny', 'cancel', 'refund']) {
      expect(readMidtransNotification(notification({ transaction_status: status }))?.paid, status).toBe(false);
    }
    expect(readMidtransNotification(notification({ transaction_id: undefined }))).toBeNull();
  });

  it('reads whole-rupiah amounts only', () => {
    expect(rupiahAmount('162000.00')).toBe(162000);
    expect(rupiahAmount('162000')).toBe(162000);
    expect(rupiahAmount(162000)).toBe(162000);
    expect(rupiahAmount('162000.50')).toBeNull();
    expect(rupiahAmount('-5')).toBeNull();
    expect(rupiahAmount(undefined)).toBeNull();
  });
});

describe('Xendit x-callback-token', () => {
  const TOKEN = 'xnd_cb_0123456789abcdefghij';
  it('accepts exactly the store\'s callback token', () => {
    expect(verifyXenditToken(TOKEN, TOKEN)).toBe(true);
    expect(verifyXenditToken(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(verifyXenditToken(TOKEN.toUpperCase(), TOKEN)).toBe(false);
    expect(verifyXenditToken('', TOKEN)).toBe(false);
    expect(verifyXenditToken(undefined, TOKEN)).toBe(false);
    expect(verifyXenditToken([TOKEN], TOKEN)).toBe(false);
  });

  it('reads PAID and SETTLED as payments of paid_amount; EXPIRED and PENDING as not', () => {
    expect(readXenditCallback({ id: 'inv_1', status: 'PAID', amount: 162000, paid_amount: 162000 })).toEqual({ gateway: 'xendit', transactionId: 'inv_1', status: 'PAID', amount: 162000, paid: true });
    expect(readXenditCallback({ id: 'inv_1', status: 'SETTLED', amount: 162000 })).toMatchObject({ paid: true, amount: 162000 });
    // A tampered or partial paid amount is read as it is: applying it compares it with the order's total.
    expect(readXenditCallback({ id: 'inv_1', status: 'PAID', amount: 162000, paid_amount: 1000 })).toMatchObject({ paid: true, amount: 1000 });
    expect(readXenditCallback({ id: 'inv_1', status: 'EXPIRED', amount: 162000 })).toMatchObject({ paid: false });
    expect(readXenditCallback({ status: 'PAID' })).toBeNull();
  });
});

describe('gateway order id', () => {
  it('round-trips tenant and order, and refuses anything else', () => {
    expect(gatewayOrderId(3, 41)).toBe('lapak-3-41');
    expect(parseGatewayOrderId('lapak-3-41')).toEqual({ tenantId: 3, orderId: 41 });
    for (const bad of ['lapak-0-41', 'lapak-3-', 'lapak-3-41-1', 'order-3-41', 'payment_notif_test_G123', 41, null]) {
      expect(parseGatewayOrderId(bad), String(bad)).toBeNull();
    }
  });
});
