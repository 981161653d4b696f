// A row of the change feed (migration 026; docs/feed.md) as the consumers read it: one change of
// one order, with the values before and after of what anything derives from. No buyer data.
import type { Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { OrderFeedTable } from '../lib/db/schema.js';

/** An order's values that the feed carries, on one side of a change. */
export interface OrderSide {
  status: string;
  createdAt: number;
  productId: number;
  assignedUserId: number | null;
  paymentMethod: string;
  courier: string;
  province: string;
  utmSource: string | null;
  utmCampaign: string | null;
  followUpCount: number;
  /** The dashboard's spam mark (migration 037): the counters count a spam order under `spam`, not its status. */
  spam: boolean;
  /** The flags not dismissed yet, sorted, comma-joined ('' none; src/orders/risk/flags.ts). */
  flags: string;
  /** A label of the order was printed (migration 038; src/orders/printing/). */
  labelPrinted: boolean;
  /** Migration 042, for insights (src/insights/): the order's total and source (where it was placed). */
  total: number;
  origin: string | null;
  /** Its milestones (src/orders/core/milestones.ts) and first follow-ups, epoch ms or null. */
  firstClosedAt: number | null;
  firstPaidAt: number | null;
  firstShippedAt: number | null;
  firstCompletedAt: number | null;
  firstManualFollowUpAt: number | null;
  firstAutoFollowUpAt: number | null;
}

/**
 * A place in the feed: SQLite orders by `id` alone (one writer: ids commit in order, `txid` is
 * 0); PostgreSQL by (txid, id), the writing transaction's id first (read-feed.ts).
 */
export interface FeedPosition {
  txid: number;
  id: number;
}

export const FEED_START: FeedPosition = { txid: 0, id: 0 };

export interface FeedRow {
  position: FeedPosition;
  tenantId: number;
  orderId: number;
  /** When the change was written (epoch ms, the database's clock). */
  at: number;
  /** Where a creation or a status change came from (src/events/sources.ts, or the order's source); null for other changes. */
  source: string | null;
  /** Null for a new order. */
  old: OrderSide | null;
  /** Null for a deleted order. */
  new: OrderSide | null;
}

/** The position as an opaque text (the live list's event ids): `txid-id`. */
export const positionText = (p: FeedPosition): string => `${p.txid}-${p.id}`;

const POSITION = /^(\d{1,16})-(\d{1,16})$/;

/** A position written by positionText, or null for any other text. */
export function parsePosition(text: string): FeedPosition | null {
  const match = POSITION.exec(text.trim());
  if (!match) return null;
  const position = { txid: Number(match[1]), id: Number(match[2]) };
  return Number.isSafeInteger(position.txid) && Number.isSafeInteger(position.id) ? position : null;
}

export const comparePositions = (a: FeedPosition, b: FeedPosition): number => a.txid - b.txid || a.id - b.id;

/** An order's values on each side of a feed row: [name in the feed (`old_` and `new_` before it), column of orders]. */
const SIDES = [
  ['status', 'status'], ['created_at', 'created_at'], ['product_id', 'product_id'], ['assigned_user_id', 'assigned_user_id'], ['payment_method', 'payment_method'],
  ['courier', 'courier'], ['province', 'customer_province'], ['utm_source', 'utm_source'], ['utm_campaign', 'utm_campaign'], ['follow_up_count', 'follow_up_count'],
  ['spam', 'spam'], ['flags', 'flags'], ['label_printed', 'label_printed'], ['total', 'total'], ['origin', 'source'], ['first_closed_at', 'first_closed_at'],
  ['first_paid_at', 'first_paid_at'], ['first_shipped_at', 'first_shipped_at'], ['first_completed_at', 'first_completed_at'],
  ['first_manual_follow_up_at', 'first_manual_follow_up_at'], ['first_auto_follow_up_at', 'first_auto_follow_up_at'],
] as const;
type SideName = (typeof SIDES)[number][0];

/** The columns feedRowOf reads (SQLite's position is the id alone). */
export const FEED_COLUMNS = ['id', 'tenant_id', 'order_id', 'at', 'source', ...SIDES.flatMap(([name]) => [`old_${name}`, `new_${name}`] as const)] as const;
/** The columns of orders that orderSideOf reads. */
export const ORDER_SIDE_COLUMNS = SIDES.map(([, column]) => column);

type Stored = Pick<OrderFeedTable, Exclude<keyof OrderFeedTable, 'txid' | 'id'>> & { txid?: number | string; id: number | string };
type Value = number | string | null;

const num = (v: Value): number | null => (v === null || v === undefined ? null : Number(v));

/** A side from its values by feed name. */
function sideFrom(get: (name: SideName) => Value): OrderSide {
  return {
    status: String(get('status')),
    createdAt: Number(get('created_at')),
    productId: Number(get('product_id')),
    assignedUserId: num(get('assigned_user_id')),
    paymentMethod: (get('payment_method') as string | null) ?? '',
    courier: (get('courier') as string | null) ?? '',
    province: (get('province') as string | null) ?? '',
    utmSource: get('utm_source') as string | null,
    utmCampaign: get('utm_campaign') as string | null,
    followUpCount: Number(get('follow_up_count') ?? 0),
    spam: Number(get('spam') ?? 0) === 1,
    flags: (get('flags') as string | null) ?? '',
    labelPrinted: Number(get('label_printed') ?? 0) === 1,
    total: Number(get('total') ?? 0),
    origin: (get('origin') as string | null) ?? null,
    firstClosedAt: num(get('first_closed_at')),
    firstPaidAt: num(get('first_paid_at')),
    firstShippedAt: num(get('first_shipped_at')),
    firstCompletedAt: num(get('first_completed_at')),
    firstManualFollowUpAt: num(get('first_manual_follow_up_at')),
    firstAutoFollowUpAt: num(get('first_auto_follow_up_at')),
  };
}

function sideOf(row: Stored, prefix: 'old' | 'new'): OrderSide | null {
  if (row[`${prefix}_status`] === null) return null;
  return sideFrom((name) => row[`${prefix}_${name}`]);
}

const COLUMN_OF = new Map<SideName, string>(SIDES);

/** An order row's values as the feed carries them (the consumers' backfills): its ORDER_SIDE_COLUMNS. */
export function orderSideOf(order: Record<string, unknown>): OrderSide {
  return sideFrom((name) => order[COLUMN_OF.get(name)!] as Value);
}

export function feedRowOf(row: Stored): FeedRow {
  return {
    position: { txid: Number(row.txid ?? 0), id: Number(row.id) },
    tenantId: Number(row.tenant_id),
    orderId: Number(row.order_id),
    at: Number(row.at),
    source: row.source,
    old: sideOf(row, 'old'),
    new: sideOf(row, 'new'),
  };
}

const BACKFILL_CHUNK = 5_000;

/**
 * Every order of every store as a feed side (a consumer's backfill), BACKFILL_CHUNK orders at a
 * time in id order: `each` is given a chunk's orders and may write what they make before the next.
 */
export async function forEachOrderChunk(tx: Tx, each: (orders: Array<{ tenantId: number; side: OrderSide }>) => Promise<void> | void): Promise<void> {
  let after = 0;
  for (;;) {
    const orders = await tx.selectFrom('orders').select(['id', 'tenant_id', ...ORDER_SIDE_COLUMNS]).where('id', '>', after).orderBy('id').limit(fixedLimit(BACKFILL_CHUNK)).execute();
    await each(orders.map((o) => ({ tenantId: Number(o.tenant_id), side: orderSideOf(o) })));
    if (orders.length < BACKFILL_CHUNK) return;
    after = Number(orders[orders.length - 1]!.id);
  }
}
