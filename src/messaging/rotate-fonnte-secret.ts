// POST /dashboard/api/messaging/fonnte-secret (issue 42 §3): a new secret for the store's Fonnte
// webhook. The old address stops at once (404); the owner sets the new one in Fonnte. A store
// that never saved its messaging settings gets its row, with the defaults.
import type { Db } from '../lib/db/db.js';
import { DEFAULT_QUIET_HOURS } from './automation.js';
import { newFonnteSecret } from './save-automation.js';

export async function rotateFonnteSecret(db: Db, tenantId: number, now: number): Promise<string> {
  const secret = newFonnteSecret();
  await db
    .insertInto('messaging_settings')
    .values({ tenant_id: tenantId, provider: null, quiet_start: DEFAULT_QUIET_HOURS.start, quiet_end: DEFAULT_QUIET_HOURS.end, fonnte_secret: secret, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ fonnte_secret: secret, updated_at: now }))
    .execute();
  return secret;
}
