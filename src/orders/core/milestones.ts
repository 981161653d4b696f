// An order's milestones (issue 45 §1, docs/insights.md): when it first reached closing, paid,
// shipped and completed, counting the status it started in. Set in the status change's own
// UPDATE of the order row (record-status-change.ts) and in its INSERT (insert-order.ts), never
// cleared: insights count an order as closed, paid or shipped once it ever was. No index.
import type { OrderTable } from '../../lib/db/schema.js';

export const MILESTONE_COLUMNS = ['first_closed_at', 'first_paid_at', 'first_shipped_at', 'first_completed_at'] as const;
export type MilestoneColumn = (typeof MILESTONE_COLUMNS)[number];
export type Milestones = Pick<OrderTable, MilestoneColumn>;

const CLOSED = new Set(['closing', 'paid', 'shipped', 'completed']);
const PAID = new Set(['paid', 'shipped', 'completed']);
const SHIPPED = new Set(['shipped', 'completed']);

/**
 * The milestones that entering `status` reaches, at `at` (null: not reached by this move).
 * `paid`: paid, shipped or completed, or closing by the gateway's payment (source `payment`);
 * a COD order's money comes on delivery, which insights read from `first_completed_at`.
 */
export function milestonesOf(status: string, source: string | null, at: number): Milestones {
  return {
    first_closed_at: CLOSED.has(status) ? at : null,
    first_paid_at: PAID.has(status) || (status === 'closing' && source === 'payment') ? at : null,
    first_shipped_at: SHIPPED.has(status) ? at : null,
    first_completed_at: status === 'completed' ? at : null,
  };
}

/** Whether an order counts as paid: COD once completed, any other method once paid. */
export const isPaid = (paymentMethod: string, firstPaidAt: number | null, firstCompletedAt: number | null): boolean =>
  (paymentMethod === 'cod' ? firstCompletedAt : firstPaidAt) !== null;
