import { countPendingEvents } from '../events/fan-out-events.js';
import type { Db } from '../lib/db/db.js';
import type { OutboxDepth } from '../lib/metrics.js';
import { countPendingDeliveries } from '../webhooks/count-pending-deliveries.js';

/** The outbox gauge of GET /metrics: lib/metrics.ts asks, the folders that own the tables count. */
export const outboxDepth =
  (db: Db): OutboxDepth =>
  async () => {
    const [events, deliveries] = await Promise.all([countPendingEvents(db), countPendingDeliveries(db)]);
    return { events, deliveries };
  };
