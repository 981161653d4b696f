import type { Db } from '../lib/db/db.js';
import { formatTimestamp } from '../lib/time.js';

export interface KeyListing {
  id: number;
  marker: string;
  name: string;
  scopes: string[];
  /** The dashboard purpose; null for keys issued with the CLI. */
  purpose: string | null;
  expires_at: string | null;
  revoked: boolean;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

/** The dashboard's key list: never the key itself or its hash, only its marker. */
export async function listKeys(db: Db, tenantId: number, timeZone: string): Promise<KeyListing[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'marker', 'name', 'scopes', 'purpose', 'expires_at', 'revoked_at', 'last_used_at', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  const time = (ms: number | null) => (ms === null ? null : formatTimestamp(ms, timeZone));
  return rows.map((r) => ({
    id: r.id,
    marker: r.marker,
    name: r.name,
    scopes: JSON.parse(r.scopes) as string[],
    purpose: r.purpose,
    expires_at: time(r.expires_at),
    revoked: r.revoked_at !== null,
    revoked_at: time(r.revoked_at),
    last_used_at: time(r.last_used_at),
    created_at: formatTimestamp(r.created_at, timeZone),
  }));
}
