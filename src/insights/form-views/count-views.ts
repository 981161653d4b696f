// Form views (issue 45 §3; docs/insights.md "Form views"): counted in this process's memory per
// store, UTC hour, product and UTM values, and added to form_views in one upsert every few
// seconds (FORM_VIEWS_FLUSH_SECONDS) and when the server closes. A view writes nothing on its
// own; a crash loses what was counted since the last flush. Each process adds its own counts to
// the rows, so several processes (`serve --workers N`, several hosts) add up.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db, Tx } from '../../lib/db/db.js';
import type { Database } from '../../lib/db/schema.js';

const HOUR_MS = 3_600_000;

/** UTC epoch hours, the hour column of form_views. */
export const epochHour = (ms: number): number => Math.floor(ms / HOUR_MS);

export interface ViewRow {
  tenant_id: number;
  hour: number;
  product_id: number;
  utm_source: string;
  utm_campaign: string;
  views: number;
}

/** Rows an upsert writes: 6 values a row, under SQLite's 32,766 variables and PostgreSQL's 65,535. */
export const ROWS_A_STATEMENT = 5_000;

/** The columns of form_views that views are broken down by: form_view_days' dimensions. */
export const VIEW_DIMENSIONS = ['product_id', 'utm_source', 'utm_campaign'] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];

interface DayViewRow {
  tenant_id: number;
  dimension: ViewDimension;
  day: number;
  value: string;
  views: number;
}

/**
 * Adds the rows' views to form_views, to the store's hour in form_view_hours and to their UTC
 * day's row of each dimension's value in form_view_days (a row that is not there yet is made),
 * one statement per ROWS_A_STATEMENT rows of each, in the caller's transaction (the three tables
 * always agree).
 */
export async function addViews(tx: Tx, rows: readonly ViewRow[]): Promise<void> {
  const days = new Map<string, DayViewRow>();
  const hours = new Map<string, { tenant_id: number; hour: number; views: number }>();
  for (const row of rows) {
    const total = hours.get(`${row.tenant_id}:${row.hour}`);
    if (total) total.views += row.views;
    else hours.set(`${row.tenant_id}:${row.hour}`, { tenant_id: row.tenant_id, hour: row.hour, views: row.views });
    const day = Math.floor(row.hour / 24);
    for (const dimension of VIEW_DIMENSIONS) {
      const value = String(row[dimension]);
      const key = `${row.tenant_id}:${dimension}:${day}:${value}`;
      const held = days.get(key);
      if (held) held.views += row.views;
      else days.set(key, { tenant_id: row.tenant_id, dimension, day, value, views: row.views });
    }
  }
  await addTo(tx, 'form_views', ['tenant_id', 'hour', 'product_id', 'utm_source', 'utm_campaign'], rows);
  await addTo(tx, 'form_view_hours', ['tenant_id', 'hour'], [...hours.values()]);
  await addTo(tx, 'form_view_days', ['tenant_id', 'dimension', 'day', 'value'], [...days.values()]);
}

type ViewTable = 'form_views' | 'form_view_hours' | 'form_view_days';

/** Adds the rows' views to `table`'s rows of the same key, one upsert per ROWS_A_STATEMENT rows. */
async function addTo<T extends ViewTable>(tx: Tx, table: T, key: ReadonlyArray<keyof Database[T] & string>, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_A_STATEMENT) {
    await (tx as Kysely<Database>)
      .insertInto(table as ViewTable)
      .values(rows.slice(from, from + ROWS_A_STATEMENT) as never)
      .onConflict((oc) => oc.columns(key as never).doUpdateSet({ views: sql`${sql.ref(`${table}.views`)} + excluded.views` } as never))
      .execute();
  }
}

export interface ViewCounter {
  /** One view of a product's form at `at` (epoch ms), with the visit's UTM values ('' for none). false: not counted (the counter is full while a flush is under way). */
  count(tenantId: number, productId: number, at: number, utmSource: string, utmCampaign: string): boolean;
  /** Writes what was counted since the last flush; on failure the counts are kept for the next one. Resolves with the rows written. */
  flush(): Promise<number>;
  /** Flushes every `flushMs` from now on. */
  start(): void;
  /** Stops the timer and flushes what is left (the server's close). */
  close(): Promise<void>;
}

export interface ViewCounterOptions {
  flushMs: number;
  /** Says that a flush failed or that views were not counted; never throws. */
  warn: (message: string, detail: Record<string, unknown>) => void;
}

// Distinct keys held at most: one statement's worth. When full, a flush starts at once and the
// keys that come meanwhile wait for it; only when the database cannot keep up are views dropped.
const MAX_KEYS = ROWS_A_STATEMENT;

export function createViewCounter(db: Db, options: ViewCounterOptions): ViewCounter {
  let counts = new Map<string, ViewRow>();
  let flushing: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let dropped = 0;

  // U+0000 joins the key's parts: no UTM value holds it (the beacon refuses it).
  const keyOf = (row: Omit<ViewRow, 'views'>) => `${row.tenant_id}\u0000${row.hour}\u0000${row.product_id}\u0000${row.utm_source}\u0000${row.utm_campaign}`;

  function add(row: ViewRow): boolean {
    const key = keyOf(row);
    const held = counts.get(key);
    if (held) {
      held.views += row.views;
      return true;
    }
    if (counts.size >= MAX_KEYS) return false;
    counts.set(key, { ...row });
    return true;
  }

  async function write(rows: ViewRow[]): Promise<number> {
    try {
      await db.transaction().execute((tx) => addViews(tx, rows));
      return rows.length;
    } catch (error) {
      // Kept for the next flush, as far as there is room (the views of a long outage are lost).
      const kept = rows.filter(add).length;
      options.warn('form views not written; kept for the next flush', { rows: rows.length, kept, err: { message: (error as Error).message } });
      return 0;
    }
  }

  function flush(): Promise<number> {
    // One flush at a time: a caller during one waits for it, then writes what came since.
    if (flushing) return flushing.then(flush);
    const rows = [...counts.values()];
    if (rows.length === 0) return Promise.resolve(0);
    // Taken at once, so that the views that come while it is written fill a new map.
    counts = new Map();
    const running = write(rows).finally(() => {
      flushing = null;
      if (dropped > 0) options.warn('form views not counted: the counter was full while a flush was under way', { dropped });
      dropped = 0;
    });
    flushing = running;
    return running;
  }

  return {
    count(tenantId, productId, at, utmSource, utmCampaign) {
      const row = { tenant_id: tenantId, hour: epochHour(at), product_id: productId, utm_source: utmSource, utm_campaign: utmCampaign, views: 1 };
      if (add(row)) return true;
      // Full: a flush takes the map at once and this view fits in the new one.
      if (!flushing) void flush();
      if (add(row)) return true;
      dropped += 1;
      return false;
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.flushMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
