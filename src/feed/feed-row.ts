// A row of the change feed (migration 026; docs/feed.md) as the consumers read it: one change of
// one order, with the values before and after of what anything derives from. No buyer data.
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

/** An order's columns on each side of a feed row (`old_` and `new_` before each): sideOf reads them. */
const SIDE_COLUMNS = ['status', 'created_at', 'product_id', 'assigned_user_id', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign', 'follow_up_count', 'spam', 'flags', 'label_printed'] as const;
/** The columns feedRowOf reads (SQLite's position is the id alone). */
export const FEED_COLUMNS = ['id', 'tenant_id', 'order_id', 'at', 'source', ...SIDE_COLUMNS.flatMap((c) => [`old_${c}`, `new_${c}`] as const)] as const;

type Stored = Pick<OrderFeedTable, Exclude<keyof OrderFeedTable, 'txid' | 'id'>> & { txid?: number | string; id: number | string };

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function sideOf(row: Stored, prefix: 'old' | 'new'): OrderSide | null {
  const status = row[`${prefix}_status`];
  if (status === null) return null;
  return {
    status,
    createdAt: Number(row[`${prefix}_created_at`]),
    productId: Number(row[`${prefix}_product_id`]),
    assignedUserId: num(row[`${prefix}_assigned_user_id`]),
    paymentMethod: row[`${prefix}_payment_method`] ?? '',
    courier: row[`${prefix}_courier`] ?? '',
    province: row[`${prefix}_province`] ?? '',
    utmSource: row[`${prefix}_utm_source`],
    utmCampaign: row[`${prefix}_utm_campaign`],
    followUpCount: Number(row[`${prefix}_follow_up_count`] ?? 0),
    spam: Number(row[`${prefix}_spam`] ?? 0) === 1,
    flags: row[`${prefix}_flags`] ?? '',
    labelPrinted: Number(row[`${prefix}_label_printed`] ?? 0) === 1,
  };
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
