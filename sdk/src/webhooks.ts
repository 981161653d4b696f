// Verifying Lapak's webhook deliveries (Standard Webhooks, docs/webhooks.md): HMAC-SHA256
// over `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64 part of the
// `whsec_` secret, compared in constant time against each `v1,` signature of the header, and
// a timestamp within the tolerance. During a secret rotation pass both secrets.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LapakError } from './errors.js';
import type { OpenString } from './types.js';

export type OrderStatusValue = OpenString<'pending' | 'closing' | 'invalid_no_hp' | 'paid' | 'cancelled' | 'shipped' | 'completed'>;

/**
 * Where a change came from, as the order's history says it too (docs/events.md): `api` (PATCH),
 * `dashboard` (a member), `payment` (a gateway), `cli` (an operator), `form`, `manual`,
 * `import`, `system`. Open: a later source must not break a receiver.
 */
export type ChangeSource = OpenString<'api' | 'dashboard' | 'payment' | 'cli' | 'form' | 'manual' | 'import' | 'system'>;

export interface OrderStatusChangedEvent {
  type: 'order.status_changed';
  timestamp: string;
  data: {
    event_id: number;
    store_id: number;
    order_id: number;
    previous_status: OrderStatusValue;
    status: OrderStatusValue;
    changed_at: string;
    source: ChangeSource;
    /** Only for changes made through the API (PATCH), never for another source. */
    changed_by?: 'integration';
    integration?: string;
    external_reference?: string | null;
  };
}

export interface WebhookTestEvent {
  type: 'webhook.test';
  timestamp: string;
  data: { event_id: number; store_id: number; endpoint_id: number };
}

/** Any event: a receiver should answer 2xx to types it does not handle. */
export interface UnknownWebhookEvent {
  type: string & {};
  timestamp: string;
  data: Record<string, unknown>;
}

export type WebhookEvent = OrderStatusChangedEvent | WebhookTestEvent | UnknownWebhookEvent;

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookFailureReason = 'missing_headers' | 'timestamp_outside_tolerance' | 'no_matching_signature' | 'invalid_secret' | 'invalid_body';

export class WebhookVerificationError extends LapakError {
  override name = 'WebhookVerificationError';
  readonly reason: WebhookFailureReason;
  constructor(reason: WebhookFailureReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface VerifyOptions {
  /** Seconds the timestamp may differ from now (default 300, Standard Webhooks' 5 minutes). */
  toleranceSeconds?: number;
  /** Unix seconds (tests). */
  now?: number;
}

const PARSED_BODY_HINT =
  'verifyWebhook needs the raw request body (a string or Buffer/Uint8Array, byte for byte), not parsed JSON: ' +
  'the signature covers the exact bytes sent, and re-serialising an object changes them. ' +
  'Read the body before any JSON parser runs (Express: express.raw({ type: "application/json" }); ' +
  'Fastify: a content-type parser with parseAs: "buffer"; Node: collect the request chunks).';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('invalid_secret', 'verifyWebhook: a secret is empty or not base64 (expected whsec_...)');
  return key;
}

/**
 * Checks a delivery and returns its parsed event. Throws WebhookVerificationError when it is
 * not authentic or not fresh, and TypeError when given parsed JSON instead of the raw body.
 * `secret` may be a list: during a rotation, the new and the old secret.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options: VerifyOptions = {}): WebhookEvent {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) throw new TypeError(PARSED_BODY_HINT);
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0) throw new WebhookVerificationError('invalid_secret', 'verifyWebhook: no secret given');
  const keys = secrets.map(keyOf);

  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'verifyWebhook: webhook-id, webhook-timestamp or webhook-signature is missing');
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_outside_tolerance', `verifyWebhook: the timestamp is more than ${tolerance} s from now (a replay, or a wrong clock)`);
  }

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
  const given = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, value]) => version === 'v1' && value)
    .map(([, value]) => Buffer.from(value!, 'base64'));
  const matches = keys.some((key) => {
    const expected = createHmac('sha256', key).update(signed).digest();
    return given.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
  });
  if (!matches) throw new WebhookVerificationError('no_matching_signature', 'verifyWebhook: no signature matches the secret(s)');

  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'verifyWebhook: the signed body is not JSON');
  }
}
