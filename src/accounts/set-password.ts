import type { Tx } from '../lib/db/db.js';

/** Sets the user's password hash; the caller ends the user's sessions in the same transaction. */
export async function setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
