// The feed consumers' folds at their floor, for the floor server's second PATCH line
// (bench/floor-server.ts with FOLDS=1): what the counts and insights consumers do with each
// change (src/counts/fold-counts.ts, src/insights/fold-insights.ts), with none of the runner,
// Kysely or Lapak's transactions around it. A batch of up to 500 feed rows (the consumers'
// batch: a transaction each, so that SQLite's one writer is never held long) after the
// consumers' position is read once, summed by the consumers' own delta classes (the least
// JavaScript that knows which rows a change moves), added with the same statement each row as
// the consumers' (src/lib/db/upsert-adding.ts), and both consumers' positions moved, in the
// caller's transaction. The live list's and the planner's rounds read only where the feed ends, and the
// webhook fan-out is not a fold: the floor leaves them out.
// On PostgreSQL (pgFloorFold, the PostgreSQL floor server with FOLDS=1) the same, in a transaction
// of its own a batch: the settled rows (read-feed.ts) read once in (txid, id) order, the sums
// added by the consumers' statement of a chunk (one a table), both positions moved.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { COUNTS_BATCH, COUNTS_CONSUMER, CountDeltas, countRows, DAY_COUNTERS, PAIR_COUNTERS } from '../src/counts/fold-counts.js';
import { FEED_COLUMNS, feedRowOf, type FeedRow } from '../src/feed/feed-row.js';
import { INSIGHT_FOLLOW_UPS, INSIGHT_TOTALS, INSIGHTS_CONSUMER, InsightDeltas } from '../src/insights/fold-insights.js';
import { postgresAddingStatement, sqliteAddingStatement, type AddingTable } from '../src/lib/db/upsert-adding.js';

type Row = ReadonlyArray<string | number>;

/** The tables the two consumers add to, in the order of sums(). */
const ADDING_TABLES = [DAY_COUNTERS, PAIR_COUNTERS, INSIGHT_TOTALS, INSIGHT_FOLLOW_UPS];

/** A batch summed by the consumers' delta classes: the rows to add to each of ADDING_TABLES. */
function sums(rows: readonly FeedRow[]): Row[][] {
  const counts = new CountDeltas();
  const insights = new InsightDeltas();
  for (const row of rows) {
    counts.addChange(row);
    insights.addChange(row);
  }
  const counted = countRows(counts);
  return [counted.days, counted.pairs, insights.totalRows(), insights.followUpRows()];
}

/** The folds on `db`, from where the counts and insights consumers stand. */
export function floorFold(db: SQLite.Database): { foldBatch(now: number): number } {
  const read = db.prepare(`select ${FEED_COLUMNS.join(', ')} from order_feed where id > ? order by id limit ${COUNTS_BATCH}`);
  const adding = ADDING_TABLES.map((spec: AddingTable) => db.prepare(sqliteAddingStatement(spec)));
  const move = db.prepare('update feed_consumers set txid = 0, position = ?, snapshot = null, seen_at = ? where name = ?');
  // From the consumer further behind (after the route's run, either may have left a tail).
  let position = db.prepare('select min(position) from feed_consumers where name in (?, ?)').pluck().get(COUNTS_CONSUMER, INSIGHTS_CONSUMER) as number;
  const add = (statement: SQLite.Statement, rows: readonly Row[]) => {
    for (const row of rows) statement.run(row);
  };
  return {
    /** Folds the next batch (up to COUNTS_BATCH rows, as each consumer's round); returns the rows folded. */
    foldBatch(now: number): number {
      const rows = (read.all(position) as Array<Parameters<typeof feedRowOf>[0]>).map(feedRowOf);
      if (rows.length === 0) return 0;
      sums(rows).forEach((tableRows, i) => add(adding[i]!, tableRows));
      position = rows[rows.length - 1]!.position.id;
      for (const name of [COUNTS_CONSUMER, INSIGHTS_CONSUMER]) move.run(position, now, name);
      return rows.length;
    },
  };
}

/** PostgreSQL: the folds on `pool`, from where the counts and insights consumers stand. */
export function pgFloorFold(pool: pg.Pool): { foldBatch(now: number): Promise<number> } {
  const read = `select txid, ${FEED_COLUMNS.join(', ')} from order_feed
    where (txid, id) > ($1, $2) and txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint order by txid, id limit ${COUNTS_BATCH}`;
  const adding = ADDING_TABLES.map((spec, i) => ({ name: `floor_adding_${i}`, text: postgresAddingStatement(spec) }));
  const consumers = [COUNTS_CONSUMER, INSIGHTS_CONSUMER];
  const move = 'update feed_consumers set txid = $1, position = $2, snapshot = null, seen_at = $3 where name in ($4, $5)';
  let position: { txid: number; id: number } | null = null;
  return {
    async foldBatch(now) {
      const client = await pool.connect();
      try {
        // From the consumer further behind (after the route's run, either may have left a tail).
        position ??= (
          await client.query<{ txid: number; id: number }>('select txid, position as id from feed_consumers where name in ($1, $2) order by txid, position limit 1', consumers)
        ).rows[0]!;
        await client.query('begin');
        const rows = (await client.query({ name: 'floor_feed', text: read, values: [position.txid, position.id] })).rows.map(feedRowOf);
        if (rows.length > 0) {
          const tables = sums(rows);
          for (let i = 0; i < tables.length; i++) if (tables[i]!.length > 0) await client.query({ ...adding[i]!, values: [JSON.stringify(tables[i])] });
          position = rows[rows.length - 1]!.position;
          await client.query({ name: 'floor_move', text: move, values: [position.txid, position.id, now, ...consumers] });
        }
        await client.query('commit');
        return rows.length;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
