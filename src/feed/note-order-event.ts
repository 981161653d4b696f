// A feed row for something that happened to an order without changing what the feed watches
// (issue 42 §4: the buyer's reply, for the live list): the order's values on both sides, so the
// counts and the planner fold nothing from it, and its `source` says what it was. Written in the
// transaction of what happened, as the triggers write theirs.
import { sql } from 'kysely';
import type { Tx } from '../lib/db/db.js';

/** What an order's side in the feed is made of: the feed's column and the orders column. */
const SIDE = [
  ['status', 'status'],
  ['created_at', 'created_at'],
  ['product_id', 'product_id'],
  ['assigned_user_id', 'assigned_user_id'],
  ['payment_method', 'payment_method'],
  ['courier', 'courier'],
  ['province', 'customer_province'],
  ['utm_source', 'utm_source'],
  ['utm_campaign', 'utm_campaign'],
  ['follow_up_count', 'follow_up_count'],
] as const;

/** The feed's `source` of a buyer's reply. */
export const BUYER_REPLY_SOURCE = 'buyer_reply';

export async function noteOrderEvent(tx: Tx, tenantId: number, orderId: number, source: string, at: number): Promise<void> {
  const columns = ['tenant_id', 'order_id', 'at', 'source', ...SIDE.flatMap(([name]) => [`old_${name}`, `new_${name}`])];
  const values = SIDE.flatMap(([, column]) => [sql.ref(`orders.${column}`), sql.ref(`orders.${column}`)]);
  await sql`insert into order_feed (${sql.join(columns.map((c) => sql.id(c)))})
    select orders.tenant_id, orders.id, ${at}, ${source}, ${sql.join(values)} from orders where orders.tenant_id = ${tenantId} and orders.id = ${orderId}`.execute(tx);
}
