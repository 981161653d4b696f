import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { generateSecret, signedHeaders } from './headers.js';
import { buildWebhookBody } from './payload.js';

const event = (payload: Record<string, unknown>) => ({ id: 42, type: 'order.status_changed', payload: JSON.stringify(payload), created_at: Date.UTC(2026, 10, 22, 7, 5, 9, 500) });
const base = { store_id: 12, order_id: 3456, previous_status: 'pending', status: 'closing', changed_at: '2026-11-22T14:05:09+07:00' };

describe('webhook body', () => {
  it('wraps the outbox payload in the Standard Webhooks envelope, event id included', () => {
    const body = buildWebhookBody(event({ ...base, source: 'api', changed_by: 'integration', integration: 'CRM', external_reference: 'crm-981' }), 'Asia/Jakarta');
    expect(body).toBe(
      '{"type":"order.status_changed","timestamp":"2026-11-22T14:05:09+07:00","data":{"event_id":42,"store_id":12,"order_id":3456,' +
        '"previous_status":"pending","status":"closing","changed_at":"2026-11-22T14:05:09+07:00","source":"api",' +
        '"changed_by":"integration","integration":"CRM","external_reference":"crm-981"}}',
    );
  });

  it('leaves out the PATCH-only fields for other sources, and anything undocumented', () => {
    const body = JSON.parse(buildWebhookBody(event({ ...base, source: 'payment', customer_phone: '6281234567890' }), 'UTC'));
    expect(body).toEqual({
      type: 'order.status_changed',
      timestamp: '2026-11-22T07:05:09+00:00',
      data: { event_id: 42, ...base, source: 'payment' },
    });
  });
});

describe('signature', () => {
  it('is verified by the standardwebhooks package and bound to id, timestamp and body', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
    const body = buildWebhookBody(event({ ...base, source: 'dashboard' }), 'Asia/Jakarta');
    const headers = signedHeaders(secret, '42', body, new Date());
    expect(Object.keys(headers)).toEqual(['content-type', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(headers['webhook-id']).toBe('42');
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    const wh = new Webhook(secret);
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => wh.verify(body.replace('closing', 'pending'), headers)).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-id': '43' })).toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
    const old = signedHeaders(secret, '42', body, new Date(Date.now() - 10 * 60_000));
    expect(() => wh.verify(body, old)).toThrow(/too old/);
  });
});
