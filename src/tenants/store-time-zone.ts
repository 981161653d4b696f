// The zone a store reads its dates in (013, chosen on the settings page), else the server's.
// For what a person reads or types as a date; SPEC's timestamps stay in the server's zone.
import type { Db } from '../lib/db/db.js';

export async function storeTimeZone(db: Db, tenantId: number, serverTimeZone: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirst();
  return row?.time_zone ?? serverTimeZone;
}
