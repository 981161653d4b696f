import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { formatTimestamp } from '../lib/time.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { webhookSecretBinding } from './sealed-secret.js';
import { generateSecret } from './sign/headers.js';

/** How long the replaced secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export type RotateSecretCode = 'endpoint_not_found';

/**
 * A new signing secret, returned here and never again. For 24 hours deliveries carry two
 * signatures, the new secret's and the replaced one's, so the receiver can switch at its own
 * pace. Rotating again within those hours replaces the older pair's old secret: only the
 * secret being replaced keeps signing. One UPDATE: SET reads the row's values before it.
 * The sealed secret moves to previous_secret as it is (both columns share one binding).
 */
export async function rotateSecret(
  db: Db,
  clock: Clock,
  sealer: Sealer,
  tenantId: number,
  endpointId: number,
  timeZone: string,
): Promise<Outcome<{ id: number; secret: string; previous_secret_expires_at: string }, RotateSecretCode>> {
  const secret = generateSecret();
  const until = clock.now() + PREVIOUS_SECRET_MS;
  const updated = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ secret: sealer.seal(secret, webhookSecretBinding(tenantId)), previous_secret: eb.ref('secret'), previous_secret_until: until }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return refuse('endpoint_not_found', `endpoint ${endpointId} not found`);
  return succeed({ id: endpointId, secret, previous_secret_expires_at: formatTimestamp(until, timeZone) });
}
