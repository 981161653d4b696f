// Insights' figures of one order, defined once (docs/insights.md, "The figures"): what the
// insights consumer folds (fold-insights.ts) and what the reads sum (read-insights.ts). A spam
// order counts in none.
import type { OrderSide } from '../feed/feed-row.js';
import { valueOf, type Dimension } from '../counts/dimensions.js';
import { INSIGHT_FIELDS } from '../lib/db/schema.js';
import { isPaid } from '../orders/core/milestones.js';

export { INSIGHT_FIELDS };

/** An order's figures in INSIGHT_FIELDS' order; null for a spam order. */
export function figuresOf(o: OrderSide): number[] | null {
  if (o.spam) return null;
  const paid = isPaid(o.paymentMethod, o.firstPaidAt, o.firstCompletedAt);
  const shipped = o.firstShippedAt !== null;
  const cancelled = o.status === 'cancelled';
  return [
    1, // orders
    o.origin === 'form' ? 1 : 0, // form_orders
    o.firstClosedAt !== null ? 1 : 0, // closed
    paid ? 1 : 0, // paid
    shipped ? 1 : 0, // shipped
    o.status === 'completed' ? 1 : 0, // completed
    cancelled && !shipped ? 1 : 0, // cancelled
    cancelled && shipped ? 1 : 0, // returned
    o.status === 'invalid_no_hp' ? 1 : 0, // invalid
    o.followUpCount > 0 ? 1 : 0, // followed_up
    paid && !cancelled ? o.total : 0, // revenue
  ];
}

/** The breakdowns kept (insight_totals.dimension): the store's total ('store', value '') and one per `by` but the day. */
export const INSIGHT_DIMENSIONS = ['store', 'product_id', 'cs', 'utm_source', 'utm_campaign', 'payment_method', 'courier', 'province'] as const satisfies readonly Dimension[];
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];
/**
 * A CS's own breakdowns (their total is the store's 'cs' row of their id, their 'cs' the same
 * one), kept per UTC day only: a range's edge hours of those are counted from the CS's orders
 * created in them (read-insights.ts). The store's rows are kept per hour too.
 */
export const CS_DIMENSIONS = INSIGHT_DIMENSIONS.filter((d) => d !== 'cs' && d !== 'store');

/** insight_totals.cs of the store's own rows; a CS's rows carry the member's id. */
export const STORE_ROWS = '*';

export const insightValue = (o: OrderSide, dimension: InsightDimension): string => valueOf(o, dimension);

export const HOUR_MS = 3_600_000;
/** The periods kept: an hour (unit 1) and a UTC day (unit 24), each by the epoch hour it starts at. */
export const UNITS = [1, 24] as const;
export const periodStart = (createdAt: number, unit: number): number => {
  const hour = Math.floor(createdAt / HOUR_MS);
  return hour - (hour % unit);
};

/**
 * The buckets of minutes from an order's creation to its first follow-up: bucket i holds
 * [BOUNDS[i - 1], BOUNDS[i]) (from 0), the last one everything from 7 days on.
 */
export const FOLLOW_UP_BOUNDS = [5, 15, 30, 60, 120, 240, 480, 720, 1_440, 2_880, 4_320, 10_080] as const;
export const FOLLOW_UP_KINDS = ['manual', 'auto'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export function followUpBucket(minutes: number): number {
  let i = 0;
  while (i < FOLLOW_UP_BOUNDS.length && minutes >= FOLLOW_UP_BOUNDS[i]!) i++;
  return i;
}

/** The order's first follow-up of a kind as a bucket, or null when it had none. */
export function followUpBucketOf(o: OrderSide, kind: FollowUpKind): number | null {
  const at = kind === 'manual' ? o.firstManualFollowUpAt : o.firstAutoFollowUpAt;
  return at === null ? null : followUpBucket(Math.max(0, at - o.createdAt) / 60_000);
}

/**
 * The minutes below which a share `q` of the orders of a histogram fell (the median: 0.5),
 * linearly between a bucket's bounds; within the last, open bucket its lower bound. Null for none.
 */
export function quantileMinutes(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < histogram.length; i++) {
    const n = histogram[i]!;
    if (n > 0 && below + n >= rank) {
      const low = i === 0 ? 0 : FOLLOW_UP_BOUNDS[i - 1]!;
      if (i >= FOLLOW_UP_BOUNDS.length) return low;
      const high = FOLLOW_UP_BOUNDS[i]!;
      return Math.round((low + ((rank - below) / n) * (high - low)) * 10) / 10;
    }
    below += n;
  }
  return FOLLOW_UP_BOUNDS[FOLLOW_UP_BOUNDS.length - 1]!;
}
