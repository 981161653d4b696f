// The orders list of the dashboard (issue 32 §1, §5): the store's orders within the member's
// scope, newest first, a page at a time by keyset (lib/db/keyset.ts: no OFFSET), under a tab
// (one status) and the shared filters (order-filters.ts).
import { isPostgres, type Db } from '../../../lib/db/db.js';
import { keysetPage, pageOf, type Position } from '../../../lib/db/keyset.js';
import { formatTimestamp } from '../../../lib/time.js';
import { filteredOrders, searchPlanFor, type OrderFilters, type SearchPlan } from './order-filters.js';
import { newestMatches, type OrderColumn } from './name-search.js';
import { memberNames } from '../../core/member-actor.js';
import type { OrderScope } from '../../core/order-scope.js';
import type { OrderStatus } from '../../core/statuses.js';
import { stepsFor, type FollowUpStep } from '../../../templates/follow-up-steps.js';
import { readOrderFlags, type OrderFlagView } from '../../risk/read-flags.js';

export interface ListedOrder {
  id: number;
  created_at: string;
  status: string;
  customer_name: string;
  customer_phone: string;
  product: string;
  variant: string;
  quantity: number;
  total: number;
  payment_method: string;
  courier: string;
  resi: string | null;
  assigned_to: { id: number; name: string } | null;
  /** 025's columns of the order row (no join, no aggregate), and the steps that fit its status. */
  follow_ups: { count: number; last_step: string | null; last_automatic: boolean; last_at: string | null; steps: FollowUpStep[] };
  /** When the order's next automated message is due (its earliest planned or waiting one), or null. */
  next_message_at: string | null;
  /** "Balasan baru" (issue 42): when the buyer's unanswered reply came in, or null. */
  buyer_reply_at: string | null;
  /** The buyer's phone is on the store's opt-out list. */
  opted_out: boolean;
  /** The order's flags, dismissed ones too (issue 43). */
  flags: OrderFlagView[];
  spam: boolean;
}

export interface OrderPage {
  orders: ListedOrder[];
  next_cursor: string | null;
}

export interface ListOrdersInput {
  status: OrderStatus | null;
  filters: OrderFilters;
  /** The position of the previous page's last order (its cursor), or null for the first page. */
  after: Position | null;
  limit: number;
}

const LISTED_COLUMNS = [
  'orders.id',
  'orders.created_at',
  'orders.status',
  'orders.customer_name',
  'orders.customer_phone',
  'orders.product_name',
  'orders.variant',
  'orders.quantity',
  'orders.total',
  'orders.payment_method',
  'orders.courier',
  'orders.resi',
  'orders.assigned_user_id',
  'orders.follow_up_count',
  'orders.follow_up_last_step',
  'orders.follow_up_last_automatic',
  'orders.follow_up_last_at',
  'orders.buyer_reply_at',
  'orders.flags',
  'orders.spam',
] as const satisfies readonly OrderColumn[];

/** How many orders a name search walks before it reads the name's matches instead (name-search.ts). */
export const LIST_WALK_WINDOW = 5_000;

/** The page's query (one more row than the limit: pageOf), apart so that its plan can be tested. */
export function listOrdersQuery(db: Db, tenantId: number, scope: OrderScope, input: ListOrdersInput, plan: SearchPlan) {
  const { status } = input;
  const filtered = filteredOrders(db, tenantId, scope, input.filters, plan);
  return keysetPage(status === null ? filtered : filtered.where('orders.status', '=', status), { key: 'orders.created_at', id: 'orders.id' }, input.after, input.limit)
    .select(LISTED_COLUMNS);
}

