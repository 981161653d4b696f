import { sql } from 'kysely';
import type { Db } from '../lib/db/db.js';
import { PENDING } from '../lib/db/pending-delivery.js';

/** Deliveries waiting to be sent or retried, of every store (GET /metrics). */
export async function countPendingDeliveries(db: Db): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select(sql<number>`count(*)`.as('n')).where('status', '=', PENDING).executeTakeFirstOrThrow();
  return Number(row.n);
}
