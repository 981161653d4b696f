// Standard Webhooks headers, signed with the standardwebhooks package.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret: whsec_ + base64 of 32 random bytes (the spec asks for 24 to 64). */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * Signed with every secret given (after a rotation: the new one and, for a while, the old
 * one), the signatures space-separated as Standard Webhooks allows, so a receiver that
 * still holds the old secret and one that already has the new one both verify.
 *
 * webhook-id is the event id, so it stays the same across retries and replays and
 * receivers can deduplicate on it. The timestamp is the moment of this attempt: receivers
 * reject signatures older than a few minutes.
 */
export function signedHeaders(secrets: string | readonly string[], webhookId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Lapak-Webhooks/1',
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}
