import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';

/** Irreversible; effective on the next request. Returns false when no active key has that id. */
export async function revokeKey(db: Db, clock: Clock, keyId: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: clock.now() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
