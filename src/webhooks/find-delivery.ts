// One delivery of the store's log with the body it sends (GET /dashboard/api/webhooks/deliveries/{id}).
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { listDeliveries, type DeliveryListing } from './list-deliveries.js';
import { buildWebhookBody } from './sign/payload.js';

export interface DeliveryDetail extends DeliveryListing {
  /**
   * The body every attempt sends and signs: built from the outbox row by the dispatcher's own
   * function, with the server's time zone (TZ) the dispatcher uses too, so the same bytes.
   */
  payload: string;
}

/** The delivery with its event's body; another store's delivery is not found. */
export async function findDelivery(db: Db, tenantId: number, deliveryId: number, timeZone: string): Promise<Outcome<DeliveryDetail, 'delivery_not_found'>> {
  const [delivery] = await listDeliveries(db, tenantId, { deliveryId }, timeZone);
  if (!delivery) return refuse('delivery_not_found', `delivery ${deliveryId} not found`);
  const event = await db
    .selectFrom('events')
    .select(['id', 'type', 'payload', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', delivery.event_id)
    .executeTakeFirstOrThrow();
  return succeed({ ...delivery, payload: buildWebhookBody(event, timeZone) });
}
