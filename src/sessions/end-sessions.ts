// Ending sessions: the row goes, so the next request of that cookie, in any process, is 401.
import type { Db } from '../lib/db/db.js';

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Every session of the user (a password change or reset, a role change, a removal). */
export async function endUserSessions(db: Db, userId: number, exceptSessionId: string | null = null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== null) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Moves the session to another store of the user; false when the user is not a member of it. */
export async function selectStore(db: Db, tenantId: number, sessionId: string, userId: number): Promise<boolean> {
  const member = await db.selectFrom('memberships').select('role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (!member) return false;
  await db.updateTable('sessions').set({ tenant_id: tenantId }).where('id', '=', sessionId).where('user_id', '=', userId).execute();
  return true;
}