export async function listOrders(db: Db, tenantId: number, scope: OrderScope, input: ListOrdersInput, timeZone: string): Promise<OrderPage> {
  // A name search with many matches walks the newest orders (name-search.ts), PostgreSQL's
  // always (its planner cannot tell); SQLite reads a rare name's few matches and sorts them.
  const plan = await searchPlanFor(db, input.filters);
  const rows = (
    input.filters.search?.name && (isPostgres(db) || plan === 'walk')
      ? await newestMatches(db, tenantId, scope, input.filters, input.status, input.after, input.limit + 1, LIST_WALK_WINDOW, LISTED_COLUMNS)
      : await listOrdersQuery(db, tenantId, scope, input, plan).execute()
  ) as Array<Awaited<ReturnType<ReturnType<typeof listOrdersQuery>['execute']>>[number]>;
  const page = pageOf(rows, input.limit, (row) => ({ key: Number(row.created_at), id: Number(row.id) }));
  // The CS names apart, by primary key: the orders' query stays the one whose plan is tested.
  const names = await memberNames(db, page.rows.flatMap((row) => (row.assigned_user_id === null ? [] : [Number(row.assigned_user_id)])));
  const [nextMessages, optedOut, flags] = await Promise.all([
    nextMessageTimes(db, tenantId, page.rows.map((row) => Number(row.id))),
    optedOutPhones(db, tenantId, page.rows.map((row) => row.customer_phone)),
    // Dismissed flags too (shown greyed): by the flags' primary key, the page's ids.
    readOrderFlags(db, tenantId, page.rows.map((row) => Number(row.id)), timeZone),
  ]);
  return {
    orders: page.rows.map((row) => {
      const assigned = row.assigned_user_id === null ? null : Number(row.assigned_user_id);
      return {
        id: Number(row.id),
        created_at: formatTimestamp(Number(row.created_at), timeZone),
        status: row.status,
        customer_name: row.customer_name,
        customer_phone: row.customer_phone,
        product: row.product_name,
        variant: row.variant,
        quantity: row.quantity,
        total: Number(row.total),
        payment_method: row.payment_method,
        courier: row.courier,
        resi: row.resi,
        assigned_to: assigned === null ? null : { id: assigned, name: names.get(assigned) ?? '' },
        follow_ups: {
          count: Number(row.follow_up_count),
          last_step: row.follow_up_last_step,
          last_automatic: Number(row.follow_up_last_automatic) === 1,
          last_at: row.follow_up_last_at === null ? null : formatTimestamp(Number(row.follow_up_last_at), timeZone),
          steps: [...stepsFor(row.status)],
        },
        next_message_at: nextMessages.has(Number(row.id)) ? formatTimestamp(nextMessages.get(Number(row.id))!, timeZone) : null,
        buyer_reply_at: row.buyer_reply_at === null ? null : formatTimestamp(Number(row.buyer_reply_at), timeZone),
        opted_out: optedOut.has(row.customer_phone),
        flags: flags.get(Number(row.id)) ?? [],
        spam: Number(row.spam) === 1,
      };
    }),
    next_cursor: page.nextCursor,
  };
}

/**
 * The page's orders' next automated message (issue 41 §3): the earliest `next_at` of their
 * messages still to go, in one query over the page's ids by the unique index messages_order_step
 * (tenant_id, order_id, step), apart from the orders' query so that its plans (a million orders)
 * pay nothing for it. The states are messaging's OPEN_STATES (messaging imports orders, so not
 * the other way round).
 */
async function nextMessageTimes(db: Db, tenantId: number, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await nextMessagesQuery(db, tenantId, orderIds).execute();
  return new Map(rows.flatMap((row) => (row.next_at === null ? [] : [[Number(row.order_id), Number(row.next_at)] as const])));
}

/** The query of nextMessageTimes, apart so that its plan can be tested. */
export function nextMessagesQuery(db: Db, tenantId: number, orderIds: number[]) {
  return db
    .selectFrom('messages')
    .select(['order_id', (eb) => eb.fn.min('next_at').as('next_at')])
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orderIds)
    .where('state', 'in', ['planned', 'waiting_quiet_hours'])
    .groupBy('order_id');
}

/**
 * Which of the page's buyers' phones asked the store for no more automated messages (issue 42):
 * one query over the page's phones by the opt-out list's primary key (tenant_id, phone). The
 * table is read here, not through messaging's opt-outs.ts (messaging imports orders).
 */
async function optedOutPhones(db: Db, tenantId: number, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await optedOutQuery(db, tenantId, [...new Set(phones)]).execute();
  return new Set(rows.map((row) => row.phone));
}

/** The query of optedOutPhones, apart so that its plan can be tested. */
export function optedOutQuery(db: Db, tenantId: number, phones: string[]) {
  return db.selectFrom('opt_outs').select('phone').where('tenant_id', '=', tenantId).where('phone', 'in', phones);
}
