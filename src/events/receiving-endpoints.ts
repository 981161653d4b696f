// An endpoint that receives its store's events: enabled and not removed (docs/webhooks.md). The
// fan-out queues a delivery for each; an event of a store with none is written already fanned out;
// only a delivery of such an endpoint may be sent again (webhooks/redeliver.ts).
import { sql, type RawBuilder } from 'kysely';

/** The condition on the endpoint row `alias` (webhook_endpoints) that it receives events. */
export const receivesEvents = (alias: string): RawBuilder<boolean> => sql<boolean>`${sql.ref(`${alias}.enabled`)} = 1 and ${sql.ref(`${alias}.removed_at`)} is null`;
