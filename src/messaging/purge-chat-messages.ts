// What buyers wrote is kept 90 days (issue 42 §2): housekeeping deletes older incoming messages,
// at most PURGE_BATCH a run. The store's own answers stay with their order.
import type { Db } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export const INCOMING_RETENTION_MS = 90 * 24 * 3_600_000;
const PURGE_BATCH = 5_000;

export async function purgeIncomingMessages(db: Db, now: number): Promise<number> {
  const old = db.selectFrom('chat_messages').select('id').where('created_at', '<', now - INCOMING_RETENTION_MS).where('direction', '=', 'in').limit(fixedLimit(PURGE_BATCH));
  const result = await db.deleteFrom('chat_messages').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
