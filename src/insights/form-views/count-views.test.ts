// The counter of form views on its own, over a stand-in for the database: a failed flush keeps
// its counts for the next one; one flush at a time; a full counter flushes at once and drops
// only what comes while that flush runs; close flushes the rest.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/db.js';
import { createViewCounter, ROWS_A_STATEMENT, type ViewRow } from './count-views.js';

/** Records each upsert's rows of form_views (form_view_days' and form_view_hours' apart); `failing` makes the next ones throw; `hold` keeps them waiting until released. */
function standIn() {
  const written: ViewRow[][] = [];
  const days: unknown[][] = [];
  const hours: unknown[][] = [];
  const state = { failing: false, held: null as null | (() => void) };
  let gate: Promise<void> | null = null;
  const db = {
    transaction: () => ({ execute: (work: (tx: unknown) => Promise<unknown>) => work(db) }),
    insertInto: (table: string) => ({
      values: (rows: ViewRow[]) => ({
        onConflict: () => ({
          execute: async () => {
            if (gate) await gate;
            if (state.failing) throw new Error('database down');
            if (table !== 'form_view_hours') (table === 'form_views' ? written : days).push(rows.map((r) => ({ ...r })));
            else hours.push(rows.map((r) => ({ ...r })));
          },
        }),
      }),
    }),
  } as unknown as Db;
  const hold = () => {
    gate = new Promise((resolve) => (state.held = () => { gate = null; resolve(); }));
  };
  return { db, written, days, hours, state, hold };
}

const HOUR = 3_600_000;
const T = Date.UTC(2026, 0, 15, 3, 20);

describe('createViewCounter', () => {
  it('adds up views of one key, writes one row per key, and nothing when there is nothing', async () => {
    const s = standIn();
    const counter = createViewCounter(s.db, { flushMs: 60_000, warn: () => undefined });
    counter.count(1, 10, T, 'facebook', 'a');
    counter.count(1, 10, T + 30 * 60_000, 'facebook', 'a');
    counter.count(1, 10, T + HOUR, 'facebook', 'a');
    counter.count(2, 10, T, 'facebook', 'a');
    expect(await counter.flush()).toBe(3);
    expect(s.written).toEqual([[
      { tenant_id: 1, hour: Math.floor(T / HOUR), product_id: 10, utm_source: 'facebook', utm_campaign: 'a', views: 2 },
      { tenant_id: 1, hour: Math.floor(T / HOUR) + 1, product_id: 10, utm_source: 'facebook', utm_campaign: 'a', views: 1 },
      { tenant_id: 2, hour: Math.floor(T / HOUR), product_id: 10, utm_source: 'facebook', utm_campaign: 'a', views: 1 },
    ]]);
    // The same views per UTC day and value of each dimension, in the same transaction: 03:20 and 04:20 share a day.
    const day = Math.floor(T / HOUR / 24);
    expect(s.days).toEqual([[
      { tenant_id: 1, dimension: 'product_id', day, value: '10', views: 3 },
      { tenant_id: 1, dimension: 'utm_source', day, value: 'facebook', views: 3 },
      { tenant_id: 1, dimension: 'utm_campaign', day, value: 'a', views: 3 },
      { tenant_id: 2, dimension: 'product_id', day, value: '10', views: 1 },
      { tenant_id: 2, dimension: 'utm_source', day, value: 'facebook', views: 1 },
      { tenant_id: 2, dimension: 'utm_campaign', day, value: 'a', views: 1 },
    ]]);
    // And per store and hour in all.
    const hour = Math.floor(T / HOUR);
    expect(s.hours).toEqual([[{ tenant_id: 1, hour, views: 2 }, { tenant_id: 1, hour: hour + 1, views: 1 }, { tenant_id: 2, hour, views: 1 }]]);
    expect(await counter.flush()).toBe(0);
    expect(s.written).toHaveLength(1);
  });

  it('a failed flush keeps its counts for the next one, and says so', async () => {
    const s = standIn();
    const warnings: string[] = [];
    const counter = createViewCounter(s.db, { flushMs: 60_000, warn: (message) => warnings.push(message) });
    counter.count(1, 10, T, '', '');
    s.state.failing = true;
    expect(await counter.flush()).toBe(0);
    expect(warnings).toEqual(['form views not written; kept for the next flush']);
    counter.count(1, 10, T, '', '');
    s.state.failing = false;
    expect(await counter.flush()).toBe(1);
    expect(s.written).toEqual([[expect.objectContaining({ views: 2 })]]);
  });

  it('one flush at a time: a second waits and writes what came since', async () => {
    const s = standIn();
    const counter = createViewCounter(s.db, { flushMs: 60_000, warn: () => undefined });
    counter.count(1, 10, T, 'a', '');
    s.hold();
    const first = counter.flush();
    counter.count(1, 10, T, 'a', '');
    counter.count(1, 11, T, 'a', '');
    const second = counter.flush();
    s.state.held!();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(s.written.map((rows) => rows.map((r) => [r.product_id, r.views]))).toEqual([[[10, 1]], [[10, 1], [11, 1]]]);
  });

  it('a full counter flushes at once; a new key that comes while that flush runs is dropped and said', async () => {
    const s = standIn();
    const warnings: Array<Record<string, unknown>> = [];
    const counter = createViewCounter(s.db, { flushMs: 60_000, warn: (_m, detail) => warnings.push(detail) });
    for (let i = 0; i < ROWS_A_STATEMENT; i++) expect(counter.count(1, i + 1, T, '', '')).toBe(true);
    s.hold();
    // The next key starts the flush and fits in the new map.
    expect(counter.count(1, 0, T, '', '')).toBe(true);
    for (let i = 1; i < ROWS_A_STATEMENT; i++) counter.count(2, i, T, '', '');
    // Full again while the flush runs: a new key is dropped, a held key still counts.
    expect(counter.count(3, 1, T, '', '')).toBe(false);
    expect(counter.count(1, 0, T, '', '')).toBe(true);
    s.state.held!();
    await counter.close();
    expect(s.written.map((rows) => rows.length)).toEqual([ROWS_A_STATEMENT, ROWS_A_STATEMENT]);
    expect(s.written[1]!.find((r) => r.tenant_id === 1)).toMatchObject({ product_id: 0, views: 2 });
    expect(warnings).toEqual([{ dropped: 1 }]);
  });

  it('flushes every flushMs once started, and close writes the rest', async () => {
    const s = standIn();
    const counter = createViewCounter(s.db, { flushMs: 20, warn: () => undefined });
    counter.start();
    counter.count(1, 10, T, '', '');
    await expect.poll(() => s.written.length).toBe(1);
    counter.count(1, 10, T, '', '');
    await counter.close();
    expect(s.written).toHaveLength(2);
  });
});
