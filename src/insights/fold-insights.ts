// The insights consumer of the change feed (docs/insights.md, "How the totals are kept"): folds
// each batch of changes into insight_totals and insight_follow_ups. A change takes its order's
// figures (figures.ts) out of the rows of its old values and puts them into those of its new
// ones, per hour and UTC day of its creation (a CS's own rows per UTC day only); a batch's many
// changes to one row are summed first and written once, in key order. Most changes (a status move between statuses that
// change no figure, a note) write nothing.
import type { FeedConsumer } from '../feed/consumer.js';
import { forEachOrderChunk, type FeedRow, type OrderSide } from '../feed/feed-row.js';
import type { Tx } from '../lib/db/db.js';
import { upsertAdding, type AddingTable } from '../lib/db/upsert-adding.js';
import {
  CS_DIMENSIONS, figuresOf, FOLLOW_UP_KINDS, followUpBucketOf, INSIGHT_DIMENSIONS, INSIGHT_FIELDS, insightValue, periodStart, STORE_ROWS, UNITS,
} from './figures.js';

export const INSIGHTS_CONSUMER = 'insights';

type Key = [tenantId: number, cs: string, dimension: string, unit: number, start: number, value: string];
type FollowUpKey = [tenantId: number, unit: number, start: number, cs: string, kind: string, bucket: number];

const textKey = (key: ReadonlyArray<string | number>) => key.join('\u0000');

function compareKeys(a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Whether two sides of a change fall in the same rows (same creation, same breakdown values, neither spam). */
const sameRows = (a: OrderSide, b: OrderSide) =>
  !a.spam && !b.spam && a.createdAt === b.createdAt && a.productId === b.productId && a.assignedUserId === b.assignedUserId && a.utmSource === b.utmSource &&
  a.utmCampaign === b.utmCampaign && a.paymentMethod === b.paymentMethod && a.courier === b.courier && a.province === b.province;

/** The changes to the totals and histograms of many orders, summed per row. */
export class InsightDeltas {
  private readonly totals = new Map<string, { key: Key; amounts: number[] }>();
  private readonly followUps = new Map<string, { key: FollowUpKey; orders: number }>();

  /** Adds `amounts` to every row of the order's values. */
  private addTotals(tenantId: number, o: OrderSide, amounts: readonly number[]): void {
    const cs = o.assignedUserId === null ? null : String(o.assignedUserId);
    const day = periodStart(o.createdAt, 24);
    const hour = periodStart(o.createdAt, 1);
    for (const dimension of INSIGHT_DIMENSIONS) {
      const value = insightValue(o, dimension);
      this.addRow([tenantId, STORE_ROWS, dimension, 24, day, value], amounts);
      this.addRow([tenantId, STORE_ROWS, dimension, 1, hour, value], amounts);
    }
    if (cs !== null) for (const dimension of CS_DIMENSIONS) this.addRow([tenantId, cs, dimension, 24, day, insightValue(o, dimension)], amounts);
  }

  private addRow(key: Key, amounts: readonly number[]): void {
    const text = textKey(key);
    const row = this.totals.get(text);
    if (row) for (let i = 0; i < amounts.length; i++) row.amounts[i]! += amounts[i]!;
    else this.totals.set(text, { key, amounts: [...amounts] });
  }

  private addFollowUps(tenantId: number, o: OrderSide, n: number): void {
    if (o.spam) return;
    const cs = o.assignedUserId === null ? '' : String(o.assignedUserId);
    for (const kind of FOLLOW_UP_KINDS) {
      const bucket = followUpBucketOf(o, kind);
      if (bucket === null) continue;
      for (const unit of UNITS) {
        const key: FollowUpKey = [tenantId, unit, periodStart(o.createdAt, unit), cs, kind, bucket];
        const text = textKey(key);
        const row = this.followUps.get(text);
        if (row) row.orders += n;
        else this.followUps.set(text, { key, orders: n });
      }
    }
  }

  /** Adds `n` (1 or -1) of the order to everything it counts in. */
  add(tenantId: number, o: OrderSide, n: number): void {
    const figures = figuresOf(o);
    if (figures) this.addTotals(tenantId, o, n === 1 ? figures : figures.map((f) => -f));
    this.addFollowUps(tenantId, o, n);
  }

  /** A change of one order: out of its old values' rows, into its new ones'. */
  addChange(row: FeedRow): void {
    const { old, new: now } = row;
    if (old && now && sameRows(old, now)) {
      const before = figuresOf(old)!;
      const after = figuresOf(now)!;
      const diff = after.map((f, i) => f - before[i]!);
      if (diff.some((d) => d !== 0)) this.addTotals(row.tenantId, now, diff);
      if (old.firstManualFollowUpAt !== now.firstManualFollowUpAt || old.firstAutoFollowUpAt !== now.firstAutoFollowUpAt) {
        this.addFollowUps(row.tenantId, old, -1);
        this.addFollowUps(row.tenantId, now, 1);
      }
      return;
    }
    if (old) this.add(row.tenantId, old, -1);
    if (now) this.add(row.tenantId, now, 1);
  }

  /** The rows to write (none all 0), in key order: each key's values, then its amounts. */
  totalRows(): Array<Array<string | number>> {
    return [...this.totals.values()]
      .filter((r) => r.amounts.some((a) => a !== 0))
      .sort((a, b) => compareKeys(a.key, b.key))
      .map((r) => [...r.key, ...r.amounts]);
  }

  followUpRows(): Array<Array<string | number>> {
    return [...this.followUps.values()]
      .filter((r) => r.orders !== 0)
      .sort((a, b) => compareKeys(a.key, b.key))
      .map((r) => [...r.key, r.orders]);
  }
}

/** The tables the insights consumer adds to. */
export const INSIGHT_TOTALS: AddingTable = {
  table: 'insight_totals',
  key: [['tenant_id', 'bigint'], ['cs', 'text'], ['dimension', 'text'], ['unit', 'bigint'], ['start', 'bigint'], ['value', 'text']],
  amounts: INSIGHT_FIELDS,
};
export const INSIGHT_FOLLOW_UPS: AddingTable = {
  table: 'insight_follow_ups',
  key: [['tenant_id', 'bigint'], ['unit', 'bigint'], ['start', 'bigint'], ['cs', 'text'], ['kind', 'text'], ['bucket', 'bigint']],
  amounts: ['orders'],
};
const upsertTotals = upsertAdding(INSIGHT_TOTALS);
const upsertFollowUps = upsertAdding(INSIGHT_FOLLOW_UPS);

/** Writes the summed changes, in the caller's transaction. */
export async function writeInsightDeltas(tx: Tx, deltas: InsightDeltas): Promise<void> {
  await upsertTotals(tx, deltas.totalRows());
  await upsertFollowUps(tx, deltas.followUpRows());
}

/** Every total and histogram from the orders as they are (the consumer's first run), replacing what was there. */
async function recount(tx: Tx): Promise<void> {
  await tx.deleteFrom('insight_totals').execute();
  await tx.deleteFrom('insight_follow_ups').execute();
  await forEachOrderChunk(tx, async (orders) => {
    const deltas = new InsightDeltas();
    for (const o of orders) deltas.add(o.tenantId, o.side, 1);
    await writeInsightDeltas(tx, deltas);
  });
}

export const insightsConsumer: FeedConsumer = {
  name: INSIGHTS_CONSUMER,
  batch: 500,
  pollMs: 500,
  async fold(tx, rows) {
    const deltas = new InsightDeltas();
    for (const row of rows) deltas.addChange(row);
    await writeInsightDeltas(tx, deltas);
  },
  backfill: recount,
};
