import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export type RevokeKeyCode = 'key_not_found';

/**
 * Irreversible; effective on the next request. Refused when the store has no active key
 * with that id: another store's key is not found, and stays as it is.
 */
export async function revokeKey(db: Db, clock: Clock, tenantId: number, keyId: number): Promise<Outcome<{ id: number; revoked: true }, RevokeKeyCode>> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: clock.now(), active_name: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return refuse('key_not_found', `no active key ${keyId}`);
  return succeed({ id: keyId, revoked: true });
}
