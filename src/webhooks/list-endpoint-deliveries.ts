import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { listDeliveries, type DeliveryListing } from './list-deliveries.js';

/**
 * One endpoint's deliveries, newest first, each with every attempt (as `lapak webhook
 * deliveries` lists them). A removed endpoint keeps its log; another store's is not found.
 */
export async function listEndpointDeliveries(db: Db, tenantId: number, endpointId: number, timeZone: string): Promise<Outcome<DeliveryListing[], 'endpoint_not_found'>> {
  const endpoint = await db.selectFrom('webhook_endpoints').select('id').where('tenant_id', '=', tenantId).where('id', '=', endpointId).executeTakeFirst();
  if (!endpoint) return refuse('endpoint_not_found', `endpoint ${endpointId} not found`);
  return succeed(await listDeliveries(db, tenantId, { endpointId }, timeZone));
}
