// A form order's buyer IP, kept only as a keyed hash (lib/secrets/sealer.ts `digest`) in a table of
// its own for the burst rule per IP (assess-order.ts), and deleted after 30 days by the
// housekeeping worker (src/ops/housekeeping.ts).
import type { Db } from '../../lib/db/db.js';

export const IP_HASH_RETENTION_MS = 30 * 24 * 3_600_000;

/** Deletes the hashes older than the retention; how many. */
export async function purgeIpHashes(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('order_ip_hashes').where('created_at', '<', now - IP_HASH_RETENTION_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
