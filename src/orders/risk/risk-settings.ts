// The burst rule's thresholds (issue 43 §1): orders from one phone, and form orders from one IP,
// within an hour before the next is flagged `burst`. On the store's row (migration 037).
import type { Db } from '../../lib/db/db.js';

export interface RiskSettings {
  burst_phone_limit: number;
  burst_ip_limit: number;
}

export async function readRiskSettings(db: Db, tenantId: number): Promise<RiskSettings> {
  const row = await db.selectFrom('tenants').select(['burst_phone_limit', 'burst_ip_limit']).where('id', '=', tenantId).executeTakeFirstOrThrow();
  return { burst_phone_limit: Number(row.burst_phone_limit), burst_ip_limit: Number(row.burst_ip_limit) };
}

export async function saveRiskSettings(db: Db, tenantId: number, settings: RiskSettings): Promise<RiskSettings> {
  await db.updateTable('tenants').set({ burst_phone_limit: settings.burst_phone_limit, burst_ip_limit: settings.burst_ip_limit }).where('id', '=', tenantId).execute();
  return readRiskSettings(db, tenantId);
}
