// What a login needs: the user by email (one indexed lookup) and the store a new session opens on.
import type { Db } from '../lib/db/db.js';
import { normaliseEmail } from './passwords.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export async function findUserByEmail(db: Db, email: string): Promise<{ id: number; email: string; passwordHash: string | null } | null> {
  const row = await db.selectFrom('users').select(['id', 'email', 'password_hash']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  return row ? { id: Number(row.id), email: row.email, passwordHash: row.password_hash } : null;
}

/** The store a login opens: the user's first store (lowest id), or null when they belong to none. */
export async function firstStoreOf(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('memberships').select('tenant_id').where('user_id', '=', userId).orderBy('tenant_id').limit(fixedLimit(1)).executeTakeFirst();
  return row ? Number(row.tenant_id) : null;
}

/** The user of a session, for a password entered again (sensitive settings, a change of one's own). */
export async function findUserById(db: Db, userId: number): Promise<{ id: number; email: string; passwordHash: string | null } | null> {
  const row = await db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  return row ? { id: Number(row.id), email: row.email, passwordHash: row.password_hash } : null;
}
