// The checklist's "copy the snippet" step: the web app tells the server when the seller copied
// a product's embed snippet. The first copy's time is kept.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export async function recordSnippetCopy(db: Db, clock: Clock, tenantId: number): Promise<Outcome<null, 'tenant_not_found'>> {
  const result = await db
    .updateTable('tenants')
    .set((eb) => ({ snippet_copied_at: eb.fn.coalesce('snippet_copied_at', eb.val(clock.now())) }))
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? succeed(null) : refuse('tenant_not_found', `tenant ${tenantId} not found`);
}
