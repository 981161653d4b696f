import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db.js';

// Insights' reads at a million orders (issue 45 §4; docs/insights.md "How the totals are kept"):
// - form_view_days (042) kept per dimension the views are broken down by (`product_id`,
//   `utm_source`, `utm_campaign`) and its value, instead of one row per product and UTM pair: a
//   breakdown's whole days read a row a value and day. Rebuilt from form_views (041).
// - insight_follow_ups keyed by the period first (tenant_id, unit, start, cs, kind, bucket): the
//   store's read of every CS's histograms is one range of the key. Its rows are copied.
const VIEW_DIMENSIONS = ['product_id', 'utm_source', 'utm_campaign'] as const;

export function insightKeys(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const run = (query: RawBuilder<unknown>) => query.execute(db);
    const bigint = sql.raw(dialect === 'sqlite' ? 'integer' : 'bigint');
    const withoutRowid = dialect === 'sqlite' ? sql` without rowid` : sql``;

    await run(sql`drop table form_view_days`);
    await run(sql`create table form_view_days (
      tenant_id ${bigint} not null, dimension text not null, day ${bigint} not null, value text not null, views ${bigint} not null,
      primary key (tenant_id, dimension, day, value))${withoutRowid}`);
    for (const dimension of VIEW_DIMENSIONS) {
      const value = dimension === 'product_id' ? sql`cast(product_id as text)` : sql.ref(dimension);
      await run(sql`insert into form_view_days (tenant_id, dimension, day, value, views)
        select tenant_id, ${sql.lit(dimension)}, hour / 24, ${value}, sum(views) from form_views group by tenant_id, hour / 24, ${value}`);
    }

    await run(sql`alter table insight_follow_ups rename to insight_follow_ups_042`);
    // PostgreSQL keeps the old key's index name with the renamed table: free it for the new one.
    if (dialect === 'postgres') await run(sql`alter index insight_follow_ups_pkey rename to insight_follow_ups_042_pkey`);
    await run(sql`create table insight_follow_ups (
      tenant_id ${bigint} not null, cs text not null, kind text not null, unit integer not null, start ${bigint} not null, bucket integer not null,
      orders ${bigint} not null default 0,
      primary key (tenant_id, unit, start, cs, kind, bucket))${withoutRowid}`);
    await run(sql`insert into insight_follow_ups (tenant_id, cs, kind, unit, start, bucket, orders)
      select tenant_id, cs, kind, unit, start, bucket, orders from insight_follow_ups_042`);
    await run(sql`drop table insight_follow_ups_042`);
  };
}
