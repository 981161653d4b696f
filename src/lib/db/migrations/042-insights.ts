import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';
import { remakeFeedTriggers, type FeedColumn } from './feed-triggers.js';
import { PRINTING_FEED_COLUMNS } from './038-printing.js';

// Insights (issue 45; src/insights/, docs/insights.md):
// - orders.first_closed_at, first_paid_at, first_shipped_at, first_completed_at: when the order
//   first reached closing (or later), paid (or closing by the gateway's payment), shipped and
//   completed, counting the status it started in; set by the status change's own UPDATE. Filled
//   here from each order's history (its `created` entry and status entries), and for an order
//   without history from its status now, at its creation.
// - orders.first_manual_follow_up_at, first_auto_follow_up_at: its first follow-up pressed by a
//   member, and its first automated message sent (history `follow_up`, source `system`).
// - The change feed carries them and the order's total and source (old_/new_; the triggers made anew).
// - insight_totals: an order's figures summed per store, CS ('*' the store's, else the assigned
//   member's id: a CS's own figures), dimension and value, per UTC hour (unit 1, start = epoch
//   hour) and per UTC day (unit 24, start = the day's first epoch hour), of the order's creation.
// - insight_follow_ups: per store, assigned CS ('' none), kind (manual, auto), unit and start
//   as above, and bucket of the minutes from creation to the first follow-up: a count.
// - form_view_days: form_views (041) per UTC day (epoch days), written with them by the same
//   flush: a long range reads whole days from here and only its edges' hours from form_views;
//   form_view_hours: a store's views per hour in all (the day series).
// The insights consumer starts from a backfill of the orders as they are (src/insights/).

export const INSIGHTS_FEED_COLUMNS: readonly FeedColumn[] = [
  ...PRINTING_FEED_COLUMNS,
  ['total', 'total', 'bigint'],
  ['origin', 'source', 'text'],
  ['first_closed_at', 'first_closed_at', 'bigint'],
  ['first_paid_at', 'first_paid_at', 'bigint'],
  ['first_shipped_at', 'first_shipped_at', 'bigint'],
  ['first_completed_at', 'first_completed_at', 'bigint'],
  ['first_manual_follow_up_at', 'first_manual_follow_up_at', 'bigint'],
  ['first_auto_follow_up_at', 'first_auto_follow_up_at', 'bigint'],
];
const NEW_COLUMNS = INSIGHTS_FEED_COLUMNS.slice(PRINTING_FEED_COLUMNS.length);

const FIELDS = ['orders', 'form_orders', 'closed', 'paid', 'shipped', 'completed', 'cancelled', 'returned', 'invalid', 'followed_up', 'revenue'];

export function insights(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = sql.raw(dialect === 'sqlite' ? 'integer' : 'bigint');
    const withoutRowid = dialect === 'sqlite' ? sql` without rowid` : sql``;

    for (const column of ['first_closed_at', 'first_paid_at', 'first_shipped_at', 'first_completed_at', 'first_manual_follow_up_at', 'first_auto_follow_up_at']) {
      await run(sql`alter table orders add column ${sql.id(column)} ${bigint}`);
    }
    // From the history: the first entry (created or status) into each milestone's statuses.
    const firstEntry = (statuses: string, extra = sql``) => sql`(select min(h.created_at) from order_history h
      where h.tenant_id = orders.tenant_id and h.order_id = orders.id and h.field in ('created', 'status')
      and (h.new_value in (${sql.raw(statuses)})${extra}))`;
    const reachedNow = (statuses: string) => sql`case when status in (${sql.raw(statuses)}) then created_at end`;
    const milestone = (statuses: string, extra = sql``) => sql`coalesce(${firstEntry(statuses, extra)}, ${reachedNow(statuses)})`;
    const firstFollowUp = (automatic: boolean) => sql`(select min(h.created_at) from order_history h
      where h.tenant_id = orders.tenant_id and h.order_id = orders.id and h.field = 'follow_up' and ${automatic ? sql`h.source = 'system'` : sql`h.source <> 'system'`})`;
    await run(sql`update orders set
      first_closed_at = ${milestone("'closing', 'paid', 'shipped', 'completed'")},
      first_paid_at = ${milestone("'paid', 'shipped', 'completed'", sql` or (h.new_value = 'closing' and h.source = 'payment')`)},
      first_shipped_at = ${milestone("'shipped', 'completed'")},
      first_completed_at = ${milestone("'completed'")}
      where status <> 'pending' or exists (select 1 from order_history h where h.tenant_id = orders.tenant_id and h.order_id = orders.id and h.field = 'status')`);
    await run(sql`update orders set first_manual_follow_up_at = ${firstFollowUp(false)}, first_auto_follow_up_at = ${firstFollowUp(true)} where follow_up_count > 0`);

    for (const [name, , type] of NEW_COLUMNS) {
      const columnType = type === 'bigint' ? bigint : sql.raw(type);
      await run(sql`alter table order_feed add column ${sql.id(`old_${name}`)} ${columnType}`);
      await run(sql`alter table order_feed add column ${sql.id(`new_${name}`)} ${columnType}`);
    }
    await remakeFeedTriggers(db, dialect, INSIGHTS_FEED_COLUMNS);

    const fields = sql.raw(FIELDS.map((f) => `${f} ${dialect === 'sqlite' ? 'integer' : 'bigint'} not null default 0`).join(', '));
    await run(sql`create table insight_totals (
      tenant_id ${bigint} not null, cs text not null, dimension text not null, unit integer not null, start ${bigint} not null, value text not null,
      ${fields},
      primary key (tenant_id, cs, dimension, unit, start, value))${withoutRowid}`);
    await run(sql`create table insight_follow_ups (
      tenant_id ${bigint} not null, cs text not null, kind text not null, unit integer not null, start ${bigint} not null, bucket integer not null,
      orders ${bigint} not null default 0,
      primary key (tenant_id, cs, kind, unit, start, bucket))${withoutRowid}`);
    await run(sql`create table form_view_days (
      tenant_id ${bigint} not null, day ${bigint} not null, product_id ${bigint} not null, utm_source text not null, utm_campaign text not null,
      views ${bigint} not null,
      primary key (tenant_id, day, product_id, utm_source, utm_campaign))${withoutRowid}`);
    await run(sql`create table form_view_hours (tenant_id ${bigint} not null, hour ${bigint} not null, views ${bigint} not null, primary key (tenant_id, hour))${withoutRowid}`);
    await run(sql`insert into form_view_hours (tenant_id, hour, views) select tenant_id, hour, sum(views) from form_views group by tenant_id, hour`);
    await run(sql`insert into form_view_days (tenant_id, day, product_id, utm_source, utm_campaign, views)
      select tenant_id, hour / 24, product_id, utm_source, utm_campaign, sum(views) from form_views group by tenant_id, hour / 24, product_id, utm_source, utm_campaign`);
  };
}
