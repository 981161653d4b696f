import type { Db } from '../lib/db/db.js';
import { formatTimestamp } from '../lib/time.js';

export interface EndpointListing {
  id: number;
  url: string;
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
}

/** A store's endpoints, never their secrets; removed endpoints are left out. */
export async function listEndpoints(db: Db, tenantId: number, timeZone: string): Promise<EndpointListing[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'description', 'enabled', 'disabled_reason', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    description: r.description,
    enabled: r.enabled === 1,
    disabled_reason: r.disabled_reason,
    created_at: formatTimestamp(r.created_at, timeZone),
  }));
}
