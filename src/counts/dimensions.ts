// What the tab counters count by (docs/feed.md, "Counts"): a store's orders per UTC day of
// creation and status, in total ('store') and per value of each list filter (order_counts), and
// per status for each pair of filters over all time (order_pair_counts). The value of an order
// in a dimension is text: '' for an unassigned order or an empty UTM value; followed_up is
// 'none' for an order that never had a follow-up, 'some' after its first; flags is orders.flags
// (the flags not dismissed, '' none: src/orders/risk/flags.ts); printed is 'yes' once a label of
// the order was printed, else 'no' (src/orders/printing/). A spam order counts in the counters'
// `spam` column instead of its status's (counterColumn).
import type { OrderSide } from '../feed/feed-row.js';

export const DAY_MS = 86_400_000;

export const DIMENSIONS = ['store', 'product_id', 'cs', 'payment_method', 'courier', 'province', 'utm_source', 'utm_campaign', 'followed_up', 'flags', 'printed'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The filters paired with each other: every dimension but the store's total, the flags and printed. */
const FILTERS = DIMENSIONS.filter((d) => d !== 'store' && d !== 'flags' && d !== 'printed');

/**
 * Each pair of filters once, in DIMENSIONS' order, and the flags and printed each with the CS
 * alone (a CS's own "Perlu dicek", a CS's labels to print): a flags filter with another filter
 * counts the orders themselves, through the flagged orders' index, and printed with another
 * filter through that filter's index, so that each change folds no more counters than it must
 * (printed paired with every filter made the counts consumer's fold of a status change about a
 * third dearer: docs/benchmarks.md).
 */
export const PAIRS: ReadonlyArray<readonly [Dimension, Dimension]> = [...FILTERS.flatMap((a, i) => FILTERS.slice(i + 1).map((b) => [a, b] as const)), ['cs', 'flags'], ['cs', 'printed']];

/** The counters' column an order counts in: `spam` for a spam order, else its status. */
export const counterColumn = (order: OrderSide): string => (order.spam ? 'spam' : order.status);

export function valueOf(order: OrderSide, dimension: Dimension): string {
  switch (dimension) {
    case 'store':
      return '';
    case 'product_id':
      return String(order.productId);
    case 'cs':
      return order.assignedUserId === null ? '' : String(order.assignedUserId);
    case 'payment_method':
      return order.paymentMethod;
    case 'courier':
      return order.courier;
    case 'province':
      return order.province;
    case 'utm_source':
      return order.utmSource ?? '';
    case 'utm_campaign':
      return order.utmCampaign ?? '';
    case 'followed_up':
      return order.followUpCount === 0 ? 'none' : 'some';
    case 'flags':
      return order.flags;
    case 'printed':
      return order.labelPrinted ? 'yes' : 'no';
  }
}

export const dayOf = (createdAt: number): number => createdAt - (createdAt % DAY_MS);

/** A pair's name in order_pair_counts.dimensions, and its two values as order_pair_counts.value. */
export const pairName = (pair: readonly [Dimension, Dimension]): string => `${pair[0]}+${pair[1]}`;
export const pairValue = (a: string, b: string): string => JSON.stringify([a, b]);

/** The pair of two dimensions in PAIRS' order, or null for the same dimension twice. */
export function pairOf(a: Dimension, b: Dimension): readonly [Dimension, Dimension] | null {
  if (a === b) return null;
  return PAIRS.find((p) => (p[0] === a && p[1] === b) || (p[0] === b && p[1] === a)) ?? null;
}
