// Session tokens: `id.secret`, each half 20 random bytes in base64url (160 bits). The id is
// the primary key; only the SHA-256 of the secret is stored, compared in constant time.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Sliding expiry: a session lives 30 days after its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most once per this interval, so reads do not all write. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

const PART = /^[A-Za-z0-9_-]{27}$/;

export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

export function newSessionToken(): { id: string; secret: string; token: string; secretHash: string } {
  const id = randomBytes(20).toString('base64url');
  const secret = randomBytes(20).toString('base64url');
  return { id, secret, token: `${id}.${secret}`, secretHash: sha256Hex(secret) };
}

/** The halves of a well-formed token, else null (anything else is not looked up). */
export function splitSessionToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split('.');
  if (rest.length > 0 || id === undefined || secret === undefined || !PART.test(id) || !PART.test(secret)) return null;
  return { id, secret };
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A single-use link token (invitations, password resets): 32 random bytes; stored as SHA-256. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256Hex(token) };
}
