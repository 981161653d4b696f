import type { AppContext } from '../context.js';
import type { Db } from '../lib/db/db.js';
import { createSession } from './create-session.js';
import { sessionCookie } from './session-cookie.js';

/**
 * A fresh session (a new token on every login: no fixation) and its cookie; `db` is the write
 * transaction that created the user or membership, so neither stays behind without the other.
 */
export async function startSession(ctx: AppContext, db: Db, tenantId: number, userId: number): Promise<string> {
  const { token } = await createSession(db, ctx.clock, tenantId, userId);
  return sessionCookie(ctx.config.publicUrl, token);
}
