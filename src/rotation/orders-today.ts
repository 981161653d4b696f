// Each rotation member's orders of today (the rotation page, issue 40 §4): how many of the orders
// created since the store's midnight (its time zone) are assigned to them now, so the owner sees
// how the day's orders were shared out. One grouped count over the index (tenant_id,
// assigned_user_id, created_at, id) of migration 019: a range per member, no order row read.
import type { Db } from '../lib/db/db.js';
import { startOfDay } from '../lib/time.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import type { RotationView } from './rotation-settings.js';

export type RotationWithToday = Omit<RotationView, 'members'> & { members: Array<RotationView['members'][number] & { orders_today: number }> };

export async function withOrdersToday(db: Db, tenantId: number, view: RotationView, now: number, serverTimeZone: string): Promise<RotationWithToday> {
  const ids = view.members.map((member) => member.user_id);
  const counts = new Map<number, number>();
  if (ids.length > 0) {
    const since = startOfDay(now, await storeTimeZone(db, tenantId, serverTimeZone));
    const rows = await db
      .selectFrom('orders')
      .select(['assigned_user_id', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('assigned_user_id', 'in', ids)
      .where('created_at', '>=', since)
      .groupBy('assigned_user_id')
      .execute();
    for (const row of rows) counts.set(Number(row.assigned_user_id), Number(row.n));
  }
  return { ...view, members: view.members.map((member) => ({ ...member, orders_today: counts.get(member.user_id) ?? 0 })) };
}
