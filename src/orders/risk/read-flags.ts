// The flags of some orders as the dashboard shows them (the list's page, an order's page): one
// read by the flags' primary key (tenant_id, order_id, flag), dismissed ones too (greyed), and
// the names of who dismissed them.
import type { Db } from '../../lib/db/db.js';
import { formatTimestamp } from '../../lib/time.js';
import { memberNames } from '../core/member-actor.js';
import type { Flag } from './flags.js';

export interface OrderFlagView {
  flag: Flag;
  reason: string;
  related_order_id: number | null;
  created_at: string;
  dismissed_at: string | null;
  dismissed_by: { id: number; name: string } | null;
}

export async function readOrderFlags(db: Db, tenantId: number, orderIds: readonly number[], timeZone: string): Promise<Map<number, OrderFlagView[]>> {
  const byOrder = new Map<number, OrderFlagView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_flags')
    .select(['order_id', 'flag', 'reason', 'related_order_id', 'created_at', 'dismissed_at', 'dismissed_by'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', [...new Set(orderIds)])
    .orderBy('order_id')
    .orderBy('flag')
    .execute();
  const names = await memberNames(db, rows.flatMap((r) => (r.dismissed_by === null ? [] : [Number(r.dismissed_by)])));
  for (const r of rows) {
    const list = byOrder.get(Number(r.order_id)) ?? [];
    const by = r.dismissed_by === null ? null : Number(r.dismissed_by);
    list.push({
      flag: r.flag as Flag,
      reason: r.reason,
      related_order_id: r.related_order_id === null ? null : Number(r.related_order_id),
      created_at: formatTimestamp(Number(r.created_at), timeZone),
      dismissed_at: r.dismissed_at === null ? null : formatTimestamp(Number(r.dismissed_at), timeZone),
      dismissed_by: by === null ? null : { id: by, name: names.get(by) ?? '' },
    });
    byOrder.set(Number(r.order_id), list);
  }
  return byOrder;
}
