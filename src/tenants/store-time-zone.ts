// A store's time zone (013, chosen on the settings page or with `lapak store settings`): an
// IANA name the runtime knows (Asia/Jakarta, Asia/Makassar, ...), stored in its canonical
// spelling; null: the server's. Offsets ("+07:00") and abbreviations ("WIB") are refused: an
// IANA zone follows its own rules over the years, an offset does not. For what a person reads
// or types as a date; SPEC's timestamps stay in the server's zone.
import type { Db } from '../lib/db/db.js';

const ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** The canonical IANA name of `value`, or null when it is not one. */
export function parseTimeZone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || !/^[A-Za-z]/.test(trimmed)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return ZONES.has(resolved) ? resolved : null;
}

export async function storeTimeZone(db: Db, tenantId: number, serverTimeZone: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirst();
  return row?.time_zone ?? serverTimeZone;
}
