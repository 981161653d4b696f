// A new session of a user in a store: a fresh random token every time (a login never reuses
// a session, so a planted cookie gains nothing), only the SHA-256 of its secret stored.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { SESSION_TTL_MS, newSessionToken } from './session-token.js';

export async function createSession(db: Db, clock: Clock, tenantId: number, userId: number): Promise<{ token: string; expiresAt: number }> {
  const { id, token, secretHash } = newSessionToken();
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, tenant_id: tenantId, secret_hash: secretHash, created_at: now, last_seen_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  return { token, expiresAt: now + SESSION_TTL_MS };
}
