// Sign-up: a new store and its owner, in the caller's write transaction. The email's unique
// constraint decides a race between two sign-ups (INSERT ... ON CONFLICT DO NOTHING), and
// that insert comes first, so a refusal has written nothing.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { createStore } from './create-store.js';
import { normaliseEmail } from './passwords.js';

export interface NewOwner {
  storeName: string;
  name: string;
  email: string;
  passwordHash: string | null;
}

export type SignUpCode = 'email_taken' | 'invalid_name';

/** Inserts the user unless the email is taken; null when it is. */
export async function insertUser(tx: Tx, clock: Clock, user: { name: string; email: string; passwordHash: string | null }): Promise<number | null> {
  const row = await tx
    .insertInto('users')
    .values({ email: normaliseEmail(user.email), name: user.name.trim(), password_hash: user.passwordHash, created_at: clock.now() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function signUp(tx: Tx, clock: Clock, input: NewOwner): Promise<Outcome<{ userId: number; tenantId: number }, SignUpCode>> {
  if (input.storeName.trim() === '' || input.name.trim() === '') return refuse('invalid_name', 'store name and name must not be empty');
  const userId = await insertUser(tx, clock, input);
  if (userId === null) return refuse('email_taken', 'a user with this email exists');
  // The store and its owner's membership, as a second store is made (create-store.ts).
  const store = await createStore(tx, clock, userId, input.storeName);
  if (!store.ok) return store;
  return succeed({ userId, tenantId: store.value.tenantId });
}
