// Claims due deliveries for one dispatcher with a lease: an atomic UPDATE sets
// locked_until and a fresh lease token on rows nobody holds. A dispatcher that dies
// mid-send simply lets its lease expire, and the delivery is claimed again. On PostgreSQL
// FOR UPDATE SKIP LOCKED lets several dispatchers claim side by side without waiting for
// or taking each other's rows. Like housekeeping, the claim scans every store's due
// deliveries by design; every query about one delivery then carries its tenant_id.
import { randomBytes } from 'node:crypto';
import type { Db, DialectName } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import type { StoredSecret } from '../lib/secrets/sealer.js';
import { storedWebhookSecret } from './sealed-secret.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { PENDING } from '../lib/db/pending-delivery.js';

export const LEASE_MS = 60_000;

export interface ClaimedDelivery {
  id: number;
  tenantId: number;
  eventId: number;
  endpointId: number;
  attempts: number;
  leaseToken: string;
  url: string;
  /** Sealed; the dispatcher opens it to sign. */
  secret: StoredSecret;
  /** The secret a rotation replaced, while it still signs (webhooks/rotate-secret.ts). */
  previousSecret: StoredSecret | null;
  eventType: string;
  eventPayload: string;
  eventCreatedAt: number;
  /** false when the endpoint was disabled or removed after the delivery was queued. */
  endpointActive: boolean;
}

/**
 * The deliveries a dispatcher may send now, oldest due first: due, held by no live lease,
 * and the oldest pending delivery of their (endpoint, order).
 */
function claimable(db: Db, now: number) {
  return (
    db
      .selectFrom('webhook_deliveries as d')
      .select('d.id')
      .where('d.status', '=', PENDING)
      .where('d.next_attempt_at', '<=', now)
      .where((w) => w.or([w('d.locked_until', 'is', null), w('d.locked_until', '<=', now)]))
      // Events of one order reach an endpoint in order: only the oldest pending delivery
      // of each (endpoint, order) is ever due; later ones wait until it is settled.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as earlier')
              .select('earlier.id')
              .where('earlier.status', '=', PENDING)
              .whereRef('earlier.tenant_id', '=', 'd.tenant_id')
              .whereRef('earlier.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('earlier.order_id', '=', 'd.order_id')
              .whereRef('earlier.event_id', '<', 'd.event_id'),
          ),
        ),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
  );
}

// The check every poll runs, idle or not: prepared (compiled once, and on SQLite run without
// Kysely's promise hops), since building the query each poll cost an idle server about 4 %
// of a CPU (issue 13).
const firstDue = prepareQuery((db: Db, a: { now: number }) => claimable(db, a.now).limit(fixedLimit(1)));

export async function claimDeliveries(db: Db, dialect: DialectName, now: number, limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  // A read of the same condition first, so a dispatcher with nothing to claim (idle, or
  // only leased or held-back deliveries) does not run a write statement every poll.
  const due = await firstDue.first(db, { now });
  if (!due) return [];
  const leaseToken = randomBytes(12).toString('hex');
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: now + LEASE_MS, lease_token: leaseToken })
    .where(
      'id',
      'in',
      claimable(db, now)
        .limit(fixedLimit(limit))
        .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];

  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (j) => j.onRef('e.id', '=', 'd.event_id').onRef('e.tenant_id', '=', 'd.tenant_id'))
    .innerJoin('webhook_endpoints as w', (j) => j.onRef('w.id', '=', 'd.endpoint_id').onRef('w.tenant_id', '=', 'd.tenant_id'))
    .select([
      'd.id',
      'd.tenant_id',
      'd.event_id',
      'd.endpoint_id',
      'd.attempts',
      'w.url',
      'w.secret',
      'w.previous_secret',
      'w.previous_secret_until',
      'w.enabled',
      'w.removed_at',
      'e.type',
      'e.payload',
      'e.created_at',
    ])
    .where(
      'd.id',
      'in',
      claimed.map((c) => c.id),
    )
    .where('d.lease_token', '=', leaseToken)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    attempts: r.attempts,
    leaseToken,
    url: r.url,
    secret: storedWebhookSecret(r.tenant_id, r.secret),
    previousSecret:
      r.previous_secret !== null && r.previous_secret_until !== null && r.previous_secret_until > now ? storedWebhookSecret(r.tenant_id, r.previous_secret) : null,
    eventType: r.type,
    eventPayload: r.payload,
    eventCreatedAt: r.created_at,
    endpointActive: r.enabled === 1 && r.removed_at === null,
  }));
}
