// One order as its page shows it (GET /dashboard/api/orders/{id}, issue 32 §2): everything the
// order holds, the gateway's reference, who it is assigned to, the courier's tracking link, the
// moves this member may make, its history newest first and its internal notes. Three indexed
// reads: the order by its key (with its assignee and its gateway charge), its history and its
// notes by (tenant_id, order_id, id). An order outside the member's scope is not found, as
// another store's is. Times are instants in the server's TZ, as every timestamp of the
// dashboard's JSON (docs/decisions.md); the page shows them in the store's zone.
import type { Db } from '../../../lib/db/db.js';
import { parseStringRecord } from '../../../lib/json.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { formatTimestamp } from '../../../lib/time.js';
import { customerBlock, type Customer } from '../../core/order-record.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';
import { movesFrom, type MoveNeed, type Mover } from '../../core/status-moves.js';
import type { OrderStatus } from '../../core/statuses.js';
import { trackingUrl } from '../../core/tracking-links.js';
import { stepsFor, type FollowUpStep } from '../../../templates/follow-up-steps.js';
import { readOrderFlags, type OrderFlagView } from '../../risk/read-flags.js';
import { isPhoneBlocked } from '../../risk/blocked-phones.js';

export interface HistoryEntry {
  created_at: string;
  /** events/sources.ts; null only on the entry made up for an order older than its `created` entry. */
  source: string | null;
  actor: string | null;
  actor_user_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  /** True on the one entry not read from the history: the creation of an order placed before orders wrote theirs, from its created_at. */
  synthesized: boolean;
}

export interface OrderNote {
  id: number;
  text: string;
  author: { id: number; name: string };
  created_at: string;
}

export interface OrderPage {
  id: number;
  status: string;
  created_at: string;
  updated_at: string;
  /** events/sources.ts; null for orders placed before it was recorded. */
  source: string | null;
  product_id: number;
  product: string;
  variant: string;
  quantity: number;
  unit_price: number;
  shipping_fee: number;
  unique_code: number | null;
  total: number;
  payment_method: string;
  /** The gateway's charge: its name and reference (Snap token, Xendit invoice id); null without one. */
  payment_gateway: { gateway: string; reference: string } | null;
  courier: string;
  resi: string | null;
  tracking_url: string | null;
  customer: Customer;
  ad_params: Record<string, string>;
  utm_source: string | null;
  utm_campaign: string | null;
  assigned_to: { id: number; name: string } | null;
  /** The moves this member may make now (status-moves.ts), and what each needs. */
  moves: Array<{ status: OrderStatus; needs: MoveNeed | null }>;
  /** The follow-up presses so far (025's columns), and the steps that fit the order now. */
  follow_ups: { count: number; last_step: string | null; last_at: string | null; steps: FollowUpStep[] };
  /** The order's flags, dismissed ones too (issue 43). */
  flags: OrderFlagView[];
  spam: boolean;
  /** The buyer's phone is on the store's blocked list. */
  phone_blocked: boolean;
  /** Newest first. */
  history: HistoryEntry[];
  /** Newest first. */
  notes: OrderNote[];
}

/** The page, or order_not_found: no such order in the store, or one outside the member's scope. */
export async function readOrderPage(
  db: Db,
  tenantId: number,
  orderId: number,
  scope: OrderScope,
  mover: Mover,
  serverTimeZone: string,
): Promise<Outcome<OrderPage, 'order_not_found'>> {
  const order = await inScope(
    db
      .selectFrom('orders')
      .leftJoin('users as assignee', 'assignee.id', 'orders.assigned_user_id')
      .leftJoin('payment_charges as charge', (join) => join.onRef('charge.tenant_id', '=', 'orders.tenant_id').onRef('charge.order_id', '=', 'orders.id'))
      .selectAll('orders')
      .select(['assignee.name as assignee_name', 'assignee.email as assignee_email', 'charge.gateway', 'charge.reference'])
      .where('orders.tenant_id', '=', tenantId)
      .where('orders.id', '=', orderId),
    scope,
  ).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const [history, notes, flags, blocked] = await Promise.all([
    db
      .selectFrom('order_history')
      .select(['source', 'actor', 'actor_user_id', 'field', 'old_value', 'new_value', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('order_notes')
      .innerJoin('users', 'users.id', 'order_notes.user_id')
      .select(['order_notes.id', 'order_notes.text', 'order_notes.user_id', 'order_notes.created_at', 'users.name', 'users.email'])
      .where('order_notes.tenant_id', '=', tenantId)
      .where('order_notes.order_id', '=', orderId)
      .orderBy('order_notes.id', 'desc')
      .execute(),
    readOrderFlags(db, tenantId, [orderId], serverTimeZone),
    isPhoneBlocked(db, tenantId, order.customer_phone),
  ]);
  const at = (ms: number) => formatTimestamp(Number(ms), serverTimeZone);
  const entries: HistoryEntry[] = history.map((h) => ({
    created_at: at(h.created_at),
    source: h.source,
    actor: h.actor,
    actor_user_id: h.actor_user_id === null ? null : Number(h.actor_user_id),
    field: h.field,
    old_value: h.old_value,
    new_value: h.new_value,
    synthesized: false,
  }));
  // Orders placed before orders wrote a `created` entry still show when they were placed: an
  // entry made up from created_at, at the end (the oldest), marked, with no source or actor
  // (neither was recorded) and no status (the first one is not known).
  if (!history.some((h) => h.field === 'created')) {
    entries.push({ created_at: at(order.created_at), source: null, actor: null, actor_user_id: null, field: 'created', old_value: null, new_value: null, synthesized: true });
  }
  return succeed({
    id: Number(order.id),
    status: order.status,
    created_at: at(order.created_at),
    updated_at: at(order.updated_at),
    source: order.source,
    product_id: Number(order.product_id),
    product: order.product_name,
    variant: order.variant,
    quantity: Number(order.quantity),
    unit_price: Number(order.unit_price),
    shipping_fee: Number(order.shipping_fee),
    unique_code: order.unique_code === null ? null : Number(order.unique_code),
    total: Number(order.total),
    payment_method: order.payment_method,
    payment_gateway: order.gateway && order.reference ? { gateway: order.gateway, reference: order.reference } : null,
    courier: order.courier,
    resi: order.resi,
    tracking_url: trackingUrl(order.courier, order.resi),
    customer: customerBlock(order),
    ad_params: parseStringRecord(order.ad_params),
    utm_source: order.utm_source,
    utm_campaign: order.utm_campaign,
    assigned_to: order.assigned_user_id === null ? null : { id: Number(order.assigned_user_id), name: order.assignee_name?.trim() || order.assignee_email || '' },
    moves: movesFrom(order.status, mover, { paymentMethod: order.payment_method }).map((m) => ({ status: m.to, needs: m.needs })),
    follow_ups: {
      count: Number(order.follow_up_count),
      last_step: order.follow_up_last_step,
      last_automatic: Number(order.follow_up_last_automatic) === 1,
      last_at: order.follow_up_last_at === null ? null : at(order.follow_up_last_at),
      steps: [...stepsFor(order.status)],
    },
    flags: flags.get(orderId) ?? [],
    spam: Number(order.spam) === 1,
    phone_blocked: blocked,
    history: entries,
    notes: notes.map((n): OrderNote => ({ id: Number(n.id), text: n.text, author: { id: Number(n.user_id), name: n.name.trim() || n.email }, created_at: at(n.created_at) })),
  });
}
