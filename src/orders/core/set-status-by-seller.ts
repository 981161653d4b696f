// A seller's status change (the CLI now, the dashboard later): any of the seven states, with
// its event and history entry, in the caller's transaction (the server's write transaction,
// so it shares group commit like PATCH; the CLI opens its own). The history and the event
// name the same source (events/sources.ts): `cli` from the CLI, `dashboard` from a member.
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import { recordStatusChange, type ChangeSettings } from './record-status-change.js';
import { isOrderStatus } from './statuses.js';
import type { ChangeSource } from '../../events/sources.js';

export interface SellerChange {
  order_id: number;
  previous_status: string;
  status: string;
  changed: boolean;
}

export type SellerChangeCode = 'invalid_status' | 'order_not_found' | 'update_conflict';

/** Who changes it: the CLI (`{source: 'cli', actor: 'cli'}`), or a member with their user id. */
export type SellerActor = { source: Extract<ChangeSource, 'cli'>; actor: string } | { source: Extract<ChangeSource, 'dashboard'>; actor: string; actorUserId: number };

export async function setStatusBySeller(
  tx: Tx,
  deps: { clock: Clock; config: ChangeSettings },
  tenantId: number,
  orderId: number,
  status: string,
  by: SellerActor,
): Promise<Outcome<SellerChange, SellerChangeCode>> {
  if (!isOrderStatus(status)) return refuse('invalid_status', `unknown status "${status}"`);
  const order = await tx
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  if (order.status === status) return succeed({ order_id: orderId, previous_status: status, status, changed: false });
  const changed = await recordStatusChange(
    tx,
    { tenantId, orderId, from: order.status, to: status, now: deps.clock.now(), ...by },
    deps.config,
  );
  // Nothing was written: the conditional update found the order in another status.
  if (!changed) return refuse('update_conflict', 'the order changed meanwhile; try again');
  return succeed({ order_id: orderId, previous_status: order.status, status, changed: true });
}
