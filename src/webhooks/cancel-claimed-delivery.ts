import type { Db } from '../lib/db/db.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import { cancelledDelivery } from './cancel-queued-deliveries.js';

/**
 * Settles a claimed delivery whose endpoint was disabled or removed after it was queued,
 * without sending it. Only while the claim's lease is still this dispatcher's.
 */
export async function cancelClaimedDelivery(db: Db, delivery: ClaimedDelivery, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set(cancelledDelivery('endpoint disabled or removed', now))
    .where('tenant_id', '=', delivery.tenantId)
    .where('id', '=', delivery.id)
    .where('lease_token', '=', delivery.leaseToken)
    .execute();
}
