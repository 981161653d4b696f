import type { Db } from '../../lib/db/db.js';
import { formatTimestamp } from '../../lib/time.js';

export async function orderHistory(db: Db, tenantId: number, orderId: number, timeZone: string) {
  const rows = await db
    .selectFrom('order_history')
    .select(['id', 'source', 'actor', 'actor_user_id', 'field', 'old_value', 'new_value', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, created_at: formatTimestamp(r.created_at, timeZone) }));
}
